// FoldedWeights: the evaluation of PatternWeights, read with fewer lookups and the same result.
//
// The model reads every pattern on all 8 images of the board. Most patterns are mapped onto
// themselves by some symmetries (line-2 by the a <-> h mirror, diagonal-8 by four), so several
// of their 8 instances read the same squares, in another order: line-2 covers 4 placements, not 8,
// each read twice. Their weights can be summed once, when the weights are loaded: the folded entry
// of a configuration is the sum of the entries its readings select, and the evaluation then reads
// each placement once. On the EDA6 set that is 72 table lookups a position instead of 134, with
// the same integer sum, because the same weights are added in another grouping.
//
// Training still fits the unfolded model (training/least_squares_trainer.h): folding is a
// property of the evaluation, not of the weights file.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/patterns/pattern_features.h"

namespace othello::patterns {

// How the 8 instances of a pattern fall on the board: one symmetry per distinct set of squares it
// covers (the instance the folded table is read on), and the symmetries that map the pattern's
// own squares onto themselves (whose readings the folded table sums).
struct Placements {
    std::array<std::int8_t, kSymmetryCount> read{};
    int read_count = 0;
    std::array<std::int8_t, kSymmetryCount> self{};
    int self_count = 0;
};

namespace detail {

// The squares instance s of a pattern covers on the board itself: the squares q whose image
// under symmetry s lies in the mask.
constexpr Bitboard covered_squares(Bitboard mask, int s) {
    Bitboard covered = 0;
    for (int q = 0; q < 64; ++q)
        if (symmetric_images(bit(q))[s] & mask) covered |= bit(q);
    return covered;
}

constexpr Placements placements_of(Bitboard mask) {
    Placements out;
    std::array<Bitboard, kSymmetryCount> covered{};
    for (int s = 0; s < kSymmetryCount; ++s) {
        covered[s] = covered_squares(mask, s);
        if (covered[s] == mask) out.self[out.self_count++] = static_cast<std::int8_t>(s);
        bool seen = false;
        for (int t = 0; t < s; ++t) seen = seen || covered[t] == covered[s];
        if (!seen) out.read[out.read_count++] = static_cast<std::int8_t>(s);
    }
    return out;
}

constexpr std::array<Placements, kPatternCount> make_board_placements() {
    std::array<Placements, kPatternCount> out{};
    for (int k = 0; k < kPatternCount; ++k) out[k] = placements_of(kPatterns[k].mask);
    return out;
}

constexpr std::array<Placements, kMovePatternCount> make_move_placements() {
    std::array<Placements, kMovePatternCount> out{};
    for (int k = 0; k < kMovePatternCount; ++k) out[k] = placements_of(kMovePatterns[k].mask);
    return out;
}

}  // namespace detail

inline constexpr std::array<Placements, kPatternCount> kBoardPlacements =
    detail::make_board_placements();
inline constexpr std::array<Placements, kMovePatternCount> kMovePlacements =
    detail::make_move_placements();

class FoldedWeights {
  public:
    // Folds a phase-major table of kPhaseCount * kEntriesPerPhase entries. Returns nullopt when a
    // folded entry would leave the 16-bit range (the caller then evaluates unfolded).
    static std::optional<FoldedWeights> fold(const std::vector<std::int16_t>& table);

    // Equal to the sum of the unfolded entries for_each_entry() selects, plus the bias, on any
    // instruction set.
    std::int32_t score_units(const Position& p, InstructionSet set = best_instruction_set()) const;

  private:
    struct ScoreUnits {
        template <InstructionSet Isa>
        [[gnu::always_inline]] static std::int32_t run(const FoldedWeights& weights,
                                                       const Position& p) {
            const std::int16_t* w =
                weights.table_.data() + static_cast<std::size_t>(phase_of(p)) * kEntriesPerPhase;
            std::int32_t sum = w[kBiasEntry];
            const auto players = othello::symmetric_images(p.player());
            const auto opponents = othello::symmetric_images(p.opponent());
            for (int k = 0; k < kPatternCount; ++k) {
                const Placements& at = kBoardPlacements[k];
                for (int i = 0; i < at.read_count; ++i) {
                    const int s = at.read[i];
                    sum += w[board_pattern_entry<Isa>(kPatterns[k], players[s], opponents[s])];
                }
            }
            const Bitboard my_moves = legal_moves_on<Isa>(p.player(), p.opponent());
            const Bitboard their_moves = legal_moves_on<Isa>(p.opponent(), p.player());
            for_each_global_entry(p, my_moves, their_moves, [&](std::uint32_t e) { sum += w[e]; });
            const auto my_move_images = othello::symmetric_images(my_moves);
            const auto their_move_images = othello::symmetric_images(their_moves);
            for (int k = 0; k < kMovePatternCount; ++k) {
                const Placements& at = kMovePlacements[k];
                for (int i = 0; i < at.read_count; ++i) {
                    const int s = at.read[i];
                    sum += w[move_pattern_entry<Isa>(kMovePatterns[k], players[s], opponents[s],
                                                     my_move_images[s], their_move_images[s])];
                }
            }
            return sum;
        }
    };

    std::vector<std::int16_t> table_;
};

}  // namespace othello::patterns
