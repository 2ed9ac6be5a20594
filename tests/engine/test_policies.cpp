// Tests of the random and mobility policies and the policy registry.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/notation.h"
#include "engine/policies/mobility_policy.h"
#include "engine/policies/policy_registry.h"
#include "tests/support/test_support.h"

using namespace othello;

namespace {

// Plays a whole game with one policy on both sides, choosing on `set`; returns the transcript.
std::string self_play(std::string_view spec, std::uint64_t seed,
                      InstructionSet set = best_instruction_set()) {
    PolicyOptions options;
    options.seed = seed;
    auto policy = make_policy(spec, options, set);
    Game game;
    while (!game.is_over()) game.play(policy->choose(game));
    return game.transcript();
}

}  // namespace

TEST_CASE("the catalogue lists random, mobility and mobility-max with descriptions") {
    std::set<std::string> names;
    for (const auto& info : policy_catalogue()) {
        names.insert(info.name);
        CHECK_FALSE(info.description.empty());
    }
    CHECK(names.count("random") == 1);
    CHECK(names.count("mobility") == 1);
    CHECK(names.count("mobility-max") == 1);
}

TEST_CASE("unknown policies and impossible chains are refused with a clear message") {
    try {
        make_policy("minimax", {});
        FAIL("no exception");
    } catch (const std::invalid_argument& e) {
        const std::string what = e.what();
        CHECK(what.rfind("unknown policy 'minimax' (known: random, mobility, mobility-max", 0) ==
              0);
    }
    CHECK_THROWS_AS(make_policy("", {}), std::invalid_argument);
    CHECK_THROWS_AS(make_policy("random,", {}), std::invalid_argument);
    CHECK_THROWS_WITH_AS(make_policy("random,mobility", {}),
                         "policy 'random' always has a move and takes no fallback",
                         std::invalid_argument);
}

TEST_CASE("every policy is deterministic given the seed, and seeds vary the games") {
    for (const char* spec : {"random", "mobility", "mobility-max"}) {
        CAPTURE(spec);
        const std::string a = self_play(spec, 7);
        CHECK(a == self_play(spec, 7));
        std::set<std::string> games;
        for (std::uint64_t seed = 1; seed <= 8; ++seed) games.insert(self_play(spec, seed));
        CHECK(games.size() > 1);
        // Every game is legal and complete.
        CHECK(Game::from_transcript(a).is_over());
    }
}

TEST_CASE("every policy plays the same games on every instruction set") {
    const auto sets = testing::available_instruction_sets();
    std::vector<std::string> specs = {"book,mobility-max"};
    for (const auto& info : policy_catalogue()) specs.push_back(info.name);
    for (const std::string& spec : specs) {
        CAPTURE(spec);
        // The search-free heuristics, whose choices are kernels, on many games; the rest on few.
        const int games = spec.rfind("mobility", 0) == 0 || spec == "random" ? 40 : 2;
        for (std::uint64_t seed = 1; seed <= static_cast<std::uint64_t>(games); ++seed) {
            const std::string baseline = self_play(spec, seed, InstructionSet::kBaseline);
            for (InstructionSet set : sets) CHECK(self_play(spec, seed, set) == baseline);
        }
    }
}

TEST_CASE("policies pass when there is no move and evaluate every legal move, best first") {
    for (const auto& info : policy_catalogue()) {
        if (info.name != "random" && info.name.rfind("mobility", 0) != 0) continue;
        CAPTURE(info.name);
        auto policy = make_policy(info.name, {});
        for (const Position& p : testing::random_positions(20, 3)) {
            if (p.is_game_over()) continue;
            Game game(p);
            const auto scores = policy->evaluate(game);
            CHECK(scores.size() == static_cast<std::size_t>(popcount(p.legal_moves())));
            for (std::size_t i = 1; i < scores.size(); ++i)
                CHECK(scores[i - 1].score >= scores[i].score);
            const Move chosen = policy->choose(game);
            if (!p.has_legal_move()) {
                CHECK(chosen.is_pass());
            } else {
                REQUIRE_FALSE(chosen.is_pass());
                CHECK(p.is_legal(chosen));
            }
        }
    }
}

TEST_CASE("mobility takes an available corner") {
    // Black to move can take a1 (flipping b2 towards the black disc on c3).
    const Position p = parse_board(
        "--------"
        "-O------"
        "--X-----"
        "---XO---"
        "---OX---"
        "--------"
        "--------"
        "-------- X");
    REQUIRE((p.legal_moves() & bit(0)) != 0);
    for (const char* spec : {"mobility", "mobility-max"}) {
        auto policy = make_policy(spec, {});
        CHECK(policy->choose(Game(p)) == Move(Square::parse("a1").value()));
        CHECK(policy->evaluate(Game(p)).front().move == Move(Square::parse("a1").value()));
    }
}

TEST_CASE("mobility never hands the opponent a corner when another move avoids it") {
    // Every black move is checked: the chosen move must leave white no corner if any move does.
    for (const Position& p : testing::random_positions(30, 11)) {
        if (!p.has_legal_move()) continue;
        constexpr Bitboard corners = bit(0) | bit(7) | bit(56) | bit(63);
        if (p.legal_moves() & corners) continue;  // taking a corner comes first
        bool some_move_is_safe = false;
        for (int sq : Bits(p.legal_moves())) {
            const Position after = p.play_unchecked(Square::from_index(sq));
            if (!after.is_game_over() && !(after.legal_moves() & corners)) some_move_is_safe = true;
        }
        if (!some_move_is_safe) continue;
        for (const char* spec : {"mobility", "mobility-max"}) {
            auto policy = make_policy(spec, {});
            const Move m = policy->choose(Game(p));
            const Position after = p.play_unchecked(m.square());
            CHECK(((after.legal_moves() & corners) == 0 || after.is_game_over()));
        }
    }
}

TEST_CASE("mobility minimises the opponent's replies; its score is minus their count") {
    MobilityPolicy policy(MobilityPolicy::Variant::MinimiseReplies, 1);
    const Position start = Position::start();
    // From the start every move leaves white 3 replies, none of them a corner.
    for (int sq : Bits(start.legal_moves())) {
        CHECK(policy.score(start, Square::from_index(sq)) == -3);
    }
    // In any other position the score is minus the replies counted directly.
    const Position p = start.play(Move::parse_or_throw("f5"));
    for (int sq : Bits(p.legal_moves())) {
        const Position after = p.play_unchecked(Square::from_index(sq));
        CHECK(policy.score(p, Square::from_index(sq)) == -popcount(after.legal_moves()));
    }
}

TEST_CASE("mobility-max scores our fewest moves after any reply, plus the corner rules") {
    MobilityPolicy policy(MobilityPolicy::Variant::MaximiseOwnAfterReply, 1);
    constexpr Bitboard corners = bit(0) | bit(7) | bit(56) | bit(63);
    int checked = 0;
    for (const Position& p : testing::random_positions(10, 5)) {
        for (int sq : Bits(p.legal_moves())) {
            const Position after = p.play_unchecked(Square::from_index(sq));
            if (after.is_game_over()) continue;
            double expected = 0;
            if (bit(sq) & corners) expected += MobilityPolicy::kCornerBonus;
            if (after.legal_moves() & corners) expected -= MobilityPolicy::kGivesCornerPenalty;
            if (after.legal_moves() == 0) {
                expected += popcount(after.pass().legal_moves());
            } else {
                int fewest = 64;
                for (int reply : Bits(after.legal_moves())) {
                    const Position next = after.play_unchecked(Square::from_index(reply));
                    fewest = std::min(fewest, popcount(next.legal_moves()));
                }
                expected += fewest;
            }
            CHECK(policy.score(p, Square::from_index(sq)) == expected);
            ++checked;
        }
    }
    CHECK(checked > 100);
}

TEST_CASE("a move that ends the game scores by its result") {
    // After f5f4c3c6c5d6f3c4 black's c7 wipes white out: the game ends with black ahead.
    const Game game = Game::from_transcript("f5f4c3c6c5d6f3c4");
    MobilityPolicy policy(MobilityPolicy::Variant::MinimiseReplies, 1);
    CHECK(policy.score(game.current(), Square::parse("c7").value()) ==
          MobilityPolicy::kGameEndScore);
    CHECK(policy.choose(game) == Move(Square::parse("c7").value()));
}
