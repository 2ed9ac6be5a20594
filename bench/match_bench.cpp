// othello-match-bench: the match runner's speed — reading a 2-million-line openings file for a
// 4-game match; the generated openings of a 200,000-game (balanced) and a 300,000-game (random:8)
// match; in-process games per second at 1 and 2 threads (policy:random and
// policy:regression, results journalled as othello-match does) and their ratio; and two
// `othello-engine --policy random` processes: games per second and the per-ply overhead against a
// bare pipe ping-pong (`cat`) measured in the same run, and again in rounds measured back to back.
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "match/players/engine_spec.h"
#include "match/results/results_file.h"
#include "match/run/match_runner.h"
#include "match/run/openings.h"
#include "match/stats/standings.h"
#include "protocol/engine_process.h"

using namespace othello;
using Clock = std::chrono::steady_clock;

namespace {

double seconds_since(Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
}

double cpu_seconds() {
    rusage u{};
    ::getrusage(RUSAGE_SELF, &u);
    return u.ru_utime.tv_sec + u.ru_stime.tv_sec + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

struct MatchFigures {
    long games = 0;
    long plies = 0;
    double seconds = 0;
    double cpu = 0;
};

// With `journal`, each game goes to a results journal, the standings and the kept records as in
// othello-match: the shared work that decides how far more threads help.
MatchFigures run_match(const std::string& a, const std::string& b, int games, int threads,
                       const std::string& journal = {}) {
    MatchSetup setup;
    setup.engines = {parse_engine_spec(a), parse_engine_spec(b)};
    make_names_distinct(setup.engines);
    setup.openings = load_openings("balanced", 1, static_cast<std::size_t>(games + 1) / 2);
    setup.concurrency = threads;
    MatchRunner runner(setup);
    MatchFigures f;
    const auto schedule = make_schedule(2, TournamentKind::RoundRobin, games,
                                        static_cast<int>(setup.openings.size()));
    std::unique_ptr<ResultsJournal> results;
    if (!journal.empty()) {
        results = std::make_unique<ResultsJournal>(journal, nlohmann::json::object(),
                                                   std::vector<GameRecord>{});
    }
    Standings standings({setup.engines[0].name, setup.engines[1].name});
    std::vector<GameRecord> records;
    const double cpu0 = cpu_seconds();
    const auto t0 = Clock::now();
    runner.run(
        schedule,
        [&](GameRecord& r) {
            ++f.games;
            f.plies += static_cast<long>(r.moves.size() / 2);
            if (results) {
                standings.add(r);
                records.push_back(std::move(r));
            }
            return true;
        },
        [&](const std::vector<GameRecord>& played) {
            if (results) results->append(played);
        });
    f.seconds = seconds_since(t0);
    f.cpu = cpu_seconds() - cpu0;
    for (const auto& failure : runner.start_failures())
        std::fprintf(stderr, "engine failed: %s\n", failure.c_str());
    return f;
}

// Seconds per round trip of one line to `cat` and back, `pings` times, through the same
// EngineProcess class the runner uses.
double ping_pong_seconds(int pings) {
    EngineProcess cat(ProcessOptions{{"cat"}, "", false});
    const auto t0 = Clock::now();
    for (int i = 0; i < pings; ++i) {
        cat.write_line("genmove b");
        cat.read_line(Clock::now() + std::chrono::seconds(10));
    }
    return seconds_since(t0) / pings;
}

// Seconds per round trip of one line to each of two `cat`s in turn, `pings` round trips in all.
double alternating_ping_pong_seconds(int pings) {
    EngineProcess a(ProcessOptions{{"cat"}, "", false}), b(ProcessOptions{{"cat"}, "", false});
    const auto t0 = Clock::now();
    for (int i = 0; i < pings / 2; ++i) {
        for (EngineProcess* p : {&a, &b}) {
            p->write_line("genmove b");
            p->read_line(Clock::now() + std::chrono::seconds(10));
        }
    }
    return seconds_since(t0) / pings;
}

// Openings: a 22 MB file of 2 million lines, of which a 4-game match needs two.
void bench_openings_file() {
    const std::string path =
        "/tmp/othello-match-bench-openings-" + std::to_string(::getpid()) + ".txt";
    {
        std::ofstream out(path);
        const char* lines[] = {"f5d6c3d3c4", "f5f6e6f4e3", "f5d6c5f4e3", "f5f4e3f6d3"};
        for (int i = 0; i < 2000000; ++i) out << lines[i % 4] << '\n';
    }
    for (bool random : {false, true}) {
        const auto t0 = Clock::now();
        const auto openings = load_openings(path, 1, 2, random);
        std::printf("openings file of 2,000,000 lines, 2 openings wanted (%s order): %.3f s\n",
                    random ? "random" : "file", seconds_since(t0));
    }
    rusage u{};
    ::getrusage(RUSAGE_SELF, &u);
    std::printf("peak memory so far (the openings only): %.1f MB\n", u.ru_maxrss / 1024.0);
    std::filesystem::remove(path);
}

// Generated openings for large matches: the default balanced set and random:8 past its
// 67,245 distinct positions (both repeat their positions there, with a warning).
void bench_generated_openings() {
    for (const auto& [source, match_games] :
         {std::pair<std::string, int>{"balanced", 200000}, {"random:8", 300000}}) {
        const auto t0 = Clock::now();
        const auto openings =
            load_openings(source, 1, static_cast<std::size_t>(match_games + 1) / 2);
        std::printf("openings %s for a %d-game match: %zu positions in %.3f s\n", source.c_str(),
                    match_games, openings.size(), seconds_since(t0));
    }
}

// Concurrency: the same match at 1 and 2 threads, results journalled.
void bench_journalled_threads(int games) {
    const std::string journal =
        "/tmp/othello-match-bench-journal-" + std::to_string(::getpid()) + ".jsonl";
    for (const auto& [policy, count] :
         {std::pair<std::string, int>{"policy:random", games / 4},
          std::pair<std::string, int>{"policy:regression", std::max(2, games / 40)}}) {
        double rate[2] = {0, 0};
        for (int threads : {1, 2}) {
            const MatchFigures f = run_match(policy, policy, count, threads, journal);
            rate[threads - 1] = f.games / f.seconds;
            std::printf(
                "in-process %s x2 with results, %d thread%s: %ld games in %.3f s = %.0f "
                "games/s (%.0f games per CPU-second)\n",
                policy.c_str(), threads, threads == 1 ? "" : "s", f.games, f.seconds,
                rate[threads - 1], f.games / f.cpu);
        }
        std::printf("in-process %s: 2 threads / 1 thread = %.2fx\n", policy.c_str(),
                    rate[1] / rate[0]);
    }
    std::filesystem::remove(journal);
}

// Games between two othello-engine processes, against what the bare pipes cost (`ping` and
// `ping2`, as measured above them).
void bench_engine_processes(const std::string& engine, int process_games, int cores, double ping,
                            double ping2, int pings) {
    const MatchFigures slow = run_match(engine, engine, process_games, 1);
    const double per_ply = slow.seconds / slow.plies;
    std::printf(
        "processes othello-engine --policy random x2, 1 game at a time: %ld games in %.3f s = %.1f "
        "games/s, "
        "%.1f us per ply = %.2f x two ping-pongs (%.2f x two alternating ping-pongs); the runner's "
        "own CPU "
        "%.1f us per ply\n",
        slow.games, slow.seconds, slow.games / slow.seconds, per_ply * 1e6, per_ply / (2 * ping),
        per_ply / (2 * ping2), slow.cpu / slow.plies * 1e6);
    // The same ratio in rounds, each ping-pong right before its games: on a shared machine whose
    // load drifts, figures taken seconds apart compare the load more than the runner.
    constexpr int kRounds = 9;
    std::vector<double> ratios;
    for (int r = 0; r < kRounds; ++r) {
        const double round_ping = ping_pong_seconds(pings / kRounds);
        const MatchFigures f = run_match(engine, engine, std::max(2, process_games / kRounds), 1);
        ratios.push_back(f.seconds / f.plies / (2 * round_ping));
    }
    std::sort(ratios.begin(), ratios.end());
    std::printf(
        "per ply / two ping-pongs, %d rounds each measured back to back: median %.2f x (lowest "
        "%.2f, highest %.2f)\n",
        kRounds, ratios[kRounds / 2], ratios.front(), ratios.back());
    const MatchFigures wide = run_match(engine, engine, process_games, cores);
    std::printf("processes othello-engine --policy random x2, %d games at a time: %.1f games/s\n",
                cores, wide.games / wide.seconds);
}

}  // namespace

int main(int argc, char** argv) {
    int games = 400000, process_games = 200;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string key = argv[i];
        if (key == "--games")
            games = std::atoi(argv[i + 1]);
        else if (key == "--process-games")
            process_games = std::atoi(argv[i + 1]);
        else {
            std::fprintf(stderr, "usage: othello-match-bench [--games N] [--process-games N]\n");
            return 2;
        }
    }
    const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    const std::string bin = std::filesystem::canonical("/proc/self/exe").parent_path().string();

    bench_openings_file();
    bench_generated_openings();
    bench_journalled_threads(games);

    const MatchFigures fast = run_match("policy:random", "policy:random", games, cores);
    std::printf(
        "in-process policy:random vs policy:random, %d threads: %ld games in %.3f s = %.0f games/s "
        "(%.0f games per CPU-second)\n",
        cores, fast.games, fast.seconds, fast.games / fast.seconds, fast.games / fast.cpu);

    // The bare transport: one line to `cat` and back, through the same EngineProcess class.
    constexpr int kPings = 20000;
    const double ping = ping_pong_seconds(kPings);
    std::printf("bare pipe ping-pong (cat): %.1f us per round trip\n", ping * 1e6);
    // A ply talks to two processes in turn; the same with two `cat`s shows what waking two
    // processes costs on this machine, apart from GTP and the referee.
    const double ping2 = alternating_ping_pong_seconds(kPings);
    std::printf("bare pipe ping-pong alternating between two cats: %.1f us per round trip\n",
                ping2 * 1e6);

    const std::string engine = "cmd:" + bin + "/othello-engine --policy random";
    bench_engine_processes(engine, process_games, cores, ping, ping2, kPings);
    return 0;
}
