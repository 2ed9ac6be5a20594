// ReportPageData: everything the HTML match report shows, kept as the games are counted: each game
// as the page's game table shows it (page_game_table.h) and the charts' points (page_series.h);
// the standings, pairs, SPRT and rating list are taken, when the page is written, from the
// Standings that counted the same games. A match adds each game as it is played; the report
// command adds a file's games read back (recorded_match.h) the same way.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "match/record/game_record.h"
#include "match/report/page_game_table.h"
#include "match/report/page_series.h"
#include "match/stats/standings.h"

namespace othello {

// What the page shows that is known before the first game.
struct ReportPageSetup {
    std::vector<std::string> engines;                    // names, in the match's order
    nlohmann::json settings = nlohmann::json::object();  // the match configuration, shown as is
    std::optional<SprtParameters> sprt;
    long planned_games = 0;  // 0: unknown
};

class ReportPageData {
  public:
    // `final_games` as PageSeries takes it: the number of games to be added when known (a file
    // read back), else 0.
    explicit ReportPageData(ReportPageSetup setup, long final_games = 0);

    // Adds a game, `standings` already counting it (and every game added before it, in the
    // order added). A game of an engine not in the setup's list is left out, as Standings does.
    void add(const GameRecord& r, const Standings& standings);

    const std::vector<std::string>& engines() const { return setup_.engines; }
    long games() const { return table_.size(); }

    // Writes the page's data object (its layout is documented at the top of
    // match/report/report_page/sections.js) as JSON text safe inside a script block
    // (json_for_script_block). `standings` counted the games added; `ratings` is the joint rating
    // list to show, null: computed from `standings`; `finished` false: the page refreshes itself.
    void write(std::ostream& out, const Standings& standings, const nlohmann::json& ratings,
               bool finished) const;
    // The same as a string.
    std::string text(const Standings& standings, const nlohmann::json& ratings,
                     bool finished) const;

  private:
    ReportPageSetup setup_;
    PageGameTable table_;
    PageSeries series_;
};

}  // namespace othello
