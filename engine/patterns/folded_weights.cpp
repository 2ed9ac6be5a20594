// FoldedWeights::fold: every folded entry is the sum, over the symmetries that map a pattern's
// squares onto themselves, of the entry that symmetry's reading of the configuration selects.
#include "engine/patterns/folded_weights.h"

#include <limits>

namespace othello::patterns {
namespace {

// The discs (and moves) a configuration of a pattern puts on the pattern's squares: digit k of
// the configuration is the state of the k-th lowest square of the mask.
struct Squares {
    Bitboard player = 0, opponent = 0, my_moves = 0, their_moves = 0;
};

Squares board_configuration(Bitboard mask, int configuration) {
    Squares out;
    for (int sq : Bits(mask)) {
        const int digit = configuration % 3;
        configuration /= 3;
        if (digit == 1) out.player |= bit(sq);
        if (digit == 2) out.opponent |= bit(sq);
    }
    return out;
}

Squares move_configuration(const MovePattern& pattern, int configuration) {
    Squares out;
    int k = 0;
    for (int sq : Bits(pattern.mask)) {
        if (pattern.kind == MoveKind::kBothMoves) {
            if ((configuration >> k) & 1) out.my_moves |= bit(sq);
            if ((configuration >> (8 + k)) & 1) out.their_moves |= bit(sq);
        } else {
            const int digit = (configuration >> (2 * k)) & 3;
            if (digit == 1) out.player |= bit(sq);
            if (digit == 2) out.opponent |= bit(sq);
            if (digit == 3) {
                (pattern.kind == MoveKind::kDiscsAndMoverMoves ? out.my_moves : out.their_moves) |=
                    bit(sq);
            }
        }
        ++k;
    }
    return out;
}

}  // namespace

std::optional<FoldedWeights> FoldedWeights::fold(const std::vector<std::int16_t>& table) {
    FoldedWeights out;
    out.table_ = table;  // the global features and the bias are read once already
    std::array<std::int32_t, kPhaseCount> sum{};
    bool fits = true;
    // Adds, phase by phase, the entries the pattern's self-symmetric readings of one configuration
    // select, and stores the sums at that configuration's own entry.
    const auto fold_entry = [&](std::uint32_t entry, const Placements& at, auto&& entry_on_image) {
        sum.fill(0);
        for (int i = 0; i < at.self_count; ++i) {
            const std::uint32_t read = entry_on_image(at.self[i]);
            for (int phase = 0; phase < kPhaseCount; ++phase)
                sum[phase] += table[static_cast<std::size_t>(phase) * kEntriesPerPhase + read];
        }
        for (int phase = 0; phase < kPhaseCount; ++phase) {
            if (sum[phase] > std::numeric_limits<std::int16_t>::max() ||
                sum[phase] < std::numeric_limits<std::int16_t>::min())
                fits = false;
            out.table_[static_cast<std::size_t>(phase) * kEntriesPerPhase + entry] =
                static_cast<std::int16_t>(sum[phase]);
        }
    };
    for (int k = 0; k < kPatternCount; ++k) {
        const Pattern& pattern = kPatterns[k];
        for (int c = 0; c < pattern.configurations; ++c) {
            const Squares on = board_configuration(pattern.mask, c);
            const auto players = symmetric_images(on.player);
            const auto opponents = symmetric_images(on.opponent);
            fold_entry(
                static_cast<std::uint32_t>(pattern.offset + c), kBoardPlacements[k],
                [&](int s) { return board_pattern_entry(pattern, players[s], opponents[s]); });
        }
    }
    for (int k = 0; k < kMovePatternCount; ++k) {
        const MovePattern& pattern = kMovePatterns[k];
        for (int c = 0; c < kMovePatternConfigurations; ++c) {
            const Squares on = move_configuration(pattern, c);
            const auto players = symmetric_images(on.player);
            const auto opponents = symmetric_images(on.opponent);
            const auto mine = symmetric_images(on.my_moves);
            const auto theirs = symmetric_images(on.their_moves);
            fold_entry(static_cast<std::uint32_t>(pattern.offset + c), kMovePlacements[k],
                       [&](int s) {
                           return move_pattern_entry(pattern, players[s], opponents[s], mine[s],
                                                     theirs[s]);
                       });
        }
    }
    if (!fits) return std::nullopt;
    return out;
}

// Out of line, so that the kernel is compiled in this one small source: how much GCC inlines into
// it then does not depend on the size of whatever included folded_weights.h.
std::int32_t FoldedWeights::score_units(const Position& p, InstructionSet set) const {
    return dispatch<ScoreUnits>(set, *this, p);
}

}  // namespace othello::patterns
