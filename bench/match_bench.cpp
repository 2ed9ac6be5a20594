// othello-match-bench: the match runner's speed — in-process policy:random vs policy:random games
// per second, and two `othello-engine --policy random` processes: games per second and the
// per-ply overhead against a bare pipe ping-pong (`cat`) measured in the same run.
#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <thread>

#include "match/engine_spec.h"
#include "match/match_runner.h"
#include "match/openings.h"
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

MatchFigures run_match(const std::string& a, const std::string& b, int games, int threads) {
    MatchSetup setup;
    setup.engines = {parse_engine_spec(a), parse_engine_spec(b)};
    make_names_distinct(setup.engines);
    setup.openings = load_openings("start", 1, 1);
    setup.concurrency = threads;
    MatchRunner runner(setup);
    MatchFigures f;
    const auto schedule = make_schedule(2, TournamentKind::RoundRobin, games, 1);
    const double cpu0 = cpu_seconds();
    const auto t0 = Clock::now();
    runner.run(schedule, [&](const GameRecord& r) {
        ++f.games;
        f.plies += static_cast<long>(r.moves.size() / 2);
        return true;
    });
    f.seconds = seconds_since(t0);
    f.cpu = cpu_seconds() - cpu0;
    for (const auto& failure : runner.start_failures())
        std::fprintf(stderr, "engine failed: %s\n", failure.c_str());
    return f;
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

    const MatchFigures fast = run_match("policy:random", "policy:random", games, cores);
    std::printf(
        "in-process policy:random vs policy:random, %d threads: %ld games in %.3f s = %.0f games/s "
        "(%.0f games per CPU-second)\n",
        cores, fast.games, fast.seconds, fast.games / fast.seconds, fast.games / fast.cpu);

    // The bare transport: one line to `cat` and back, through the same EngineProcess class.
    constexpr int kPings = 20000;
    double ping = 0;
    {
        EngineProcess cat(ProcessOptions{{"cat"}, "", false});
        const auto t0 = Clock::now();
        for (int i = 0; i < kPings; ++i) {
            cat.write_line("genmove b");
            cat.read_line(Clock::now() + std::chrono::seconds(10));
        }
        ping = seconds_since(t0) / kPings;
    }
    std::printf("bare pipe ping-pong (cat): %.1f us per round trip\n", ping * 1e6);
    // A ply talks to two processes in turn; the same with two `cat`s shows what waking two
    // processes costs on this machine, apart from GTP and the referee.
    double ping2 = 0;
    {
        EngineProcess a(ProcessOptions{{"cat"}, "", false}), b(ProcessOptions{{"cat"}, "", false});
        const auto t0 = Clock::now();
        for (int i = 0; i < kPings / 2; ++i) {
            for (EngineProcess* p : {&a, &b}) {
                p->write_line("genmove b");
                p->read_line(Clock::now() + std::chrono::seconds(10));
            }
        }
        ping2 = seconds_since(t0) / kPings;
    }
    std::printf("bare pipe ping-pong alternating between two cats: %.1f us per round trip\n",
                ping2 * 1e6);

    const std::string engine = "cmd:" + bin + "/othello-engine --policy random";
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
    const MatchFigures wide = run_match(engine, engine, process_games, cores);
    std::printf("processes othello-engine --policy random x2, %d games at a time: %.1f games/s\n",
                cores, wide.games / wide.seconds);
    return 0;
}
