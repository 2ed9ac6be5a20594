// The training search labels against a brute-force negamax over the Position rules, with
// random (but fixed) weights at the leaves, and the relabelling rules (share, kept endgames).
#include <doctest/doctest.h>

#include <algorithm>

#include "engine/notation.h"
#include "engine/search/endgame_solver.h"
#include "tests/support/test_support.h"
#include "training/search_labeller.h"

using namespace othello;
using namespace othello::patterns;
using namespace othello::search;
using namespace othello::training;

namespace {

PatternWeights random_weights(std::uint64_t seed) {
    Rng rng(seed);
    std::vector<double> real(static_cast<std::size_t>(kPhaseCount) * kEntriesPerPhase);
    for (double& w : real) w = rng.uniform() * 4 - 2;
    return PatternWeights::from_discs(real);
}

// Full-width negamax in discs through the public rules: a pass keeps the depth, a finished game
// scores its result, depth 0 is the evaluation.
double negamax(const PatternWeights& w, const Position& p, int depth) {
    if (p.is_game_over()) return p.final_disc_difference(p.side_to_move());
    const Bitboard moves = p.legal_moves();
    if (!moves) return -negamax(w, p.pass(), depth);
    if (depth == 0) return w.evaluate(p);
    double best = -1e9;
    for (int sq : Bits(moves))
        best = std::max(best, -negamax(w, p.play_unchecked(Square::from_index(sq)), depth - 1));
    return best;
}

std::vector<Position> random_positions(std::uint64_t seed, int count) {
    Rng rng(seed);
    std::vector<Position> out;
    while (static_cast<int>(out.size()) < count) {
        Position p = Position::start();
        const int plies = static_cast<int>(rng.below(58));
        for (int i = 0; i < plies && !p.is_game_over(); ++i) {
            const Bitboard moves = p.legal_moves();
            p = moves ? p.play_unchecked(Square::from_index(rng.pick_bit(moves))) : p.pass();
        }
        if (!p.is_game_over()) out.push_back(p);
    }
    return out;
}

}  // namespace

TEST_CASE("search values equal brute-force negamax over the evaluation") {
    const PatternWeights w = random_weights(5);
    int positions = 0;
    for (const Position& p : random_positions(11, 120)) {
        for (int depth = 0; depth <= 3; ++depth) {
            const double expected = negamax(w, p, depth);
            CHECK_MESSAGE(search_value(w, p, depth, 0) == doctest::Approx(expected).epsilon(1e-9),
                          to_board_string(p) << " depth " << depth);
        }
        ++positions;
    }
    CHECK(positions == 120);
}

TEST_CASE("positions with few empties get the solver's exact value") {
    const PatternWeights w = random_weights(6);
    int solved = 0;
    for (const Position& p : random_positions(12, 400)) {
        if (p.empty_count() > 8) continue;
        CHECK(search_value(w, p, 2, 8) == solve_endgame(p));
        ++solved;
    }
    CHECK(solved > 20);
}

TEST_CASE("relabelling blends by the share, keeps the endgames and ignores thread counts") {
    const PatternWeights w = random_weights(7);
    TrainingSamples samples;
    for (const Position& p : random_positions(13, 300)) {
        if (p.has_legal_move()) samples.push_back({p.player(), p.opponent(), 10.0f});
    }
    SearchLabelOptions options;
    options.depth = 2;
    options.search_share = 0.25;
    options.from_empties = 20;
    options.threads = 3;
    TrainingSamples a = samples;
    relabel_by_search(a, w, options, nullptr);
    options.threads = 1;
    TrainingSamples b = samples;
    relabel_by_search(b, w, options, nullptr);
    int kept = 0, changed = 0;
    for (std::size_t i = 0; i < samples.size(); ++i) {
        CHECK(a[i].target == b[i].target);
        const Position p =
            Position::from_mover(samples[i].player, samples[i].opponent, Color::Black);
        if (p.empty_count() < 20) {
            CHECK(a[i].target == 10.0f);
            ++kept;
        } else {
            const double expected = 0.25 * negamax(w, p, 2) + 0.75 * 10.0;
            CHECK(a[i].target == doctest::Approx(expected).epsilon(1e-5));
            ++changed;
        }
    }
    CHECK(kept > 20);
    CHECK(changed > 20);
}

TEST_CASE("the transposition table changes the work, never a value") {
    // One labeller kept over many positions (its table full of other positions' bounds, of every
    // depth), a tiny table where every slot is fought over, and a fresh labeller per position
    // all give the brute-force value.
    const PatternWeights w = random_weights(8);
    SearchLabeller kept(w), tiny(w, 2);
    const std::vector<Position> positions = random_positions(14, 60);
    for (int depth : {4, 2, 3, 5}) {
        if (depth == 5) {
            // Depth 5 by brute force is slow: a fresh labeller with a large table stands in.
            for (const Position& p : positions) {
                SearchLabeller fresh(w, 20);
                CHECK(kept.value(p, depth, 0) == fresh.value(p, depth, 0));
                CHECK(tiny.value(p, depth, 0) == fresh.value(p, depth, 0));
            }
            continue;
        }
        for (const Position& p : positions) {
            const double expected = negamax(w, p, depth);
            CHECK_MESSAGE(kept.value(p, depth, 0) == doctest::Approx(expected).epsilon(1e-9),
                          to_board_string(p) << " depth " << depth);
            CHECK(tiny.value(p, depth, 0) == doctest::Approx(expected).epsilon(1e-9));
        }
    }
    CHECK(kept.nodes() > 0);
}
