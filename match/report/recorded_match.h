// RecordedMatch: a finished match read back for its report page (othello-match report) — what
// the page is set up with, the games in the order the page shows them and the rating list the
// results file holds — and its page data, the games counted as a match counts them.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include "match/record/game_record.h"
#include "match/report/report_page_data.h"
#include "match/results/game_record_writer.h"
#include "match/stats/standings.h"

namespace othello {

struct RecordedMatch {
    ReportPageSetup setup;
    // The games, one at a time in the order the page shows them (read back from disk: a page of a
    // million games never holds them as records), and how many.
    RecordSource games;
    long game_count = 0;
    nlohmann::json ratings;  // the results file's joint rating list; null: computed for the page
};

// The engines of games in order of first appearance, black before white: the order a page lists
// engines that neither a summary nor a configuration names.
class EngineAppearance {
  public:
    // `rank`: where the game stands in the page's order (its id, or its index in the file).
    void add(const GameRecord& r, long rank);
    std::vector<std::string> names() const;

  private:
    std::map<std::string, std::pair<long, int>> first_;  // name -> (rank, 0 black / 1 white)
};

// A results file's JSON ({"summary", optional "config" and "ratings"}, also as merged from shards;
// its "games" not kept: parse_results_file hands them over one at a time) and its `games`, in the
// file's order, whose engines are `appearance`'s. The engines' order: the summary's, else the
// configuration's, else first appearance. Throws std::runtime_error saying what is wrong.
RecordedMatch recorded_match_from_results(nlohmann::json results,
                                          const EngineAppearance& appearance, RecordSource games,
                                          long game_count);

// A journal's games with the configuration it records, in the order given.
RecordedMatch recorded_match_from_games(const EngineAppearance& appearance, RecordSource games,
                                        long game_count, std::optional<nlohmann::json> config);

// The page data of `match`'s games, each counted into `standings` (of `match`'s engines) first.
ReportPageData report_page_data_of(const RecordedMatch& match, Standings& standings);

}  // namespace othello
