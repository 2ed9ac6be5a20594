// The report page's template, style sheet and scripts (match/report/report_page/), compiled in at
// build time by match/report/report_page/embed.cmake.
#pragma once

#include <string_view>

namespace othello {

extern const std::string_view report_page_template;  // page.html, with {{...}} placeholders
extern const std::string_view report_page_style;     // report.css
extern const std::string_view report_page_script;    // dom.js ... report.js, in one

}  // namespace othello
