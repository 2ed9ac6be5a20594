// The HTML match report: one self-contained page (inline CSS, SVG charts and a game viewer drawn
// by inline JavaScript, the data embedded as JSON) that opens offline and can be mailed or kept.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>

#include "match/report/report_page_data.h"
#include "match/report/script_json.h"
#include "match/stats/standings.h"

namespace othello {

// The page of `data`, whose games `standings` counted (ReportPageData::write says how `ratings`
// and `finished` are read). While the match is not finished the page reloads itself every few
// seconds.
void write_html_report_page(std::ostream& out, const ReportPageData& data,
                            const Standings& standings, bool finished,
                            const nlohmann::json& ratings = nullptr);

// Writes the page to `path` atomically (a browser reloading it never sees half a page). Throws
// std::runtime_error naming the path.
void write_html_report(const std::string& path, const ReportPageData& data,
                       const Standings& standings, bool finished,
                       const nlohmann::json& ratings = nullptr);

// Throws std::runtime_error when `path` exists and is not a report page othello-match wrote (a
// results file or someone's own page given to --html by mistake), unless `overwrite`: a report
// page replaces only a report page. Reads nothing but a regular file (a FIFO is not waited on).
void check_html_report_path(const std::string& path, bool overwrite = false);

}  // namespace othello
