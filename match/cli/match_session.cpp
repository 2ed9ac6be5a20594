// The match session: checks the outputs, resumes from the journal, runs the games, stops on an
// SPRT decision, refreshes the report page and writes every output, each failure said.
#include "match/cli/match_session.h"

#include <algorithm>
#include <chrono>
#include <exception>
#include <filesystem>
#include <functional>
#include <iostream>
#include <set>
#include <utility>
#include <vector>

#include "engine/ascii_text.h"
#include "match/cli/progress_bar.h"
#include "match/players/protocol_log.h"
#include "match/report/html_report.h"
#include "match/report/report.h"
#include "match/results/game_record_writer.h"
#include "match/results/match_config.h"
#include "match/results/match_file.h"
#include "match/results/match_options.h"
#include "match/results/output_paths.h"
#include "match/results/record_check.h"
#include "match/results/results_file.h"
#include "match/run/cpu_affinity.h"
#include "match/run/match_runner.h"
#include "match/run/shard.h"
#include "match/stats/results_summary.h"
#include "match/stats/standings.h"

namespace othello {

namespace {

std::vector<std::string> names_of(const std::vector<EngineSpec>& engines) {
    std::vector<std::string> names;
    for (const auto& e : engines) names.push_back(e.name);
    return names;
}

// Refuses to replace results a run did not ask to replace.
void refuse_existing_results(const MatchOptions& o) {
    if (o.results_path.empty() || o.resume || o.overwrite) return;
    for (const std::string& p : {o.results_path, journal_path_for(o.results_path)}) {
        if (output_exists(p)) {
            throw std::runtime_error("'" + p +
                                     "' already exists: --resume continues that match, "
                                     "--overwrite replaces it");
        }
    }
}

// Every output is checked before the first game (and before anything is opened): none may fail
// after the last, none may be another output or the journal, none is a FIFO that would be waited
// on or a device that would be replaced by a file, and none replaces a file the run did not ask
// to replace.
void check_outputs(const MatchOptions& o) {
    const std::string journal = o.results_path.empty() ? "" : journal_path_for(o.results_path);
    check_output_path("--results", o.results_path);
    check_output_path("--results journal", journal);
    check_output_path("--records", o.records_path);
    check_output_path("--html", o.html_path);
    check_output_path("--log", o.log_path, OutputKinds::RegularFileOrStream);
    const std::vector<std::pair<std::string, std::string>> outputs = {
        {"--results", o.results_path},
        {"the --results journal", journal},
        {"--records", o.records_path},
        {"--html", o.html_path},
        {"--log", o.log_path}};
    for (std::size_t i = 0; i < outputs.size(); ++i) {
        for (std::size_t j = i + 1; j < outputs.size(); ++j) {
            const auto& [first, first_path] = outputs[i];
            const auto& [second, second_path] = outputs[j];
            if (!first_path.empty() && !second_path.empty() && same_output(first_path, second_path))
                throw std::runtime_error(second + " '" + second_path + "' is also " + first);
        }
    }
    refuse_existing_results(o);
    // The records of a resumed match are its own, rewritten with every game.
    if (!o.records_path.empty() && !o.resume && !o.overwrite && output_exists(o.records_path)) {
        throw std::runtime_error("--records '" + o.records_path +
                                 "' already exists: --overwrite replaces it");
    }
    if (!o.html_path.empty()) check_html_report_path(o.html_path, o.overwrite);
}

// The games already played in the journal (or, when the journal is gone, the results file),
// after checking they are this match's: same configuration, and each game where the schedule
// puts it. A record that does not check out (record_check.h) is said and played again.
std::vector<GameRecord> resumed_games(const MatchOptions& o, const nlohmann::json& config,
                                      const std::vector<ScheduledGame>& schedule,
                                      const std::vector<std::string>& names,
                                      const std::vector<Opening>& openings) {
    MatchFile previous = read_match_file(journal_path_for(o.results_path));
    if (!previous.config && previous.games.empty() && previous.refused.empty() &&
        o.results_path.ends_with(".json") && std::filesystem::exists(o.results_path)) {
        previous = read_match_file(o.results_path);
    }
    if (previous.config) {
        const std::string difference = config_difference(*previous.config, config, "journal");
        if (!difference.empty()) {
            throw std::runtime_error("--resume: " + difference + " ('" + previous.path +
                                     "' holds another match; drop --resume and give another "
                                     "--results, or --overwrite to replace it)");
        }
    } else if (!previous.games.empty()) {
        std::cerr << "othello-match: warning: '" << printable(previous.path)
                  << "' records no match configuration (an older othello-match wrote it); "
                     "resuming with its games checked against the schedule only\n";
    }
    for (const auto& note : previous.notes)
        std::cerr << "othello-match: note: " << printable(note) << "\n";
    for (const auto& refused : previous.refused) {
        std::cerr << "othello-match: " << printable(refused)
                  << "; refused, that game is played again\n";
    }
    std::vector<GameRecord> kept;
    for (std::size_t i = 0; i < previous.games.size(); ++i) {
        const GameRecord& r = previous.games[i];
        if (r.id < 0 || r.id >= static_cast<int>(schedule.size()) ||
            r.black != names[schedule[r.id].black] || r.white != names[schedule[r.id].white] ||
            !in_shard(schedule[r.id], o.shard)) {
            throw std::runtime_error(previous.where[i] + ": game " + std::to_string(r.id) + " (" +
                                     r.black + " - " + r.white +
                                     ") does not belong to this match; remove it or drop --resume");
        }
        const ScheduledGame& g = schedule[r.id];
        const std::string problem = schedule_problem(r, g, &openings[g.opening]);
        if (!problem.empty()) {
            std::cerr << "othello-match: " << printable(previous.where[i]) << ": game " << r.id
                      << ": " << printable(problem) << "; refused, that game is played again\n";
            continue;
        }
        kept.push_back(r);
    }
    return kept;
}

// --affinity gives each game slot its own CPUs only while there are enough of them.
void warn_about_shared_cpus(int concurrency, int games) {
    const int slots = std::min(concurrency, games);
    const int cpus = static_cast<int>(allowed_cpus().size());
    if (slots <= cpus) return;
    std::cerr << "othello-match: warning: --affinity with " << slots << " games at a time on "
              << cpus << " CPU" << (cpus == 1 ? "" : "s") << ": game slot i runs on CPU i % "
              << cpus << ", so up to " << (slots + cpus - 1) / cpus
              << " games share a CPU (use --concurrency " << cpus << " for one each)\n";
}

}  // namespace

int run_match_session(const MatchOptions& o) {
    check_outputs(o);
    // Opened first: an unwritable log is an error before any game, not after the last.
    std::unique_ptr<ProtocolLog> log;
    if (!o.log_path.empty()) log = std::make_unique<ProtocolLog>(o.log_path, o.overwrite);
    const std::size_t pairs_needed = static_cast<std::size_t>(o.games + 1) / 2;
    const std::vector<Opening> openings =
        load_openings(o.openings, o.seed, pairs_needed, o.random_order);
    if (const std::string repeats =
            repeated_openings_warning(o.openings, openings.size(), pairs_needed);
        !repeats.empty())
        std::cerr << "othello-match: warning: " << repeats << "\n";
    const std::vector<ScheduledGame> schedule =
        make_schedule(static_cast<int>(o.engines.size()), o.tournament, o.games,
                      static_cast<int>(openings.size()));
    const std::vector<std::string> names = names_of(o.engines);
    const nlohmann::json config = match_config(o, openings);
    const std::vector<ScheduledGame> games = games_in_shard(schedule, o.shard);
    if (!o.shard.whole()) {
        std::cerr << "othello-match: shard " << to_string(o.shard) << ": " << games.size()
                  << " of the match's " << schedule.size() << " games\n";
        if (o.sprt) {
            std::cerr << "othello-match: --sprt with --shard: a shard plays all its games (it "
                         "cannot stop early); merge the shards to read the SPRT state\n";
        }
    }

    Standings standings(names);
    std::vector<GameRecord> records;
    std::unique_ptr<ResultsJournal> journal;
    std::set<int> done;
    if (!o.results_path.empty()) {
        std::vector<GameRecord> kept;
        if (o.resume) kept = resumed_games(o, config, schedule, names, openings);
        journal = std::make_unique<ResultsJournal>(journal_path_for(o.results_path), config, kept);
        for (const auto& r : kept) {
            done.insert(r.id);
            standings.add(r);
            records.push_back(r);
        }
        if (o.resume && !done.empty())
            std::cerr << "Resuming: " << done.size() << " games already played.\n";
    }
    const bool keep_records =
        !o.results_path.empty() || !o.records_path.empty() || !o.html_path.empty();
    // The report page: rewritten every --report-every games (else every few seconds) and at the
    // end. A page that cannot be written mid-match is a warning: the games go on being recorded.
    auto last_page = std::chrono::steady_clock::now();
    auto write_page = [&](bool finished) {
        if (o.html_path.empty()) return;
        last_page = std::chrono::steady_clock::now();
        ReportInput page;
        page.engines = names;
        for (const auto& r : records) page.games.push_back(to_json(r));
        page.settings = config;
        page.sprt = o.sprt;
        page.planned_games = static_cast<long>(games.size());  // this shard's, if sharded
        page.finished = finished;
        page.ratings = results_ratings(standings);
        if (finished) return write_html_report(o.html_path, page);
        try {
            write_html_report(o.html_path, page);
        } catch (const std::exception& e) {
            std::cerr << "othello-match: warning: " << printable_lines(e.what()) << "\n";
        }
    };
    write_page(false);

    std::vector<ScheduledGame> pending;
    for (const auto& g : games) {
        if (!done.count(g.id)) pending.push_back(g);
    }

    // Grown under the runner's lock otherwise, copying every record kept so far each time.
    if (keep_records) records.reserve(records.size() + pending.size());
    ProgressBar progress(static_cast<long>(pending.size()), o.progress);
    long played = 0;
    MatchRunner runner(MatchSetup{o.engines, openings, o.time, o.concurrency, o.seed,
                                  o.adjudicate_empties, log.get(), o.affinity});
    if (o.affinity) warn_about_shared_cpus(o.concurrency, static_cast<int>(pending.size()));
    std::string stopped;  // why the match stopped before its end (a full disk), if it did
    try {
        runner.run(
            pending,
            [&](GameRecord& r) {
                standings.add(r);
                if (keep_records) records.push_back(std::move(r));  // r is not read after this
                ++played;
                const EngineTally& first = standings.tally(0);
                progress.update(played, first.total.wins, first.total.losses, first.total.draws);
                if (o.report_every > 0 && played % o.report_every == 0) {
                    progress.finish();
                    print_report(std::cout, standings, o.sprt);
                    std::cout << std::endl;
                    write_page(false);
                } else if (o.report_every == 0 && !o.html_path.empty() &&
                           std::chrono::steady_clock::now() - last_page > std::chrono::seconds(5)) {
                    write_page(false);
                }
                if (o.sprt && o.engines.size() == 2 && o.shard.whole()) {
                    const Pentanomial p = standings.pentanomial(0, 1);
                    const double llr = p.pairs() > 0
                                           ? sprt_llr(p, *o.sprt)
                                           : sprt_llr(standings.head_to_head(0, 1), *o.sprt);
                    if (sprt_decide(llr, *o.sprt) != SprtDecision::Continue) return false;
                }
                return true;
            },
            [&](const std::vector<GameRecord>& played) {
                // On the games' own thread, not under the lock.
                if (journal) journal->append(played);
            });
    } catch (const std::exception& e) {
        stopped = e.what();
    }
    progress.finish();

    // The table of the games played is printed even when the match could not go on; each output
    // is attempted, and each failure said.
    print_report(std::cout, standings, o.sprt);
    int status = 0;
    const auto save = [&](const std::function<void()>& write) {
        try {
            write();
        } catch (const std::exception& e) {
            std::cerr << "othello-match: " << printable_lines(e.what()) << "\n";
            status = 1;
        }
    };
    if (!o.results_path.empty()) {
        save([&] {
            write_results(o.results_path, records, results_summary(standings), config,
                          results_ratings(standings));
        });
    }
    if (!o.records_path.empty()) {
        save([&] {
            write_game_records(o.records_path, records, game_record_format_for(o.records_path));
        });
    }
    save([&] { write_page(true); });
    if (log && !log->failure().empty()) status = 1;  // said on stderr when it happened
    if (standings.repeated_games() > 0) {
        std::cerr << "othello-match: warning: " << standings.repeated_games() << " of "
                  << standings.games()
                  << " games repeat an earlier game between the same engines move for move; the "
                     "statistics treat them as independent (use more openings, e.g. --openings "
                     "balanced or random:K)\n";
    }
    if (!stopped.empty()) {
        std::cerr << "othello-match: " << printable_lines(stopped)
                  << "\nothello-match: the match stopped after " << standings.games() << " of "
                  << games.size() << " games"
                  << (o.results_path.empty()
                          ? std::string()
                          : "; once the cause is fixed, --resume completes it from the journal")
                  << "\n";
        status = 1;
    }
    for (const auto& failure : runner.start_failures())
        std::cerr << "othello-match: engine failed: " << printable(failure) << "\n";
    if (runner.skipped_games() > 0) {
        std::cerr << "othello-match: " << runner.skipped_games()
                  << " games not played because an engine failed to start\n";
        return 1;
    }
    return status;
}

}  // namespace othello
