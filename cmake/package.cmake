# The Debian packages: `cmake --build build --target package` makes, in build/,
#   othello_VERSION_ARCH.deb      the five programs, their man pages and docs
#   othello-data_VERSION_all.deb  the book, weights, network and balanced openings (the same on
#                                 every architecture), which othello depends on at its own version
# from the install components `programs` and `data` (never part of the default build). The
# programs' library dependencies are read from the libraries they link (dpkg-shlibdeps), so they
# match the machine that built them (CPACK_DEBIAN_PROGRAMS_PACKAGE_SHLIBDEPS). othello-data, data
# files for every architecture, depends on nothing: CPack says so while it makes it
# ("CPACK_DEBIAN_PACKAGE_DEPENDS not set, the package will have no dependencies"), which is
# right for that package alone. lintian accepts both without an error or a warning
# (tests/package/CMakeLists.txt: package/lintian).
find_program(OTHELLO_DPKG dpkg)
if(NOT OTHELLO_DPKG)
  return()  # not a Debian system: install rules only, no package
endif()
execute_process(COMMAND ${OTHELLO_DPKG} --print-architecture
  OUTPUT_VARIABLE OTHELLO_DEB_ARCH OUTPUT_STRIP_TRAILING_WHITESPACE)

# The version is the project's and has no Debian revision: a native package, whose changelog is
# packaging/changelog, installed as changelog.gz. Its top entry must name this version.
file(STRINGS ${PROJECT_SOURCE_DIR}/packaging/changelog OTHELLO_CHANGELOG_TOP LIMIT_COUNT 1)
if(NOT OTHELLO_CHANGELOG_TOP MATCHES "^othello \\(${PROJECT_VERSION}\\) ")
  message(FATAL_ERROR "packaging/changelog: its first entry is '${OTHELLO_CHANGELOG_TOP}', "
    "not version ${PROJECT_VERSION} of CMakeLists.txt: add an entry for ${PROJECT_VERSION}")
endif()
set(OTHELLO_CHANGELOG_GZ ${PROJECT_BINARY_DIR}/packaging/changelog.gz)
add_custom_command(OUTPUT ${OTHELLO_CHANGELOG_GZ}
  COMMAND ${CMAKE_COMMAND} -E copy ${PROJECT_SOURCE_DIR}/packaging/changelog
          ${PROJECT_BINARY_DIR}/packaging/changelog
  COMMAND gzip -9nf ${PROJECT_BINARY_DIR}/packaging/changelog
  DEPENDS ${PROJECT_SOURCE_DIR}/packaging/changelog
  VERBATIM)
add_custom_target(othello-changelog ALL DEPENDS ${OTHELLO_CHANGELOG_GZ})
# Each package has its own copyright and changelog in its own /usr/share/doc/PACKAGE/.
foreach(component_package IN ITEMS "programs|othello" "data|othello-data")
  string(REPLACE "|" ";" component_package "${component_package}")
  list(GET component_package 0 component)
  list(GET component_package 1 package)
  install(FILES packaging/copyright ${OTHELLO_CHANGELOG_GZ}
    DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/${package} COMPONENT ${component})
endforeach()

set(CPACK_GENERATOR DEB)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL programs data)
set(CPACK_PACKAGE_NAME othello)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "Othello maintainers <maintainers@users.noreply.a-seed-6eff72e5.example>")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # NAME_VERSION_ARCH.deb
set(CPACK_DEBIAN_PACKAGE_SECTION misc)   # programs in /usr/bin, not /usr/games
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SOURCE othello)

set(CPACK_DEBIAN_PROGRAMS_PACKAGE_NAME othello)
set(CPACK_DEBIAN_PROGRAMS_PACKAGE_ARCHITECTURE ${OTHELLO_DEB_ARCH})
set(CPACK_DEBIAN_PROGRAMS_PACKAGE_SHLIBDEPS ON)  # appended to the Depends below
set(CPACK_DEBIAN_PROGRAMS_PACKAGE_DEPENDS "othello-data (= ${PROJECT_VERSION})")
# Each package's synopsis is the first line of its own description, then the long description in
# lines under 80 characters, as Debian's policy asks. CPackDeb would put the project's summary
# above both unless the summary is CPack's default, hence that default here.
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${CMAKE_PROJECT_NAME} built using CMake")
set(CPACK_DEBIAN_PROGRAMS_DESCRIPTION "${PROJECT_DESCRIPTION}
othello-engine plays Othello over GTP or NBoard (stdin/stdout or TCP)
with search-free policies: an opening book from the WTHOR expert games
followed by a trained pattern evaluation or a small network, mobility and
random. othello-match referees matches and tournaments between engine
processes, TCP engines and in-process policies, with Elo, SPRT, JSON results
and an HTML report. othello-book and othello-train build the book and fit the
weights; othello-token makes a secret for a TCP engine server's --token.")

set(CPACK_DEBIAN_DATA_PACKAGE_NAME othello-data)
set(CPACK_DEBIAN_DATA_PACKAGE_ARCHITECTURE all)
set(CPACK_DEBIAN_DATA_DESCRIPTION "opening book, weights and openings for the othello engines
The data the othello programs read by default, in /usr/share/othello: the
opening book (the first 20 plies of the WTHOR expert games, SQLite), the
pattern weights of the regression policy, the network policy's weights and
the balanced openings of 8 plies that othello-match plays from.")

# The tests install, check and remove these two files.
set(OTHELLO_DEB_PACKAGES
  "${PROJECT_BINARY_DIR}/othello_${PROJECT_VERSION}_${OTHELLO_DEB_ARCH}.deb"
  "${PROJECT_BINARY_DIR}/othello-data_${PROJECT_VERSION}_all.deb")
include(CPack)
