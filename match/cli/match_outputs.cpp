// MatchOutputs: the journal gets each game on the thread that played it, before it counts; the
// page is rewritten every --report-every games (else every few seconds) and at the end; the
// final outputs are each attempted, whatever happened to the others.
#include "match/cli/match_outputs.h"

#include <algorithm>
#include <exception>
#include <functional>
#include <iostream>
#include <utility>

#include "engine/ascii_text.h"
#include "match/report/html_report.h"
#include "match/report/report.h"
#include "match/results/game_record_writer.h"
#include "match/stats/results_summary.h"

namespace othello {

MatchOutputs::MatchOutputs(const MatchOptions& options, nlohmann::json config,
                           const Standings& standings, std::vector<GameRecord> resumed,
                           long planned_games, long games_to_play, const ProtocolLog* log)
    : options_(options),
      config_(std::move(config)),
      planned_games_(planned_games),
      log_(log),
      keep_records_(options.results_path.empty() &&
                    (!options.records_path.empty() || !options.positions_path.empty())),
      keep_end_times_(!options.results_path.empty() && !options.records_path.empty() &&
                      RecordHeader{options.event, options.site}.named()),
      last_page_(std::chrono::steady_clock::now()) {
    if (!options.results_path.empty()) {
        journal_ = std::make_unique<ResultsJournal>(
            journal_path_for(options.results_path), config_, resumed,
            options.sign_key ? &*options.sign_key : nullptr);
        if (!resumed.empty())
            std::cerr << "Resuming: " << resumed.size() << " games already played.\n";
    }
    const std::size_t resumed_games = resumed.size();
    for (const GameRecord& r : resumed) count(r.id);
    if (!options.html_path.empty()) start_page(standings.names(), resumed);
    if (keep_records_) records_ = std::move(resumed);
    write_page(standings, false);
    // Grown under the runner's lock otherwise, copying every record kept so far each time.
    if (keep_records_) records_.reserve(records_.size() + games_to_play);
    // The bar counts the whole match, as its W/L/D (the standings) do: a resumed match's games too.
    resumed_count_ = static_cast<long>(resumed_games);
    progress_.emplace(resumed_count_ + games_to_play, resumed_count_,
                      options.progress == ProgressStyle::Bar);
    if (options.progress == ProgressStyle::Lines) lines_.emplace(std::cout, options.score_every);
}

void MatchOutputs::on_games_played(const std::vector<GameRecord>& games) {
    if (journal_) journal_->append(games);
}

void MatchOutputs::on_game(GameRecord& game, const Standings& standings) {
    ++played_;
    count(game.id);
    if (lines_) lines_->on_game(game, standings, played_);
    if (keep_end_times_ && game.id >= 0) {
        const auto i = static_cast<std::size_t>(game.id);
        if (i >= end_times_.size()) end_times_.resize(std::max(i + 1, end_times_.size() * 2));
        end_times_[i] = game.finished_at;
    }
    if (page_) page_->add(game, standings);
    if (keep_records_) records_.push_back(std::move(game));  // game is not read after this
    const EngineTally& first = standings.tally(0);
    progress_->update(resumed_count_ + played_, first.total.wins, first.total.losses,
                      first.total.draws);
    if (options_.report_every > 0 && played_ % options_.report_every == 0) {
        progress_->finish();
        print_report(std::cout, standings, options_.sprt);
        std::cout << std::endl;
        write_page(standings, false);
    } else if (options_.report_every == 0 && !options_.html_path.empty() &&
               std::chrono::steady_clock::now() - last_page_ > std::chrono::seconds(5)) {
        write_page(standings, false);
    }
}

// The table of the games played is printed even when the match could not go on.
bool MatchOutputs::finish(const Standings& standings) {
    progress_->finish();
    // A table of zeros (an engine that failed to start) would read as a result.
    if (standings.games() > 0)
        print_report(std::cout, standings, options_.sprt);
    else
        std::cout << "No game was played.\n";
    bool written = true;
    const auto save = [&](const std::function<void()>& write) {
        try {
            write();
        } catch (const std::exception& e) {
            std::cerr << "othello-match: " << printable_lines(e.what()) << "\n";
            written = false;
        }
    };
    const std::vector<JournalEntry> by_id =
        journal_ ? counted_entries() : std::vector<JournalEntry>();
    if (!options_.results_path.empty()) {
        save([&] {
            write_results_from_journal(options_.results_path, *journal_, by_id,
                                       results_summary(standings), config_,
                                       results_ratings(standings));
        });
    }
    if (!options_.records_path.empty()) save([&] { write_records(by_id); });
    if (!options_.positions_path.empty()) save([&] { write_positions(by_id); });
    save([&] { write_page(standings, true); });
    if (log_ && !log_->failure().empty()) written = false;  // said on stderr when it happened
    return written;
}

void MatchOutputs::count(int id) {
    if (id < 0) return;
    const auto i = static_cast<std::size_t>(id);
    if (i >= counted_.size()) counted_.resize(std::max(i + 1, counted_.size() * 2));
    counted_[i] = true;
}

std::vector<JournalEntry> MatchOutputs::counted_entries() {
    std::vector<JournalEntry> games = journal_->take_entries();
    std::erase_if(games, [&](const JournalEntry& e) {
        return e.id < 0 || static_cast<std::size_t>(e.id) >= counted_.size() ||
               !counted_[static_cast<std::size_t>(e.id)];
    });
    return journal_entries_by_id(std::move(games));
}

RecordSource MatchOutputs::journal_games(const std::vector<JournalEntry>& by_id) const {
    RecordSource read = journal_records(*journal_, by_id);
    if (end_times_.empty()) return read;
    return [this, read](const std::function<void(const GameRecord&)>& each) {
        read([&](const GameRecord& r) {
            const auto i = static_cast<std::size_t>(r.id);
            if (i >= end_times_.size() || end_times_[i].empty()) return each(r);
            GameRecord timed = r;
            timed.finished_at = end_times_[i];
            each(timed);
        });
    };
}

void MatchOutputs::write_records(const std::vector<JournalEntry>& by_id) const {
    const GameRecordFormat format = game_record_format_for(options_.records_path);
    const RecordHeader header{options_.event, options_.site};
    if (!journal_) return write_game_records(options_.records_path, records_, format, header);
    write_game_records(options_.records_path, journal_games(by_id), format, header);
}

void MatchOutputs::write_positions(const std::vector<JournalEntry>& by_id) const {
    if (!journal_) return write_final_positions(options_.positions_path, records_);
    write_final_positions(options_.positions_path, journal_games(by_id));
}

// The resumed games are counted again once, in a standings of their own, for the charts' points.
void MatchOutputs::start_page(const std::vector<std::string>& engines,
                              const std::vector<GameRecord>& resumed) {
    page_.emplace(ReportPageSetup{engines, config_, options_.sprt, planned_games_});
    Standings counted(engines);
    for (const GameRecord& r : resumed) {
        counted.add(r);
        page_->add(r, counted);
    }
}

// A page that cannot be written mid-match is a warning: the games go on being recorded.
void MatchOutputs::write_page(const Standings& standings, bool finished) {
    if (!page_) return;
    last_page_ = std::chrono::steady_clock::now();
    if (finished) return write_html_report(options_.html_path, *page_, standings, true);
    try {
        write_html_report(options_.html_path, *page_, standings, false);
    } catch (const std::exception& e) {
        std::cerr << "othello-match: warning: " << printable_lines(e.what()) << "\n";
    }
}

}  // namespace othello
