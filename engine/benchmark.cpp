// Timed perft and random self-play on all cores (what `othello-engine bench` prints).
#include "engine/benchmark.h"

#include <chrono>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include "engine/instruction_set.h"
#include "engine/perft.h"
#include "engine/random_playout.h"

namespace othello {

namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// `games` random games from the start on the instruction set Isa; returns the moves they took.
struct RandomGames {
    template <InstructionSet Isa>
    [[gnu::always_inline]] static std::uint64_t run(Rng& rng, int games) {
        // A copy the batch keeps in registers: through the caller's reference, every draw would
        // wait for the last one's state to be stored and loaded back.
        Rng local = rng;
        std::uint64_t moves = 0;
        for (int i = 0; i < games; ++i)
            moves += 60 - random_playout<Isa>(Position::start(), local).empty_count();
        rng = local;
        return moves;
    }
};

}  // namespace

PerftResult timed_perft(int depth, InstructionSet set) {
    const auto start = std::chrono::steady_clock::now();
    const std::uint64_t leaves = perft(Position::start(), depth, set);
    return {depth, leaves, seconds_since(start), set};
}

SelfPlayResult random_self_play(double seconds, int threads, std::uint64_t seed,
                                InstructionSet set) {
    // Each thread counts in its own local Tally and stores it once at the end, so the threads
    // never write to shared cache lines while they play.
    struct Tally {
        std::uint64_t games = 0, moves = 0;
    };
    std::vector<Tally> tallies(threads);
    const auto start = std::chrono::steady_clock::now();
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t) {
        workers.emplace_back([&, t] {
            Rng rng(seed + t);
            Tally local;
            // Check the clock every 1024 games: a game takes about a microsecond.
            while (seconds_since(start) < seconds) {
                local.moves += dispatch<RandomGames>(set, rng, 1024);
                local.games += 1024;
            }
            tallies[t] = local;
        });
    }
    for (auto& w : workers) w.join();
    SelfPlayResult result{0, threads, seconds_since(start), 0};
    for (const auto& t : tallies) {
        result.games += t.games;
        result.moves += t.moves;
    }
    return result;
}

void run_bench(std::ostream& out, int perft_depth, double self_play_seconds) {
    out << pext_note() << "\n";
    char line[200];
    for (InstructionSet set : available_instruction_sets()) {
        const PerftResult p = timed_perft(perft_depth, set);
        std::snprintf(line, sizeof line,
                      "perft %d = %llu leaves in %.3f s: %.1f million leaves/s (1 thread, %s)\n",
                      p.depth, static_cast<unsigned long long>(p.leaves), p.seconds,
                      p.leaves / p.seconds / 1e6, std::string(name_of(set)).c_str());
        out << line;
    }
    const int threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    const SelfPlayResult s = random_self_play(self_play_seconds, threads, 1);
    std::snprintf(line, sizeof line,
                  "random self-play: %llu games in %.3f s: %.0f games/s (%d threads, %s, %.1f "
                  "million moves/s)\n",
                  static_cast<unsigned long long>(s.games), s.seconds, s.games / s.seconds,
                  s.threads, std::string(name_of(best_instruction_set())).c_str(),
                  s.moves / s.seconds / 1e6);
    out << line << std::flush;
}

}  // namespace othello
