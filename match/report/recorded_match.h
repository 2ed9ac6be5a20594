// RecordedMatch: a finished match read back for its report page (othello-match report) — what
// the page is set up with, the games in the order the page shows them and the rating list the
// results file holds — and its page data, the games counted as a match counts them.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include "match/record/game_record.h"
#include "match/report/report_page_data.h"
#include "match/stats/standings.h"

namespace othello {

struct RecordedMatch {
    ReportPageSetup setup;
    std::vector<GameRecord> games;
    nlohmann::json ratings;  // the results file's joint rating list; null: computed for the page
};

// A results file's JSON ({"summary", optional "config" and "ratings"}, also as merged from shards;
// its "games" not kept: parse_results_file hands them over one at a time) and its `games`, in the
// file's order. The engines' order: the summary's, else the configuration's, else first
// appearance. Throws std::runtime_error saying what is wrong.
RecordedMatch recorded_match_from_results(nlohmann::json results, std::vector<GameRecord> games);

// A journal's games with the configuration it records, in the order given.
RecordedMatch recorded_match_from_games(std::vector<GameRecord> games,
                                        std::optional<nlohmann::json> config);

// The page data of `match`'s games, each counted into `standings` (of `match`'s engines) first.
ReportPageData report_page_data_of(const RecordedMatch& match, Standings& standings);

}  // namespace othello
