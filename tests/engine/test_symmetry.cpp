// Symmetries: round trips, agreement between square and bitboard transforms, move generation
// commuting with every symmetry, canonical form and hash invariance.
#include <doctest/doctest.h>

#include <set>

#include "engine/symmetry.h"
#include "tests/support/test_support.h"

using namespace othello;

TEST_CASE("the 8 symmetries are distinct and each has an inverse") {
    const Square b1 = *Square::parse("b1");
    std::set<int> images;
    for (Symmetry s = 0; s < kSymmetryCount; ++s) {
        images.insert(transform(s, b1).index());
        CHECK(transform(inverse(s), transform(s, b1)) == b1);
    }
    CHECK(images.size() == 8);
    CHECK(transform(0, b1) == b1);
}

TEST_CASE("square and bitboard transforms agree") {
    for (Symmetry s = 0; s < kSymmetryCount; ++s) {
        for (int i = 0; i < 64; ++i) {
            CHECK(transform(s, bit(i)) == transform(s, Square::from_index(i)).bit());
            CHECK(symmetric_images(bit(i) | bit(63 - i / 2))[s] ==
                  transform(s, bit(i) | bit(63 - i / 2)));
        }
    }
    // Spot checks of the convention: bit 0 mirrors columns, bit 1 rows, bit 2 transposes.
    CHECK(transform(1, *Square::parse("a1")) == *Square::parse("h1"));
    CHECK(transform(2, *Square::parse("a1")) == *Square::parse("a8"));
    CHECK(transform(4, *Square::parse("b1")) == *Square::parse("a2"));
}

TEST_CASE("legal moves and play commute with every symmetry") {
    for (const Position& p : testing::random_positions(40, 11)) {
        for (Symmetry s = 0; s < kSymmetryCount; ++s) {
            const Position image = transform(s, p);
            REQUIRE(transform(inverse(s), image) == p);
            REQUIRE(image.legal_moves() == transform(s, p.legal_moves()));
            for (int i : Bits(p.legal_moves())) {
                const Square m = Square::from_index(i);
                REQUIRE(image.play(transform(s, m)) == transform(s, p.play(m)));
            }
        }
    }
}

TEST_CASE("every image of a position has the same canonical form and hash") {
    for (const Position& p : testing::random_positions(40, 13)) {
        const CanonicalForm c = canonical_form(p);
        CHECK(transform(c.symmetry, p) == c.position);
        for (Symmetry s = 0; s < kSymmetryCount; ++s) {
            const Position image = transform(s, p);
            REQUIRE(canonical_form(image).position == c.position);
            REQUIRE(canonical_hash(image) == canonical_hash(p));
            // Nothing smaller among the images.
            REQUIRE(std::pair(c.position.player(), c.position.opponent()) <=
                    std::pair(image.player(), image.opponent()));
        }
    }
}

TEST_CASE("the four first moves are one move up to symmetry") {
    const Position start = Position::start();
    std::set<std::uint64_t> hashes;
    for (int i : Bits(start.legal_moves()))
        hashes.insert(canonical_hash(start.play(Square::from_index(i))));
    CHECK(hashes.size() == 1);
    CHECK(hash(start) != hash(start.play(*Square::parse("f5"))));
}
