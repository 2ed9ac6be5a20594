// The exact endgame solver (adjudication and training labels) against a brute-force minimax over
// the Position rules.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <thread>
#include <vector>

#include "engine/notation.h"
#include "engine/search/endgame_solver.h"
#include "tests/engine/search/endgame_reference.h"
#include "tests/support/test_support.h"

using namespace othello;
using namespace othello::search;

using othello::testing::alpha_beta;
using othello::testing::minimax;
using othello::testing::random_game_until;

TEST_CASE("the solver agrees with brute-force minimax on random endgames, on every set") {
    Rng rng(2024);
    const auto sets = othello::testing::available_instruction_sets();
    int compared = 0, nonzero = 0;
    for (int i = 0; i < 300; ++i) {
        const int empties = 1 + static_cast<int>(rng.below(8));  // 1..8 empties
        const Game game = random_game_until(rng, empties);
        const Position& p = game.current();
        const int expected = minimax(p);
        for (InstructionSet set : sets) {
            CAPTURE(name_of(set));
            std::uint64_t nodes = 0;
            CHECK_MESSAGE(solve_endgame(p, &nodes, set) == expected, to_board_string(p));
            CHECK(nodes > 0);
        }
        ++compared;
        if (expected != 0) ++nonzero;
    }
    CHECK(compared == 300);
    CHECK(nonzero > 200);
}

TEST_CASE("the solver agrees with plain alpha-beta where its table, ordering and stability cut") {
    // 9 to 13 empties: the transposition table and the sorted moves are used from 9 on.
    Rng rng(77);
    int nonzero = 0;
    for (int i = 0; i < 40; ++i) {
        const int empties = 9 + i % 5;
        const Game game = random_game_until(rng, empties);
        const Position& p = game.current();
        const int expected = alpha_beta(p);
        CHECK_MESSAGE(solve_endgame(p) == expected, to_board_string(p));
        if (expected != 0) ++nonzero;
    }
    CHECK(nonzero > 25);
}

TEST_CASE("the table kept between solves changes no value, only the work") {
    Rng rng(5);
    std::vector<Position> positions;
    while (positions.size() < 12) {
        const Game game = random_game_until(rng, 14);
        if (game.current().legal_moves()) positions.push_back(game.current());
    }
    std::vector<int> first;
    for (const Position& p : positions) {
        first.push_back(solve_endgame(p));
        // Solved again at once, the position finds its own exact value at the root.
        std::uint64_t nodes = 0;
        CHECK(solve_endgame(p, &nodes) == first.back());
        CHECK(nodes == 1);
    }
    // Again in reverse order, each among entries its neighbours left.
    for (std::size_t i = positions.size(); i-- > 0;) CHECK(solve_endgame(positions[i]) == first[i]);
    // A thread of its own starts with an empty table and finds the same values.
    std::vector<int> other(positions.size());
    std::uint64_t fresh_nodes = 0;
    std::thread([&] {
        for (std::size_t i = 0; i < positions.size(); ++i)
            other[i] = solve_endgame(positions[i], &fresh_nodes);
    }).join();
    CHECK(other == first);
    CHECK(fresh_nodes > 12 * positions.size());
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

TEST_CASE("a solve within a budget: the value when it fits, nothing past it, the same anywhere") {
    Rng rng(9);
    const auto sets = othello::testing::available_instruction_sets();
    for (int i = 0; i < 6; ++i) {
        const Game game = random_game_until(rng, 12 + i % 3);
        const Position& p = game.current();
        // The node count of a budgeted solve is the position's own: its table starts empty, so
        // a thread whose table holds other positions counts the same.
        std::uint64_t nodes = 0;
        std::optional<int> fresh;
        std::thread([&] { fresh = solve_endgame_within(p, UINT64_MAX); }).join();
        const int value = solve_endgame(p, &nodes);
        REQUIRE(fresh.has_value());
        CHECK(*fresh == value);
        // Find the smallest budget that fits by bisection: it fits from there on, never below.
        std::uint64_t low = 0, high = 1 << 24;
        while (low + 1 < high) {
            const std::uint64_t middle = (low + high) / 2;
            (solve_endgame_within(p, middle) ? high : low) = middle;
        }
        CHECK(high > 100);
        CHECK(solve_endgame_within(p, high) == value);
        CHECK_FALSE(solve_endgame_within(p, high - 1).has_value());
        std::optional<int> again;
        std::thread([&] { again = solve_endgame_within(p, high); }).join();
        CHECK(again == value);
        // Every instruction set does the same work: the same budget fits, one less does not.
        for (InstructionSet set : sets) {
            CAPTURE(name_of(set));
            CHECK(solve_endgame_within(p, high, set) == value);
            CHECK_FALSE(solve_endgame_within(p, high - 1, set).has_value());
        }
    }
}
