// Self-play training data: deterministic for a seed whatever the thread count, labelled from the
// side to move, and exactly labelled near the end by the endgame solver (checked against a
// brute-force minimax over the Position rules).
#include <doctest/doctest.h>

#include <optional>

#include "engine/policies/policy_registry.h"
#include "tests/engine/patterns/pattern_test_support.h"
#include "tests/engine/search/endgame_reference.h"
#include "training/self_play.h"

using namespace othello;
using namespace othello::patterns;
using othello::testing::bias_only;
using namespace othello::training;
using othello::testing::minimax;
using othello::testing::random_game_until;

TEST_CASE("self-play data is deterministic for a seed and labelled from the side to move") {
    SelfPlayOptions options;
    options.games = 6;
    options.seed = 4;
    const auto a = self_play_samples(bias_only(0), options);
    options.threads = 1;
    const auto b = self_play_samples(bias_only(0), options);
    REQUIRE(a.size() == b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        CHECK(a[i].player == b[i].player);
        CHECK(a[i].target == b[i].target);
    }
    // The first sample of each game is the start position, black to move.
    CHECK(a[0].player == Position::start().player());
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
