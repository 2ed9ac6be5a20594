// Report page data: everything the HTML match report shows, computed once in C++ from the game
// records (standings, Elo intervals, score and SPRT series, results by reason and by opening) plus
// the games themselves in a compact form for the page's game viewer.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "match/stats/statistics.h"

namespace othello {

struct ReportInput {
    std::vector<std::string> engines;                // names, in the match's order
    nlohmann::json games = nlohmann::json::array();  // records as in the results file, as played
    nlohmann::json settings = nlohmann::json::object();  // the match configuration, shown as is
    nlohmann::json ratings;  // the joint rating list; null: computed from the games (3+ engines)
    std::optional<SprtParameters> sprt;
    long planned_games = 0;  // 0: unknown
    bool finished = true;    // false: the page refreshes itself
};

// Reads a results file's JSON ({"summary", "games", optional "config" and "ratings"}, also as
// merged from shards). Throws std::runtime_error saying what is wrong.
ReportInput report_input_from_results(nlohmann::json results);

// The page's data object (its layout is documented at the top of
// match/report/report_page/report.js).
nlohmann::json report_page_data(const ReportInput& input);

// One character per square played ("a1" -> 'A', ... see the alphabet in the .cpp), passes left
// out: half the size of a transcript in the page.
std::string compact_moves(const std::string& transcript);

}  // namespace othello
