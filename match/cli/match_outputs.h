// MatchOutputs: every output othello-match's options ask for, as one MatchOutput — the journal
// (--results), the progress bar or lines (--progress) and interim tables (--report-every), the
// report page (--html), and at the end the table, the results file, the game records (--records)
// and the final page.
#pragma once

#include <chrono>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "match/cli/match_output.h"
#include "match/cli/progress_bar.h"
#include "match/cli/progress_lines.h"
#include "match/config/match_options.h"
#include "match/players/protocol_log.h"
#include "match/report/report_page_data.h"
#include "match/results/game_record_writer.h"
#include "match/results/results_file.h"

namespace othello {

class MatchOutputs : public MatchOutput {
  public:
    // Starts the journal (with --results) holding the `resumed` games, says how many were
    // resumed, and writes the first report page; `standings` already count the resumed games.
    // `planned_games`: the games of this run's shard; `games_to_play`: those not resumed. `log`
    // (null without --log) is the protocol log, whose failure counts at the end. Throws
    // std::exception when the journal cannot be started.
    MatchOutputs(const MatchOptions& options, nlohmann::json config, const Standings& standings,
                 std::vector<GameRecord> resumed, long planned_games, long games_to_play,
                 const ProtocolLog* log);

    void on_games_played(const std::vector<GameRecord>& games) override;
    void on_game(GameRecord& game, const Standings& standings) override;
    bool finish(const Standings& standings) override;

  private:
    void start_page(const std::vector<std::string>& engines,
                    const std::vector<GameRecord>& resumed);
    void write_page(const Standings& standings, bool finished);
    void count(int id);  // a game counted in the standings: it goes into the results file
    // The games counted, once each in id order, where the journal wrote them.
    std::vector<JournalEntry> counted_entries();
    // --records and --positions-out: read back from the journal one game at a time when there is
    // one, else written from the games kept.
    void write_records(const std::vector<JournalEntry>& by_id) const;
    void write_positions(const std::vector<JournalEntry>& by_id) const;
    RecordSource journal_games(const std::vector<JournalEntry>& by_id) const;

    const MatchOptions& options_;
    nlohmann::json config_;
    long planned_games_;
    const ProtocolLog* log_;
    std::unique_ptr<ResultsJournal> journal_;
    // Only when the records or final positions are asked for without a journal to read them
    // back from: the results file is written from the journal's lines, and the page keeps its
    // own form of each game.
    bool keep_records_;
    // The games played, resumed ones first.
    std::vector<GameRecord> records_;
    // By id, when GGF records with a named event are read back from the journal: when each game
    // of this run ended (DT[]), which the journal does not keep.
    bool keep_end_times_;
    std::vector<std::string> end_times_;
    // With --html: the page's games and chart points, a game added as it is counted; the
    // standings are the session's.
    std::optional<ReportPageData> page_;
    // By id: the games counted, whose journal lines make the results file.
    std::vector<bool> counted_;
    std::chrono::steady_clock::time_point last_page_;
    long played_ = 0;                      // in this run
    long resumed_count_ = 0;               // kept from the journal by --resume
    std::optional<ProgressBar> progress_;  // started once the first page is written
    std::optional<ProgressLines> lines_;   // --progress lines
};

}  // namespace othello
