// Where a player's points go: each move's loss against the best, checked against the values of
// every alternative, by the solver where it is exact and by the labelling search before.
#include <doctest/doctest.h>

#include <algorithm>
#include <sstream>

#include "engine/rng.h"
#include "engine/search/endgame_solver.h"
#include "training/move_losses.h"
#include "training/search_labeller.h"

using namespace othello;
using namespace othello::patterns;
using namespace othello::training;

namespace {

PatternWeights small_random_weights(std::uint64_t seed) {
    Rng rng(seed);
    std::vector<double> real(static_cast<std::size_t>(kPhaseCount) * kEntriesPerPhase);
    for (double& w : real) w = rng.uniform() * 2 - 1;
    return PatternWeights::from_discs(real);
}

// A random game to its end, with the players' names.
GgfRecord random_finished_game(std::uint64_t seed, const std::string& black,
                               const std::string& white) {
    Rng rng(seed);
    Game game;
    while (!game.is_over()) {
        const Bitboard moves = game.current().legal_moves();
        game.play(moves ? Move(Square::from_index(rng.pick_bit(moves))) : Move::pass());
    }
    GgfRecord record = GgfRecord::from_game(game);
    record.set_tag("PB", black);
    record.set_tag("PW", white);
    return record;
}

// The loss of each of `color`'s moves, from the values of all the moves it had.
std::vector<double> losses_by_alternatives(const GgfRecord& record, Color color,
                                           const PatternWeights& w,
                                           const MoveLossOptions& options) {
    std::vector<double> by_empties(61, 0);
    const Game game = record.game();
    for (std::size_t i = 0; i < game.moves().size(); ++i) {
        const Position& p = game.positions()[i];
        if (p.side_to_move() != color || game.moves()[i].is_pass()) continue;
        const bool exact = p.empty_count() <= options.exact_empties;
        const auto value_of = [&](Square s) {  // from the mover's side
            const Position child = p.play_unchecked(s);
            return exact ? -static_cast<double>(search::solve_endgame(child))
                         : -search_value(w, child, options.depth - 1, 0);
        };
        double best = -1e9;
        for (int sq : Bits(p.legal_moves()))
            best = std::max(best, value_of(Square::from_index(sq)));
        by_empties[static_cast<std::size_t>(p.empty_count())] +=
            best - value_of(game.moves()[i].square());
    }
    return by_empties;
}

}  // namespace

TEST_CASE("each move's loss is the best alternative's value minus its own") {
    const PatternWeights w = small_random_weights(3);
    std::vector<GgfRecord> games;
    for (std::uint64_t seed = 1; seed <= 6; ++seed)
        games.push_back(seed % 2 ? random_finished_game(seed, "a", "b")
                                 : random_finished_game(seed, "b", "a"));
    games.push_back(random_finished_game(99, "c", "d"));  // a game "a" did not play
    MoveLossOptions options;
    options.depth = 2;
    options.exact_empties = 10;
    options.threads = 2;
    const MoveLosses losses = move_losses(games, "a", w, options);
    CHECK(losses.games == 6);
    CHECK(losses.skipped == 1);
    std::vector<double> expected(61, 0);
    for (std::size_t g = 0; g < 6; ++g) {
        const auto e =
            losses_by_alternatives(games[g], g % 2 == 0 ? Color::Black : Color::White, w, options);
        for (std::size_t i = 0; i < e.size(); ++i) expected[i] += e[i];
    }
    int moves = 0, lost = 0;
    for (std::size_t e = 0; e <= 60; ++e) {
        CHECK_MESSAGE(losses.by_empties[e].discs == doctest::Approx(expected[e]).epsilon(1e-9),
                      e << " empties");
        CHECK(losses.by_empties[e].mistakes <= losses.by_empties[e].choices);
        CHECK(losses.by_empties[e].choices <= losses.by_empties[e].moves);
        moves += losses.by_empties[e].moves;
        lost += losses.by_empties[e].mistakes;
    }
    // Random moves lose often, in both regions.
    CHECK(moves > 150);
    CHECK(lost > 30);
    double exact = 0, searched = 0;
    for (int e = 1; e <= 10; ++e) exact += losses.by_empties[static_cast<std::size_t>(e)].discs;
    for (int e = 11; e <= 60; ++e) searched += losses.by_empties[static_cast<std::size_t>(e)].discs;
    CHECK(exact > 0);
    CHECK(searched > 0);

    std::ostringstream table;
    print_move_losses(losses, table);
    CHECK(table.str().find("| 10-10 | exact |") != std::string::npos);
    CHECK(table.str().find("| 9-1 | exact |") != std::string::npos);
    CHECK(table.str().find("| 14-11 | depth 2 |") != std::string::npos);
}

TEST_CASE("a perfect endgame loses nothing where it is exact, and an unknown player is named") {
    // Both sides play the solver's move from 12 empties on.
    Rng rng(4);
    Game game;
    while (!game.is_over()) {
        const Position& p = game.current();
        const Bitboard moves = p.legal_moves();
        if (!moves) {
            game.play(Move::pass());
            continue;
        }
        int chosen = rng.pick_bit(moves);
        if (p.empty_count() <= 12) {
            int best = -100;
            for (int sq : Bits(moves)) {
                const int v = -search::solve_endgame(p.play_unchecked(Square::from_index(sq)));
                if (v > best) best = v, chosen = sq;
            }
        }
        game.play(Square::from_index(chosen));
    }
    GgfRecord record = GgfRecord::from_game(game);
    record.set_tag("PB", "solver");
    record.set_tag("PW", "solver too");
    MoveLossOptions options;
    options.depth = 2;
    options.exact_empties = 12;
    const MoveLosses losses = move_losses({record}, "solver", small_random_weights(5), options);
    for (int e = 0; e <= 12; ++e) CHECK(losses.by_empties[static_cast<std::size_t>(e)].discs == 0);
    CHECK_THROWS_WITH_AS(move_losses({record}, "nobody", small_random_weights(5), options),
                         doctest::Contains("'nobody' (the records' players: solver, solver too)"),
                         std::invalid_argument);
}
