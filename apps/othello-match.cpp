// othello-match: runs a match or tournament from the command line and prints the result table.
#include <exception>
#include <functional>
#include <iostream>
#include <set>

#include "match/game_record_writer.h"
#include "match/match_options.h"
#include "match/match_runner.h"
#include "match/output_paths.h"
#include "match/progress_bar.h"
#include "match/ratings.h"
#include "match/report.h"
#include "match/results_file.h"
#include "match/standings.h"

using namespace othello;

namespace {

std::vector<std::string> names_of(const std::vector<EngineSpec>& engines) {
    std::vector<std::string> names;
    for (const auto& e : engines) names.push_back(e.name);
    return names;
}

nlohmann::json summary_of(const Standings& st) {
    nlohmann::json engines = nlohmann::json::array();
    for (std::size_t e = 0; e < st.names().size(); ++e) {
        const EngineTally& t = st.tally(static_cast<int>(e));
        engines.push_back({{"name", st.names()[e]},
                           {"games", t.total.games()},
                           {"wins", t.total.wins},
                           {"losses", t.total.losses},
                           {"draws", t.total.draws},
                           {"score", t.total.score()}});
    }
    return {{"games", st.games()},
            {"engines", engines},
            {"reasons", st.reasons()},
            {"repeated_games", st.repeated_games()}};
}

// "ratings": [{"engine", "elo", "error"}, ...] best first, for three engines or more.
nlohmann::json ratings_of(const Standings& st) {
    if (st.names().size() < 3) return nullptr;
    nlohmann::json list = nlohmann::json::array();
    for (const Rating& r : joint_ratings(st).ratings)
        list.push_back({{"engine", r.engine}, {"elo", r.elo}, {"error", r.error}});
    return list;
}

int run(const MatchOptions& o) {
    // Every output is checked before the first game: none may fail after the last.
    check_output_path("--results", o.results_path);
    if (!o.results_path.empty())
        check_output_path("--results journal", journal_path_for(o.results_path));
    check_output_path("--records", o.records_path);
    const std::size_t pairs_needed = static_cast<std::size_t>(o.games + 1) / 2;
    const std::vector<Opening> openings =
        load_openings(o.openings, o.seed, pairs_needed, o.random_order);
    const std::vector<ScheduledGame> schedule =
        make_schedule(static_cast<int>(o.engines.size()), o.tournament, o.games,
                      static_cast<int>(openings.size()));
    const std::vector<std::string> names = names_of(o.engines);

    Standings standings(names);
    std::vector<GameRecord> records;
    std::unique_ptr<ResultsJournal> journal;
    std::set<int> done;
    if (!o.results_path.empty()) {
        const std::string path = journal_path_for(o.results_path);
        journal = std::make_unique<ResultsJournal>(path, o.resume);
        for (const auto& r : journal->previous()) {
            if (r.id < 0 || r.id >= static_cast<int>(schedule.size()) ||
                r.black != names[schedule[r.id].black] || r.white != names[schedule[r.id].white]) {
                throw std::runtime_error(
                    "journal '" + path + "' game " + std::to_string(r.id) + " (" + r.black + " - " +
                    r.white + ") does not belong to this match; remove it or drop --resume");
            }
            done.insert(r.id);
            standings.add(r);
            records.push_back(r);
        }
        if (o.resume && !done.empty())
            std::cerr << "Resuming: " << done.size() << " games already played.\n";
    }
    const bool keep_records = !o.results_path.empty() || !o.records_path.empty();

    std::vector<ScheduledGame> pending;
    for (const auto& g : schedule) {
        if (!done.count(g.id)) pending.push_back(g);
    }

    ProgressBar progress(static_cast<long>(pending.size()), o.progress);
    long played = 0;
    MatchRunner runner(MatchSetup{o.engines, openings, o.time, o.concurrency, o.seed});
    std::string stopped;  // why the match stopped before its end (a full disk), if it did
    try {
        runner.run(pending, [&](const GameRecord& r) {
            if (journal) journal->append(r);
            standings.add(r);
            if (keep_records) records.push_back(r);
            ++played;
            const EngineTally& first = standings.tally(0);
            progress.update(played, first.total.wins, first.total.losses, first.total.draws);
            if (o.report_every > 0 && played % o.report_every == 0) {
                progress.finish();
                print_report(std::cout, standings, o.sprt);
                std::cout << std::endl;
            }
            if (o.sprt && o.engines.size() == 2) {
                const Pentanomial p = standings.pentanomial(0, 1);
                const double llr = p.pairs() > 0 ? sprt_llr(p, *o.sprt)
                                                 : sprt_llr(standings.head_to_head(0, 1), *o.sprt);
                if (sprt_decide(llr, *o.sprt) != SprtDecision::Continue) return false;
            }
            return true;
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
            std::cerr << "othello-match: " << e.what() << "\n";
            status = 1;
        }
    };
    if (!o.results_path.empty())
        save([&] {
            write_results(o.results_path, records, summary_of(standings), ratings_of(standings));
        });
    if (!o.records_path.empty()) {
        save([&] {
            write_game_records(o.records_path, records, game_record_format_for(o.records_path));
        });
    }
    if (standings.repeated_games() > 0) {
        std::cerr << "othello-match: warning: " << standings.repeated_games() << " of "
                  << standings.games()
                  << " games repeat an earlier game between the same engines move for move; the "
                     "statistics treat them as independent (use more openings, e.g. --openings "
                     "balanced or random:K)\n";
    }
    if (!stopped.empty()) {
        std::cerr << "othello-match: " << stopped << "\nothello-match: the match stopped after "
                  << standings.games() << " of " << schedule.size() << " games"
                  << (o.results_path.empty()
                          ? std::string()
                          : "; once the cause is fixed, --resume completes it from the journal")
                  << "\n";
        status = 1;
    }
    for (const auto& failure : runner.start_failures())
        std::cerr << "othello-match: engine failed: " << failure << "\n";
    if (runner.skipped_games() > 0) {
        std::cerr << "othello-match: " << runner.skipped_games()
                  << " games not played because an engine failed to start\n";
        return 1;
    }
    return status;
}

}  // namespace

int main(int argc, char** argv) {
    std::optional<MatchOptions> options;
    try {
        options = parse_match_options(argc, argv);
        if (!options) return 0;
    } catch (const std::exception& e) {
        std::cerr << "othello-match: " << e.what() << "\n(see othello-match --help)\n";
        return 2;
    }
    try {
        return run(*options);
    } catch (const std::exception& e) {
        std::cerr << "othello-match: " << e.what() << "\n";
        return 2;
    }
}
