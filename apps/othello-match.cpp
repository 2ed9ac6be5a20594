// othello-match: runs a match or tournament from the command line and prints the result table.
#include <exception>
#include <iostream>
#include <set>

#include "match/game_record_writer.h"
#include "match/html_report.h"
#include "match/match_options.h"
#include "match/match_runner.h"
#include "match/progress_bar.h"
#include "match/report.h"
#include "match/report_command.h"
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
    return {{"games", st.games()}, {"engines", engines}, {"reasons", st.reasons()}};
}

std::string engine_text(const EngineSpec& e) {
    switch (e.kind) {
        case EngineSpec::Kind::Policy:
            return "policy:" + e.policy;
        case EngineSpec::Kind::Command: {
            std::string text = "cmd:";
            for (const auto& a : e.argv) text += (text.size() > 4 ? " " : "") + a;
            return text;
        }
        case EngineSpec::Kind::Tcp:
            return "tcp://" + e.host + ":" + std::to_string(e.port);
        case EngineSpec::Kind::Human:
            return "human";
    }
    return "";
}

// The settings the report page shows for a match run here.
nlohmann::json settings_of(const MatchOptions& o) {
    nlohmann::json engines = nlohmann::json::array();
    for (const auto& e : o.engines) engines.push_back({{"name", e.name}, {"spec", engine_text(e)}});
    nlohmann::json settings = {
        {"engines", engines},
        {"games", o.games},
        {"tournament", o.engines.size() == 2                        ? "match"
                       : o.tournament == TournamentKind::RoundRobin ? "round-robin"
                                                                    : "gauntlet"},
        {"openings", o.openings + (o.random_order ? " (random order)" : "")},
        {"seed", o.seed},
        {"concurrency", o.concurrency},
        {"move_timeout", o.time.move_timeout},
        {"game_time", o.time.game_time}};
    if (o.sprt) {
        settings["sprt"] = {{"elo0", o.sprt->elo0},
                            {"elo1", o.sprt->elo1},
                            {"alpha", o.sprt->alpha},
                            {"beta", o.sprt->beta}};
    }
    return settings;
}

int run(const MatchOptions& o) {
    if (!o.html_path.empty()) check_html_report_path(o.html_path);  // before anything is written
    const std::size_t pairs_needed = static_cast<std::size_t>(o.games + 1) / 2;
    std::vector<Opening> openings = load_openings(o.openings, o.seed, pairs_needed);
    if (o.random_order) shuffle_openings(openings, o.seed);
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
    const bool keep_records =
        !o.results_path.empty() || !o.records_path.empty() || !o.html_path.empty();
    auto write_page = [&](bool finished) {
        if (o.html_path.empty()) return;
        ReportInput page;
        page.engines = names;
        for (const auto& r : records) page.games.push_back(to_json(r));
        page.settings = settings_of(o);
        page.sprt = o.sprt;
        page.planned_games = static_cast<long>(schedule.size());
        page.finished = finished;
        write_html_report(o.html_path, page);
    };
    write_page(false);

    std::vector<ScheduledGame> pending;
    for (const auto& g : schedule) {
        if (!done.count(g.id)) pending.push_back(g);
    }

    ProgressBar progress(static_cast<long>(pending.size()), o.progress);
    long played = 0;
    MatchRunner runner(MatchSetup{o.engines, openings, o.time, o.concurrency, o.seed});
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
            write_page(false);
        }
        if (o.sprt && o.engines.size() == 2) {
            const Pentanomial p = standings.pentanomial(0, 1);
            const double llr = p.pairs() > 0 ? sprt_llr(p, *o.sprt)
                                             : sprt_llr(standings.head_to_head(0, 1), *o.sprt);
            if (sprt_decide(llr, *o.sprt) != SprtDecision::Continue) return false;
        }
        return true;
    });
    progress.finish();

    print_report(std::cout, standings, o.sprt);
    if (!o.results_path.empty()) write_results(o.results_path, records, summary_of(standings));
    if (!o.records_path.empty()) {
        write_game_records(o.records_path, records, game_record_format_for(o.records_path));
    }
    write_page(true);
    for (const auto& failure : runner.start_failures())
        std::cerr << "othello-match: engine failed: " << failure << "\n";
    if (runner.skipped_games() > 0) {
        std::cerr << "othello-match: " << runner.skipped_games()
                  << " games not played because an engine failed to start\n";
        return 1;
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc > 1 && std::string(argv[1]) == "report") return run_report_command(argc - 1, argv + 1);
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
