// Feature extraction: the phase of a position and, for each of the 104 pattern instances, the six
// global counts and the 24 legal-move pattern instances, the entry of the phase's weight table it
// selects. The same code serves play and training, so the two can never disagree;
// reference_features() is the slow square-by-square definition the tests hold it to.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "engine/instruction_set.h"
#include "engine/patterns/pattern_set.h"
#include "engine/position.h"
#include "engine/stability.h"
#include "engine/symmetry.h"

#if defined(OTHELLO_HAS_X86_64_V3) || defined(__BMI2__)
#include <immintrin.h>
#endif

namespace othello::patterns {

struct Features {
    int phase = 0;
    std::array<std::uint32_t, kFeatureCount> entries{};  // table entries, pattern offset included
};

namespace detail {

// The bits of b under the pattern's mask, packed to the low end in square order: one pext
// where the build targets BMI2 and the CPU runs it fast, BitGather's shifts otherwise.
[[gnu::always_inline]] inline std::uint32_t gather(Bitboard b, const BitGather& squares) {
#if defined(__BMI2__)
    if (othello::detail::use_pext) return static_cast<std::uint32_t>(_pext_u64(b, squares.mask()));
#endif
    return squares(b);
}

// gather() for the instruction set Isa (engine/instruction_set.h): on x86-64-v3, one pext where
// it is fast (cpu_has_fast_pext).
template <InstructionSet Isa>
inline std::uint32_t gather_on(Bitboard b, const BitGather& squares) {
    return gather(b, squares);
}

#if defined(OTHELLO_HAS_X86_64_V3)
template <>
[[gnu::target("bmi2")]] inline std::uint32_t gather_on<InstructionSet::kX86_64_V3>(
    Bitboard b, const BitGather& squares) {
    if (othello::detail::use_pext) return static_cast<std::uint32_t>(_pext_u64(b, squares.mask()));
    return squares(b);
}
#endif

// A binary number of Bits bits read in base Base (each bit a 0/1 digit): in base 3,
// 1011b -> 1*27 + 0*9 + 1*3 + 1.
template <int Base, int Bits>
struct DigitTable {
    std::array<std::uint16_t, 1 << Bits> of{};
    constexpr DigitTable() {
        for (int b = 0; b < (1 << Bits); ++b) {
            int value = 0, power = 1;
            for (int k = 0; k < Bits; ++k, power *= Base) value += ((b >> k) & 1) * power;
            of[b] = static_cast<std::uint16_t>(value);
        }
    }
};
inline constexpr DigitTable<3, 10> kTernary{};    // the board patterns, up to 10 squares
inline constexpr DigitTable<4, 8> kQuaternary{};  // the edge legal-move patterns, 8 squares

}  // namespace detail

inline int phase_of(const Position& p) {
    return phase_of_disc_count(popcount(p.occupied()));
}

// The entry a board pattern selects on one image of the position (the images of the side to
// move's discs and of its opponent's under the same symmetry). Isa: as for gather_on.
template <InstructionSet Isa = InstructionSet::kBaseline>
[[gnu::always_inline]] inline std::uint32_t board_pattern_entry(const Pattern& pattern,
                                                                Bitboard player,
                                                                Bitboard opponent) {
    return static_cast<std::uint32_t>(
        pattern.offset + detail::kTernary.of[detail::gather_on<Isa>(player, pattern.gather)] +
        2 * detail::kTernary.of[detail::gather_on<Isa>(opponent, pattern.gather)]);
}

// The entry a legal-move pattern selects on one image (discs and both sides' moves, all under the
// same symmetry).
template <InstructionSet Isa = InstructionSet::kBaseline>
[[gnu::always_inline]] inline std::uint32_t move_pattern_entry(const MovePattern& pattern,
                                                               Bitboard player, Bitboard opponent,
                                                               Bitboard my_moves,
                                                               Bitboard their_moves) {
    if (pattern.kind == MoveKind::kBothMoves) {
        return static_cast<std::uint32_t>(
            pattern.offset + detail::gather_on<Isa>(my_moves, pattern.gather) +
            (detail::gather_on<Isa>(their_moves, pattern.gather) << 8));
    }
    // Moves are on empty squares, so the three digit sources never overlap.
    const Bitboard moves = pattern.kind == MoveKind::kDiscsAndMoverMoves ? my_moves : their_moves;
    return static_cast<std::uint32_t>(
        pattern.offset + detail::kQuaternary.of[detail::gather_on<Isa>(player, pattern.gather)] +
        2 * detail::kQuaternary.of[detail::gather_on<Isa>(opponent, pattern.gather)] +
        3 * detail::kQuaternary.of[detail::gather_on<Isa>(moves, pattern.gather)]);
}

// Calls visit(entry) for the six global features: mobility, discs and stable discs, the side to
// move's then its opponent's.
template <typename Visit>
inline void for_each_global_entry(const Position& p, Bitboard my_moves, Bitboard their_moves,
                                  Visit&& visit) {
    visit(static_cast<std::uint32_t>(kMoverMobilityEntry +
                                     std::min(popcount(my_moves), kMobilityCap)));
    visit(static_cast<std::uint32_t>(kOpponentMobilityEntry +
                                     std::min(popcount(their_moves), kMobilityCap)));
    visit(static_cast<std::uint32_t>(kMoverDiscEntry + popcount(p.player())));
    visit(static_cast<std::uint32_t>(kOpponentDiscEntry + popcount(p.opponent())));
    const StableDiscs stable =
        stable_discs_of_both(p.player(), p.opponent(), full_lines(p.occupied()));
    visit(static_cast<std::uint32_t>(kMoverStableEntry + popcount(stable.a)));
    visit(static_cast<std::uint32_t>(kOpponentStableEntry + popcount(stable.b)));
}

// Calls visit(entry) for each of the kInstanceCount instances (digit 0 empty, 1 mover, 2 opponent),
// then for the global features (mobility, discs, stable discs: the mover's, then the opponent's),
// then for the legal-move patterns on each of the 8 images. This is the model the trainer fits;
// PatternWeights evaluates it faster through engine/patterns/folded_weights.h.
template <InstructionSet Isa = InstructionSet::kBaseline, typename Visit>
[[gnu::always_inline]] inline void for_each_entry(const Position& p, Visit&& visit) {
    const auto players = othello::symmetric_images(p.player());
    const auto opponents = othello::symmetric_images(p.opponent());
    for (int s = 0; s < kSymmetryCount; ++s) {
        for (const Pattern& pattern : kPatterns)
            visit(board_pattern_entry<Isa>(pattern, players[s], opponents[s]));
    }
    const Bitboard my_moves = legal_moves_on<Isa>(p.player(), p.opponent());
    const Bitboard their_moves = legal_moves_on<Isa>(p.opponent(), p.player());
    for_each_global_entry(p, my_moves, their_moves, visit);
    const auto my_move_images = othello::symmetric_images(my_moves);
    const auto their_move_images = othello::symmetric_images(their_moves);
    for (int s = 0; s < kSymmetryCount; ++s) {
        for (const MovePattern& pattern : kMovePatterns) {
            visit(move_pattern_entry<Isa>(pattern, players[s], opponents[s], my_move_images[s],
                                          their_move_images[s]));
        }
    }
}

namespace detail {

struct ExtractFeatures {
    template <InstructionSet Isa>
    [[gnu::always_inline]] static Features run(const Position& p) {
        Features f;
        f.phase = phase_of(p);
        int i = 0;
        for_each_entry<Isa>(p, [&](std::uint32_t entry) { f.entries[i++] = entry; });
        return f;
    }
};

}  // namespace detail

// The features of `p`; the same on any instruction set. Out of line (extract_features.cpp).
Features extract_features(const Position& p, InstructionSet set = best_instruction_set());

// The definition, square by square through engine/symmetry.h: for symmetry s and pattern k, the
// digits are read on transform(s, p) at the pattern's squares in increasing square order.
Features reference_features(const Position& p);
// The same for engine/stability.h's stable_discs(): the rule applied square by square.
Bitboard reference_stable_discs(Bitboard own, Bitboard occupied);

}  // namespace othello::patterns
