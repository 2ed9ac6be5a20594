// Pattern features: the fast extraction equals the square-by-square reference on random positions,
// and the evaluation is exactly invariant under the 8 board symmetries.
#include <doctest/doctest.h>

#include <set>

#include "engine/patterns/pattern_features.h"
#include "engine/patterns/pattern_weights.h"
#include "engine/symmetry.h"
#include "tests/support/test_support.h"

using namespace othello;
using namespace othello::patterns;

TEST_CASE("the pattern set's tables are laid out end to end") {
    CHECK(kPatterns[0].size == 9);
    CHECK(kPatterns[0].configurations == 19683);
    CHECK(kPatterns[1].offset == 19683);
    // The 13 tables: 19683 + 2 * 59049 + 3 * 6561 + 6561 + 2187 + 729 + 243 + 81 + 2 * 59049.
    CHECK(kMoverMobilityEntry == 285363);
    CHECK(kOpponentMobilityEntry == 285363 + 32);
    CHECK(kMoverDiscEntry == 285363 + 64);
    CHECK(kOpponentDiscEntry == 285363 + 64 + 65);
    CHECK(kMoverStableEntry == 285363 + 64 + 130);
    CHECK(kOpponentStableEntry == 285363 + 64 + 195);
    CHECK(kMovePatterns[0].offset == 285363 + 64 + 260);
    CHECK(kMovePatterns[1].offset == 285363 + 64 + 260 + 65536);
    CHECK(kMovePatterns[2].offset == 285363 + 64 + 260 + 2 * 65536);
    CHECK(kBiasEntry == 285363 + 64 + 260 + 3 * 65536);
    CHECK(kEntriesPerPhase == 285363 + 64 + 260 + 3 * 65536 + 1);
    CHECK(phase_of_disc_count(4) == 0);
    CHECK(phase_of_disc_count(5) == 0);
    CHECK(phase_of_disc_count(6) == 1);
    CHECK(phase_of_disc_count(62) == 29);
    CHECK(phase_of_disc_count(63) == 29);
    CHECK(phase_of_disc_count(64) == 29);
}

TEST_CASE("fast feature extraction equals the reference on random positions, on every set") {
    const auto positions = testing::random_positions(300, 42);
    REQUIRE(positions.size() > 15000);
    for (InstructionSet set : testing::available_instruction_sets()) {
        CAPTURE(name_of(set));
        for (const Position& p : positions) {
            const Features fast = extract_features(p, set);
            const Features slow = reference_features(p);
            REQUIRE(fast.phase == slow.phase);
            REQUIRE(fast.entries == slow.entries);
        }
    }
}

TEST_CASE("stable discs equal the square-by-square reference on random positions") {
    int stable = 0;
    for (const Position& p : testing::random_positions(300, 43)) {
        const StableDiscs both =
            stable_discs_of_both(p.player(), p.opponent(), full_lines(p.occupied()));
        REQUIRE(both.a == reference_stable_discs(p.player(), p.occupied()));
        REQUIRE(both.b == reference_stable_discs(p.opponent(), p.occupied()));
        REQUIRE(stable_discs(p.player(), p.occupied()) == both.a);
        stable += popcount(both.a | both.b);
    }
    CHECK(stable > 50000);
}

TEST_CASE("the start position's features by hand") {
    const Features f = extract_features(Position::start());
    CHECK(f.phase == 0);
    // Corner patterns see an empty corner: configuration 0 in every image.
    for (int s = 0; s < 8; ++s) {
        CHECK(f.entries[s * kPatternCount + 0] == 0);
        CHECK(f.entries[s * kPatternCount + 1] == static_cast<std::uint32_t>(kPatterns[1].offset));
    }
    // line-4 (a4..h4) holds white d4 and black e4; black is to move: d4 = digit 2 at 3^3,
    // e4 = digit 1 at 3^4.
    CHECK(f.entries[5] == static_cast<std::uint32_t>(kPatterns[5].offset + 2 * 27 + 81));
    // Then the mobility counts: 4 moves each at the start; after f5 white has 3 (d6 f4 f6).
    CHECK(f.entries[kInstanceCount] == static_cast<std::uint32_t>(kMoverMobilityEntry + 4));
    CHECK(f.entries[kInstanceCount + 1] == static_cast<std::uint32_t>(kOpponentMobilityEntry + 4));
    // And the disc counts, mover first: 2 and 2 at the start; after f5 white (to move) has 1,
    // black 4.
    CHECK(f.entries[kInstanceCount + 2] == static_cast<std::uint32_t>(kMoverDiscEntry + 2));
    CHECK(f.entries[kInstanceCount + 3] == static_cast<std::uint32_t>(kOpponentDiscEntry + 2));
    const Position after = Position::start().play_unchecked(Square::from_index(37));  // f5
    const Features g = extract_features(after);
    CHECK(g.entries[kInstanceCount] == static_cast<std::uint32_t>(kMoverMobilityEntry + 3));
    CHECK(
        g.entries[kInstanceCount + 1] ==
        static_cast<std::uint32_t>(kOpponentMobilityEntry + popcount(after.pass().legal_moves())));
    CHECK(g.entries[kInstanceCount + 2] == static_cast<std::uint32_t>(kMoverDiscEntry + 1));
    CHECK(g.entries[kInstanceCount + 3] == static_cast<std::uint32_t>(kOpponentDiscEntry + 4));
    // No stable discs yet, no legal move near a corner for either side, and an empty first row
    // (on every image: configuration 0 of each legal-move pattern).
    CHECK(f.entries[kInstanceCount + 4] == static_cast<std::uint32_t>(kMoverStableEntry));
    CHECK(f.entries[kInstanceCount + 5] == static_cast<std::uint32_t>(kOpponentStableEntry));
    for (int s = 0; s < 8; ++s) {
        for (int k = 0; k < kMovePatternCount; ++k)
            CHECK(f.entries[kInstanceCount + kGlobalFeatureCount + s * kMovePatternCount + k] ==
                  static_cast<std::uint32_t>(kMovePatterns[k].offset));
    }
}

TEST_CASE("the legal-move patterns and the stable-disc counts by hand") {
    // Black a1 b1 c1, white d1 e2, black to move. Black's three discs are stable (chained to the
    // corner); white's two are not. On the first row black may play e1 (over d1), white nowhere.
    const Bitboard black = bit(0) | bit(1) | bit(2);
    const Bitboard white = bit(3) | bit(12);  // d1, e2
    const Position p = Position::from_colors(black, white, Color::Black);
    const Features f = extract_features(p);
    CHECK(f.entries[kInstanceCount + 4] == static_cast<std::uint32_t>(kMoverStableEntry + 3));
    CHECK(f.entries[kInstanceCount + 5] == static_cast<std::uint32_t>(kOpponentStableEntry + 0));
    // Black's only move is e1 (over d1); white has none. Image 0 is the board itself; image 1
    // mirrors the columns, so a1 b1 c1 d1 e1 become h1 g1 f1 e1 d1.
    REQUIRE(p.legal_moves() == bit(4));
    REQUIRE(p.pass().legal_moves() == 0);
    const auto move_entry = [&](const Features& features, int image, int pattern) {
        const int first = kInstanceCount + kGlobalFeatureCount;
        return features.entries[first + image * kMovePatternCount + pattern];
    };
    const auto entry = [](int pattern, int index) {
        return static_cast<std::uint32_t>(kMovePatterns[pattern].offset + index);
    };
    // move-corner (a1 b1 c1 a2 b2 c2 a3 b3) sees no move on either image.
    CHECK(move_entry(f, 0, 0) == entry(0, 0));
    CHECK(move_entry(f, 1, 0) == entry(0, 0));
    // edge-mover-moves, base 4 over a1..h1: black (the mover) 1 on a1 b1 c1, white 2 on d1,
    // black's move 3 on e1. Mirrored: black on h1 g1 f1 (digits 7 6 5), white on e1 (4), the move
    // on d1 (3).
    CHECK(move_entry(f, 0, 1) == entry(1, 1 + 1 * 4 + 1 * 16 + 2 * 64 + 3 * 256));
    CHECK(move_entry(f, 1, 1) == entry(1, 3 * 64 + 2 * 256 + 1 * 1024 + 1 * 4096 + 1 * 16384));
    // edge-opponent-moves: the same discs, and white has no move to add.
    CHECK(move_entry(f, 0, 2) == entry(2, 1 + 1 * 4 + 1 * 16 + 2 * 64));
    // With white to move, the digits of the discs swap, and black's e1 is now the opponent's.
    const Features g = extract_features(p.pass());
    CHECK(move_entry(g, 0, 1) == entry(1, 2 + 2 * 4 + 2 * 16 + 1 * 64));
    CHECK(move_entry(g, 0, 2) == entry(2, 2 + 2 * 4 + 2 * 16 + 1 * 64 + 3 * 256));
}

TEST_CASE("the evaluation is exactly the same on all 8 images of a position") {
    // Weights that differ everywhere, so any asymmetry would show.
    std::vector<double> real(static_cast<std::size_t>(kPhaseCount) * kEntriesPerPhase);
    Rng rng(3);
    for (double& w : real) w = rng.uniform() * 8 - 4;
    const PatternWeights weights = PatternWeights::from_discs(real);
    for (const Position& p : testing::random_positions(20, 5)) {
        const auto expected = weights.score_units(p);
        for (Symmetry s = 1; s < kSymmetryCount; ++s) {
            REQUIRE(weights.score_units(transform(s, p)) == expected);
        }
    }
}

TEST_CASE("each pattern's placements: lines and diagonals are read once per placement") {
    REQUIRE(kPatterns[1].name == "corner-2x5");
    REQUIRE(kPatterns[3].name == "line-2");
    REQUIRE(kPatterns[6].name == "diagonal-8");
    // line-2 (a2..h2) is its own mirror image: 4 placements, the identity and the mirror fold.
    CHECK(kBoardPlacements[3].read_count == 4);
    CHECK(kBoardPlacements[3].self_count == 2);
    // diagonal-8 is mapped onto itself by 4 symmetries: 2 placements (a1-h8 and h1-a8).
    CHECK(kBoardPlacements[6].read_count == 2);
    CHECK(kBoardPlacements[6].self_count == 4);
    // corner-2x5 has no symmetry of its own: all 8 instances are read.
    CHECK(kBoardPlacements[1].read_count == 8);
    CHECK(kBoardPlacements[1].self_count == 1);
    int reads = 0;
    for (const Placements& at : kBoardPlacements) {
        CHECK(at.read_count * at.self_count == kSymmetryCount);
        reads += at.read_count;
    }
    for (const Placements& at : kMovePlacements) {
        CHECK(at.read_count * at.self_count == kSymmetryCount);
        reads += at.read_count;
    }
    CHECK(reads == 54 + 12);  // of 104 + 24 instances
}

TEST_CASE("the folded evaluation equals the entry-by-entry sum, on every instruction set") {
    const auto sets = testing::available_instruction_sets();
    const auto positions = testing::random_positions(40, 9);
    SUBCASE("weights that differ everywhere") {
        std::vector<double> real(PatternWeights::kTableSize);
        Rng rng(4);
        for (double& w : real) w = rng.uniform() * 60 - 30;
        const PatternWeights weights = PatternWeights::from_discs(real);
        REQUIRE(weights.folded());
        for (InstructionSet set : sets)
            for (const Position& p : positions)
                REQUIRE(weights.score_units(p, set) == weights.unfolded_score_units(p));
    }
    SUBCASE("the shipped weights") {
        const PatternWeights weights = PatternWeights::load(default_weights_path());
        REQUIRE(weights.folded());
        for (InstructionSet set : sets)
            for (const Position& p : positions)
                REQUIRE(weights.score_units(p, set) == weights.unfolded_score_units(p));
    }
    SUBCASE("weights too large to fold are evaluated unfolded") {
        std::vector<double> real(PatternWeights::kTableSize, 100.0);
        const PatternWeights weights = PatternWeights::from_discs(real);
        CHECK_FALSE(weights.folded());
        for (InstructionSet set : sets)
            for (const Position& p : positions)
                REQUIRE(weights.score_units(p, set) == weights.unfolded_score_units(p));
    }
}
