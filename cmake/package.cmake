# The Debian package: `cmake --build build --target package` makes build/othello-VERSION-ARCH.deb
# from the install rules (never part of the default build). Its dependencies are read from the
# shared libraries the programs link (dpkg-shlibdeps), so they match the machine that built it.
find_program(OTHELLO_DPKG dpkg)
if(NOT OTHELLO_DPKG)
  return()  # not a Debian system: install rules only, no package
endif()
execute_process(COMMAND ${OTHELLO_DPKG} --print-architecture
  OUTPUT_VARIABLE OTHELLO_DEB_ARCH OUTPUT_STRIP_TRAILING_WHITESPACE)

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME othello)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_FILE_NAME "othello-${PROJECT_VERSION}-${OTHELLO_DEB_ARCH}")
set(CPACK_PACKAGE_CONTACT "Othello maintainers <maintainers@users.noreply.a-seed-6eff72e5.example>")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_PACKAGE_ARCHITECTURE ${OTHELLO_DEB_ARCH})
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
# The long description in lines under 80 characters, as Debian's policy asks.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "othello-engine plays Othello over GTP or NBoard (stdin/stdout or TCP)
with search-free policies: an opening book from the WTHOR expert games
followed by a trained pattern evaluation (book,regression), mobility and
random. othello-match referees matches and tournaments between engine
processes, TCP engines and in-process policies, with Elo, SPRT, JSON results
and an HTML report. othello-book and othello-train build the book and fit the
weights.")
set(OTHELLO_DEB_PACKAGE "${CMAKE_BINARY_DIR}/${CPACK_PACKAGE_FILE_NAME}.deb")  # tests unpack it
include(CPack)
