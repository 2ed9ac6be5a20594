// Board symmetries applied to squares, moves and positions; canonical forms and hashes.
#include "engine/symmetry.h"

namespace othello {

namespace {

constexpr Bitboard apply(Symmetry s, Bitboard b) {
    if (s & 4) b = transpose(b);
    if (s & 1) b = mirror_columns(b);
    if (s & 2) b = mirror_rows(b);
    return b;
}

constexpr std::array<Symmetry, kSymmetryCount> make_inverses() {
    std::array<Symmetry, kSymmetryCount> inverses{};
    constexpr Bitboard probe = 0x0000000000000107ULL;  // a1, b1, c1, a2: no symmetry fixes it
    for (Symmetry s = 0; s < kSymmetryCount; ++s) {
        for (Symmetry t = 0; t < kSymmetryCount; ++t) {
            if (apply(t, apply(s, probe)) == probe) inverses[s] = t;
        }
    }
    return inverses;
}

constexpr std::array<Symmetry, kSymmetryCount> kInverses = make_inverses();

constexpr std::uint64_t mix(std::uint64_t x) {  // the splitmix64 finaliser
    x ^= x >> 30;
    x *= 0xBF58476D1CE4E5B9ULL;
    x ^= x >> 27;
    x *= 0x94D049BB133111EBULL;
    x ^= x >> 31;
    return x;
}

}  // namespace

Bitboard transform(Symmetry s, Bitboard b) {
    return apply(s, b);
}

Square transform(Symmetry s, Square sq) {
    int column = sq.column(), row = sq.row();
    if (s & 4) std::swap(column, row);
    if (s & 1) column = 7 - column;
    if (s & 2) row = 7 - row;
    return Square::at(column, row);
}

Move transform(Symmetry s, Move m) {
    return m.is_pass() ? m : Move(transform(s, m.square()));
}

Position transform(Symmetry s, const Position& p) {
    return Position::from_mover(apply(s, p.player()), apply(s, p.opponent()), p.side_to_move());
}

Symmetry inverse(Symmetry s) {
    return kInverses[s];
}

CanonicalForm canonical_form(const Position& p) {
    CanonicalForm best{p, 0};
    for (Symmetry s = 1; s < kSymmetryCount; ++s) {
        const Bitboard player = apply(s, p.player());
        if (player > best.position.player()) continue;
        const Bitboard opponent = apply(s, p.opponent());
        if (player < best.position.player() || opponent < best.position.opponent()) {
            best = {Position::from_mover(player, opponent, p.side_to_move()), s};
        }
    }
    return best;
}

std::uint64_t hash(const Position& p) {
    return mix(p.player() ^ mix(p.opponent() + 0x9E3779B97F4A7C15ULL));
}

}  // namespace othello
