# Build step: turns the report page's template, style sheet and script into one C++ source file of
# string constants, so othello-match writes the page without looking for files at run time.
# Called as: cmake -DSOURCE_DIR=... -DOUTPUT=... -P embed.cmake
# The scripts share one function scope (page.html wraps them), in this order: helpers first, the
# entry point (report.js) last.
set(parts "template:page.html" "style:report.css"
          "script:dom.js,charts.js,othello.js,sections.js,viewer.js,report.js")
set(body "// Generated from match/report/report_page/ by embed.cmake: do not edit.\n")
string(APPEND body "#include \"match/report/report_page_assets.h\"\n\nnamespace othello {\n")
foreach(part IN LISTS parts)
  string(REPLACE ":" ";" pair "${part}")
  list(GET pair 0 name)
  list(GET pair 1 files)
  string(REPLACE "," ";" files "${files}")
  set(text "")
  foreach(file IN LISTS files)
    file(READ "${SOURCE_DIR}/${file}" content)
    string(FIND "${content}" ")asset\"" clash)
    if(NOT clash EQUAL -1)
      message(FATAL_ERROR "${file} contains the raw-string delimiter )asset\"")
    endif()
    string(APPEND text "${content}")
  endforeach()
  string(APPEND body "const std::string_view report_page_${name} = R\"asset(${text})asset\";\n")
endforeach()
string(APPEND body "}  // namespace othello\n")
file(WRITE "${OUTPUT}" "${body}")
