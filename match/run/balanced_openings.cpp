// Balanced openings: the playout test, the set's computation and the shipped file's reader.
#include "match/run/balanced_openings.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <numeric>
#include <stdexcept>
#include <thread>

#include "engine/data_dir.h"
#include "engine/notation.h"
#include "engine/parallel_for.h"
#include "engine/random_playout.h"
#include "engine/symmetry.h"
#include "match/run/opening_enumeration.h"

namespace othello {

bool is_balanced(const Position& p, Rng& rng) {
    constexpr int kPlayouts = 64;
    int total = 0;
    for (int i = 0; i < kPlayouts; ++i) {
        total += random_playout(p, rng).final_disc_difference(Color::Black);
        if (i + 1 == kPlayouts / 4 && std::abs(total) > (kPlayouts / 4) * 8) return false;
    }
    return std::abs(total) <= kPlayouts * 2;  // within 2 discs on average
}

bool is_balanced(const Position& p) {
    const CanonicalForm canonical = canonical_form(p);
    Rng rng(hash(canonical.position));
    // Black's margin is the same in every image: the canonical one is played out.
    return is_balanced(canonical.position, rng);
}

std::vector<std::string> compute_balanced_openings(int plies, int threads) {
    const std::vector<Opening> all = enumerate_openings(plies);
    std::vector<char> keep(all.size(), 0);
    parallel_for(all.size(), threads,
                 [&](std::size_t i) { keep[i] = is_balanced(all[i].game.current()); });
    std::vector<std::string> out;
    for (std::size_t i = 0; i < all.size(); ++i) {
        if (keep[i]) out.push_back(all[i].transcript);
    }
    return out;
}

std::string shipped_balanced_openings_path() {
    return (data_dir() / ("balanced-openings-" + std::to_string(kShippedBalancedPlies) + ".txt"))
        .string();
}

namespace {

struct Line {
    std::string transcript;
    long number;  // in the file, for messages; 0 when computed
};

// The shipped set, from its file; empty when there is no file.
std::vector<Line> read_shipped(const std::string& path) {
    std::ifstream in(path);
    std::vector<Line> lines;
    if (!in) return lines;
    std::string line;
    for (long number = 1; std::getline(in, line); ++number) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty() || line.front() == '#') continue;
        lines.push_back({line, number});
    }
    if (in.bad()) throw std::runtime_error("cannot read '" + path + "': " + std::strerror(errno));
    return lines;
}

}  // namespace

std::vector<Opening> shipped_balanced_openings(std::uint64_t seed, std::size_t wanted) {
    const std::string path = shipped_balanced_openings_path();
    std::vector<Line> lines = read_shipped(path);
    if (lines.empty()) {
        std::cerr << "othello-match: warning: '" << path
                  << "' is missing or empty: computing the balanced openings it holds (seconds; "
                     "`othello-match balanced-openings` writes the file)\n";
        const int threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
        for (std::string& t : compute_balanced_openings(kShippedBalancedPlies, threads))
            lines.push_back({std::move(t), 0});
    }
    // The same shuffle as every generated set's random order: a seed picks its openings.
    std::vector<std::size_t> order(lines.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    Rng rng(seed ^ 0x6F70656E696E6773ULL);
    std::shuffle(order.begin(), order.end(), rng);
    order.resize(std::min(order.size(), wanted));
    std::vector<Opening> out;
    out.reserve(order.size());
    for (std::size_t i : order) {
        const Line& line = lines[i];
        try {
            Game game = Game::from_transcript(line.transcript);
            if (game.is_over()) throw NotationError("the game is already over");
            out.push_back({"", game.transcript(), std::move(game)});
        } catch (const NotationError& e) {
            throw std::runtime_error(path + ":" + std::to_string(line.number) +
                                     ": bad opening: " + e.what());
        }
    }
    return out;
}

}  // namespace othello
