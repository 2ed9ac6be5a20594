// Stable discs: hand-made positions, the symmetries, and the property that defines them, checked
// on real play: no disc the function calls stable is ever flipped, in random games from thousands
// of positions and in every line of play from positions of 7 or fewer empties.
#include <doctest/doctest.h>

#include "engine/rng.h"
#include "engine/stability.h"
#include "engine/symmetry.h"
#include "tests/support/test_support.h"

using namespace othello;

namespace {

Bitboard bit_of(const char* name) {
    return Square::parse(name)->bit();
}

// Every disc of `stable_black` is still black (and of `stable_white` still white) in every
// position reachable from p; returns the number of positions visited.
long check_every_line(const Position& p, Bitboard stable_black, Bitboard stable_white) {
    REQUIRE((p.discs(Color::Black) & stable_black) == stable_black);
    REQUIRE((p.discs(Color::White) & stable_white) == stable_white);
    if (p.is_game_over()) return 1;
    const Bitboard moves = p.legal_moves();
    if (!moves) return 1 + check_every_line(p.pass(), stable_black, stable_white);
    long visited = 1;
    for (int m : Bits(moves))
        visited +=
            check_every_line(p.play_unchecked(Square::from_index(m)), stable_black, stable_white);
    return visited;
}

}  // namespace

TEST_CASE("stable discs in hand-made positions") {
    // A lone corner is stable; so is an edge run from it, and a block grown from it.
    CHECK(stable_discs(bit_of("a1"), bit_of("a1") | bit_of("e4")) == bit_of("a1"));
    const Bitboard run = bit_of("a1") | bit_of("b1") | bit_of("c1");
    CHECK(stable_discs(run, run | bit_of("d1")) == run);
    const Bitboard block = run | bit_of("a2") | bit_of("b2");
    CHECK(stable_discs(block, block) == block);
    // An X-square next to an empty corner is not, nor is an edge run that no corner anchors.
    CHECK(stable_discs(bit_of("b2"), bit_of("b2")) == 0);
    CHECK(stable_discs(bit_of("b1") | bit_of("c1"), bit_of("b1") | bit_of("c1") | bit_of("d1")) ==
          0);
    // c1 next to a1 b1 of the other side: b1 is stable but not c1's own, so it anchors nothing
    // (the other side plays d1 and flips c1).
    CHECK(stable_discs(bit_of("c1"), bit_of("a1") | bit_of("b1") | bit_of("c1")) == 0);
    // A full board: everything is stable, whatever the colours.
    const Bitboard checkerboard = 0xAA55AA55AA55AA55ULL;
    CHECK(stable_discs(checkerboard, ~Bitboard{0}) == checkerboard);
    CHECK(stable_discs(~checkerboard, ~Bitboard{0}) == ~checkerboard);
    // A full first row: each disc on it is stable, corner or not (no move can be made on the row,
    // and the edge shields it along the other three lines).
    const Bitboard row1 = 0xFF;
    const Bitboard mine = bit_of("a1") | bit_of("d1") | bit_of("e1");
    CHECK(stable_discs(mine, row1) == mine);
    CHECK(full_lines(row1).horizontal == row1);
    CHECK(full_lines(row1).vertical == 0);
}

TEST_CASE("full lines, square by square") {
    // (row, column) steps: along the row, the column, the a1-h8 diagonal, the h1-a8 one.
    constexpr int kSteps[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    for (const Position& p : testing::random_positions(30, 9)) {
        const FullLines fast = full_lines(p.occupied());
        const Bitboard lines[4] = {fast.horizontal, fast.vertical, fast.diagonal,
                                   fast.antidiagonal};
        for (int d = 0; d < 4; ++d) {
            for (int square = 0; square < 64; ++square) {
                bool full = true;
                for (int sign : {-1, 1}) {
                    for (int r = square / 8, c = square % 8; r >= 0 && r < 8 && c >= 0 && c < 8;
                         r += sign * kSteps[d][0], c += sign * kSteps[d][1])
                        full = full && (p.occupied() & bit(r * 8 + c));
                }
                REQUIRE(((lines[d] >> square) & 1) == (full ? 1u : 0u));
            }
        }
    }
}

TEST_CASE("stable discs commute with the 8 board symmetries") {
    for (const Position& p : testing::random_positions(40, 7)) {
        const Bitboard stable = stable_discs(p.player(), p.occupied());
        for (Symmetry s = 1; s < kSymmetryCount; ++s) {
            const Position image = transform(s, p);
            REQUIRE(stable_discs(image.player(), image.occupied()) == transform(s, stable));
        }
    }
}

TEST_CASE("no stable disc is ever flipped in random games") {
    Rng rng(11);
    long stable_seen = 0;
    for (const Position& start : testing::random_positions(200, 3)) {
        const Bitboard stable_black = stable_discs(start.discs(Color::Black), start.occupied());
        const Bitboard stable_white = stable_discs(start.discs(Color::White), start.occupied());
        stable_seen += popcount(stable_black | stable_white);
        for (int playout = 0; playout < 3; ++playout) {
            Position p = start;
            while (!p.is_game_over()) {
                const Bitboard moves = p.legal_moves();
                p = moves ? p.play_unchecked(Square::from_index(rng.pick_bit(moves))) : p.pass();
                REQUIRE((p.discs(Color::Black) & stable_black) == stable_black);
                REQUIRE((p.discs(Color::White) & stable_white) == stable_white);
            }
        }
    }
    CHECK(stable_seen > 50000);  // the check above is about many stable discs, not a few
}

TEST_CASE("no stable disc is flipped in any line of play from 7 or fewer empties") {
    long positions = 0, lines = 0;
    for (const Position& p : testing::random_positions(150, 21)) {
        if (popcount(p.empties()) > 7 || p.is_game_over()) continue;
        ++positions;
        lines += check_every_line(p, stable_discs(p.discs(Color::Black), p.occupied()),
                                  stable_discs(p.discs(Color::White), p.occupied()));
    }
    CHECK(positions > 500);
    CHECK(lines > positions * 10);
}
