// The HTML match report: one self-contained page (inline CSS, SVG charts and a game viewer drawn
// by inline JavaScript, the data embedded as JSON) that opens offline and can be mailed or kept.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "match/report/report_page_data.h"

namespace othello {

// The page for `input`. While the match is not finished the page reloads itself every few seconds.
std::string html_report_page(const ReportInput& input);

// Writes the page to `path` atomically (a browser reloading it never sees half a page). Throws
// std::runtime_error naming the path.
void write_html_report(const std::string& path, const ReportInput& input);

// Throws std::runtime_error when `path` exists and is not a report page othello-match wrote (a
// results file or someone's own page given to --html by mistake), unless `overwrite`: a report
// page replaces only a report page. Reads nothing but a regular file (a FIFO is not waited on).
void check_html_report_path(const std::string& path, bool overwrite = false);

// `json` as text safe inside <script type="application/json">: every '<' is written \u003c, so
// neither "</script" nor "<!--" can end or confuse the block.
std::string json_for_script_block(const nlohmann::json& json);

}  // namespace othello
