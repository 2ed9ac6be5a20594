// The training-only endgame solver against a brute-force minimax over the Position rules, and the
// exact labels it gives self-play positions.
#include <doctest/doctest.h>

#include <algorithm>

#include "engine/notation.h"
#include "engine/patterns/endgame_solver.h"
#include "engine/patterns/self_play.h"
#include "engine/policies/policy_registry.h"
#include "tests/test_support.h"

using namespace othello;
using namespace othello::patterns;

namespace {

// Perfect play by full minimax, no pruning, through the public rules only.
int minimax(const Position& p) {
    if (p.is_game_over()) return p.final_disc_difference(p.side_to_move());
    const Bitboard moves = p.legal_moves();
    if (!moves) return -minimax(p.pass());
    int best = -1000;
    for (int sq : Bits(moves))
        best = std::max(best, -minimax(p.play_unchecked(Square::from_index(sq))));
    return best;
}

// A random game played until `empties` squares are left (or it ends earlier).
Game random_game_until(Rng& rng, int empties) {
    Game game;
    while (!game.is_over() && game.current().empty_count() > empties) {
        const Bitboard moves = game.current().legal_moves();
        game.play(moves ? Move(Square::from_index(rng.pick_bit(moves))) : Move::pass());
    }
    return game;
}

}  // namespace

TEST_CASE("the solver agrees with brute-force minimax on random endgames") {
    Rng rng(2024);
    int compared = 0, nonzero = 0;
    for (int i = 0; i < 300; ++i) {
        const int empties = 1 + static_cast<int>(rng.below(8));  // 1..8 empties
        const Game game = random_game_until(rng, empties);
        const Position& p = game.current();
        const int expected = minimax(p);
        std::uint64_t nodes = 0;
        CHECK_MESSAGE(solve_endgame(p, &nodes) == expected, to_board_string(p));
        CHECK(nodes > 0);
        ++compared;
        if (expected != 0) ++nonzero;
    }
    CHECK(compared == 300);
    CHECK(nonzero > 200);
}

TEST_CASE("the solver scores finished games and forced passes by the rules") {
    // A full board: black 40, white 24.
    const Bitboard black = 0xFFFFFFFFFF000000ULL;
    const Position full = Position::from_colors(black, ~black, Color::White);
    CHECK(solve_endgame(full) == -16);
    // Black to move with a1 the only empty square and white only on b1: black takes everything.
    const Bitboard almost = ~Bitboard{0} & ~bit(0) & ~bit(1);
    CHECK(solve_endgame(Position::from_colors(almost, bit(1), Color::Black)) == 64);
    // The same board with white to move: white cannot move, black must play a1.
    CHECK(solve_endgame(Position::from_colors(almost, bit(1), Color::White)) == -64);
}

TEST_CASE("exact labels: solved values near the end, the first solved value before it") {
    Rng rng(77);
    for (int g = 0; g < 20; ++g) {
        const Game game = random_game_until(rng, 0);
        REQUIRE(game.is_over());
        TrainingSamples samples;
        add_exactly_labelled_positions(game, 8, samples);
        std::optional<int> black_exact;
        std::size_t i = 0;
        for (const Position& p : game.positions()) {
            if (!p.has_legal_move()) continue;
            REQUIRE(i < samples.size());
            CHECK(samples[i].player == p.player());
            CHECK(samples[i].opponent == p.opponent());
            if (p.empty_count() <= 8) {
                const int value = minimax(p);
                if (!black_exact) black_exact = p.side_to_move() == Color::Black ? value : -value;
                CHECK(samples[i].target == static_cast<float>(value));
            }
            ++i;
        }
        CHECK(i == samples.size());
        REQUIRE(black_exact);
        i = 0;
        for (const Position& p : game.positions()) {
            if (!p.has_legal_move()) continue;
            if (p.empty_count() > 8) {
                const int value = p.side_to_move() == Color::Black ? *black_exact : -*black_exact;
                CHECK(samples[i].target == static_cast<float>(value));
            }
            ++i;
        }
    }
}

TEST_CASE("self-play against another policy is deterministic and labels exactly") {
    std::vector<double> real(static_cast<std::size_t>(kPhaseCount) * kEntriesPerPhase, 0);
    const auto weights = std::make_shared<const PatternWeights>(PatternWeights::from_discs(real));
    SelfPlayOptions options;
    options.games = 6;
    options.exact_empties = 6;
    options.opponent_share = 0.5;
    options.opponent = [](std::uint64_t seed) {
        PolicyOptions o;
        o.seed = seed;
        return make_policy("mobility", o);
    };
    const TrainingSamples a = self_play_samples(weights, options);
    options.threads = 1;
    const TrainingSamples b = self_play_samples(weights, options);
    REQUIRE(a.size() == b.size());
    CHECK(a.size() > 6 * 40);
    for (std::size_t i = 0; i < a.size(); ++i) {
        CHECK(a[i].player == b[i].player);
        CHECK(a[i].target == b[i].target);
        const Position p = Position::from_mover(a[i].player, a[i].opponent, Color::Black);
        if (p.empty_count() <= 6) CHECK(a[i].target == static_cast<float>(minimax(p)));
    }
}
