# Man pages of the programs, made at build time from their own --help and --version by
# help2man, so they say what the programs built with them say. Gzipped without a timestamp
# (gzip -9n) and dated from the top entry of packaging/changelog, so a rebuild gives the same
# bytes. Installed to share/man/man1/ with the programs; without help2man, none are made.
find_program(OTHELLO_HELP2MAN help2man)
find_program(OTHELLO_GZIP gzip)
if(NOT OTHELLO_HELP2MAN OR NOT OTHELLO_GZIP)
  message(STATUS "help2man or gzip not found: no man pages (scripts/setup.sh installs help2man)")
  return()
endif()

# The one-line summary (the NAME section, what `whatis` and `apropos` print) of each program.
set(OTHELLO_MAN_PAGE_NAMES
  "othello-engine|Othello engine speaking GTP or NBoard on stdin/stdout or TCP"
  "othello-match|referee Othello matches and tournaments between engines"
  "othello-book|build, import and inspect Othello opening books"
  "othello-train|fit the pattern weights of the Othello regression policy"
  "othello-token|print a random secret for othello-engine --token")

file(STRINGS ${PROJECT_SOURCE_DIR}/packaging/changelog OTHELLO_CHANGELOG_SIGNATURE
  REGEX "^ -- .*  " LIMIT_COUNT 1)
string(REGEX REPLACE "^ -- .*  " "" OTHELLO_RELEASE_DATE "${OTHELLO_CHANGELOG_SIGNATURE}")
execute_process(COMMAND date -u -d "${OTHELLO_RELEASE_DATE}" +%s
  OUTPUT_VARIABLE OTHELLO_RELEASE_EPOCH OUTPUT_STRIP_TRAILING_WHITESPACE)

set(OTHELLO_MAN_DIR ${PROJECT_BINARY_DIR}/man)
set(OTHELLO_MAN_SOURCES ${PROJECT_SOURCE_DIR}/packaging/man)
set(OTHELLO_MAN_PROGRAMS)
foreach(entry IN LISTS OTHELLO_MAN_PAGE_NAMES)
  string(REGEX REPLACE "\\|.*" "" program "${entry}")
  list(APPEND OTHELLO_MAN_PROGRAMS ${program})
endforeach()
set(OTHELLO_MAN_PAGES)
foreach(entry IN LISTS OTHELLO_MAN_PAGE_NAMES)
  string(REPLACE "|" ";" entry "${entry}")
  list(GET entry 0 program)
  list(GET entry 1 summary)
  set(page ${OTHELLO_MAN_DIR}/${program}.1)
  # What --help cannot say (EXIT STATUS, EXAMPLES, then ENVIRONMENT and FILES for all), and
  # SEE ALSO naming the others, put together here for help2man's --include.
  set(see_also "[SEE ALSO]\n")
  set(others ${OTHELLO_MAN_PROGRAMS})
  list(REMOVE_ITEM others ${program})
  list(JOIN others " (1),\n.BR " others_text)
  string(APPEND see_also ".BR ${others_text} (1)\n")
  file(READ ${OTHELLO_MAN_SOURCES}/${program}.h2m own)
  file(READ ${OTHELLO_MAN_SOURCES}/common.h2m common)
  set(include ${OTHELLO_MAN_DIR}/${program}.h2m)
  file(WRITE ${include} "${own}\n${common}\n${see_also}")
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
    ${OTHELLO_MAN_SOURCES}/${program}.h2m ${OTHELLO_MAN_SOURCES}/common.h2m)
  # Run with a fixed environment: the page must not depend on who builds it or where.
  add_custom_command(OUTPUT ${page}.gz
    COMMAND ${CMAKE_COMMAND} -E make_directory ${OTHELLO_MAN_DIR}
    COMMAND ${CMAKE_COMMAND} -E env --unset=OTHELLO_DATA_DIR
            LC_ALL=C.UTF-8 SOURCE_DATE_EPOCH=${OTHELLO_RELEASE_EPOCH}
            ${OTHELLO_HELP2MAN} --no-info --section=1 --name=${summary}
            --include=${include} --output=${page} $<TARGET_FILE:${program}>
    COMMAND sed -i -f ${OTHELLO_MAN_SOURCES}/boost-options.sed ${page}
    COMMAND ${OTHELLO_GZIP} -9nf ${page}
    DEPENDS ${program} ${include} ${OTHELLO_MAN_SOURCES}/boost-options.sed
            ${PROJECT_SOURCE_DIR}/packaging/changelog
    COMMENT "Man page ${program}(1) from ${program} --help"
    VERBATIM)
  list(APPEND OTHELLO_MAN_PAGES ${page}.gz)
endforeach()
add_custom_target(othello-man-pages ALL DEPENDS ${OTHELLO_MAN_PAGES})
install(FILES ${OTHELLO_MAN_PAGES} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 COMPONENT programs)
