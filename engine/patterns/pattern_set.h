// The board patterns of the regression evaluation and where each one's weights live in a phase's
// weight table. One pattern is a set of squares; its configuration (empty, mover, opponent per
// square) is a base-3 number, and each of the 8 board symmetries places one instance of it.
//
// The set (Logistello/Edax tradition), squares listed for the a1 corner / first row:
//   corner-3x3       a1 b1 c1 a2 b2 c2 a3 b3 c3          (9 squares, 19683 configurations)
//   corner-2x5       a1..e1 a2..e2                       (10 squares, 59049)
//   edge-2x          a1..h1 plus the X-squares b2 g2     (10 squares, 59049)
//   line-2           a2..h2                              (8 squares, 6561)
//   line-3           a3..h3                              (8 squares, 6561)
//   line-4           a4..h4                              (8 squares, 6561)
//   diagonal-8       a1 b2 c3 d4 e5 f6 g7 h8             (8 squares, 6561)
//   diagonal-7       b1 c2 d3 e4 f5 g6 h7                (7 squares, 2187)
//   diagonal-6       c1 d2 e3 f4 g5 h6                   (6 squares, 729)
//   diagonal-5       d1 e2 f3 g4 h5                      (5 squares, 243)
//   diagonal-4       e1 f2 g3 h4                         (4 squares, 81)
//   edge-block       a1 c1 d1 e1 f1 h1 c2 d2 e2 f2       (10 squares, 59049)
//   corner-triangle  a1 b1 c1 d1 a2 b2 c2 a3 b3 a4       (10 squares, 59049)
// Every pattern is read on all 8 symmetric images of the board (104 instances per position), so
// the evaluation is exactly invariant under the board symmetries: training on one position is
// training on its 8 images, the symmetry augmentation for free. A placement that a symmetry maps
// onto itself (the main diagonal, say) is simply counted twice, once per reading direction.
//
// Six small global features follow the patterns, read once per position, one weight per value:
// the number of legal moves of the side to move and of its opponent (each capped at kMobilityCap),
// the number of discs of each (0..64), and the number of stable discs of each (0..64, see
// engine/stability.h). A one-ply player cannot see mobility by looking ahead, so the evaluation
// has to; the disc counts let it tell a quiet position from one where a side holds many (usually a
// liability before the endgame) within the 4 plies of a phase; stable discs are a floor under a
// side's final count that no pattern, seeing only its own squares, can add up.
//
// Last, three legal-move patterns, read on the 8 images like the board patterns (65536
// configurations each):
//   move-corner          a1 b1 c1 a2 b2 c2 a3 b3: for each square, whether the side to move may
//                        play there and whether its opponent may (2^8 * 2^8)
//   edge-mover-moves     a1..h1: each square's disc, or for an empty square whether the side to
//                        move may play there (4 states a square, 4^8)
//   edge-opponent-moves  a1..h1: the same with the opponent's moves
// They tell the one-ply player which corner, edge and X/C-square moves each side has next: what a
// searcher finds by looking one or two plies further. On the edge, where a move's worth depends
// on the discs beside it, the moves are read together with the discs: a pattern of both sides'
// moves alone gained less (docs/training-log.md).
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "engine/bitboard.h"
#include "engine/patterns/bit_gather.h"

namespace othello::patterns {

struct Pattern {
    std::string_view name;
    Bitboard mask;       // its squares; digit k of the index is the k-th lowest square of the mask
    int size;            // number of squares
    int configurations;  // 3^size
    int offset;          // first entry of its table within a phase's weights
    BitGather gather{mask};  // its squares' bits, where pext is slow or missing
};

inline constexpr int kPatternCount = 13;
inline constexpr int kInstanceCount = kPatternCount * 8;
// Entries one position selects: the pattern instances, the two mobility counts, the two disc
// counts, the two stable-disc counts, the legal-move patterns' instances.
inline constexpr int kGlobalFeatureCount = 6;
inline constexpr int kMovePatternCount = 3;
inline constexpr int kMoveInstanceCount = kMovePatternCount * 8;
inline constexpr int kFeatureCount = kInstanceCount + kGlobalFeatureCount + kMoveInstanceCount;
// Mobility counts above this share the last weight (positions with more moves are very rare).
inline constexpr int kMobilityCap = 31;
// Changes whenever the set, the square order or the entry layout changes; stored in weight files
// so that weights of another set are refused. Four letters ("EDA6"); what each set added and
// gained: docs/training-log.md.
inline constexpr std::uint32_t kPatternSetId = 0x45444136;

namespace detail {

constexpr Bitboard squares(std::initializer_list<int> indices) {
    Bitboard b = 0;
    for (int i : indices) b |= bit(i);
    return b;
}

constexpr int power_of_three(int n) {
    int p = 1;
    for (int i = 0; i < n; ++i) p *= 3;
    return p;
}

constexpr std::array<Pattern, kPatternCount> make_patterns() {
    // Square index = row * 8 + column: a1 = 0, h1 = 7, a2 = 8.
    std::array<Pattern, kPatternCount> set = {{
        {"corner-3x3", squares({0, 1, 2, 8, 9, 10, 16, 17, 18}), 0, 0, 0},
        {"corner-2x5", squares({0, 1, 2, 3, 4, 8, 9, 10, 11, 12}), 0, 0, 0},
        {"edge-2x", squares({0, 1, 2, 3, 4, 5, 6, 7, 9, 14}), 0, 0, 0},
        {"line-2", 0x000000000000FF00ULL, 0, 0, 0},
        {"line-3", 0x0000000000FF0000ULL, 0, 0, 0},
        {"line-4", 0x00000000FF000000ULL, 0, 0, 0},
        {"diagonal-8", squares({0, 9, 18, 27, 36, 45, 54, 63}), 0, 0, 0},
        {"diagonal-7", squares({1, 10, 19, 28, 37, 46, 55}), 0, 0, 0},
        {"diagonal-6", squares({2, 11, 20, 29, 38, 47}), 0, 0, 0},
        {"diagonal-5", squares({3, 12, 21, 30, 39}), 0, 0, 0},
        {"diagonal-4", squares({4, 13, 22, 31}), 0, 0, 0},
        {"edge-block", squares({0, 2, 3, 4, 5, 7, 10, 11, 12, 13}), 0, 0, 0},
        {"corner-triangle", squares({0, 1, 2, 3, 8, 9, 10, 16, 17, 24}), 0, 0, 0},
    }};
    int offset = 0;
    for (Pattern& p : set) {
        p.size = std::popcount(p.mask);
        p.configurations = power_of_three(p.size);
        p.offset = offset;
        offset += p.configurations;
    }
    return set;
}

}  // namespace detail

inline constexpr std::array<Pattern, kPatternCount> kPatterns = detail::make_patterns();

// Entries of one phase's table: every pattern's configurations, the mover's mobility counts
// 0..kMobilityCap, the opponent's, the mover's disc counts 0..64, the opponent's, the mover's
// stable-disc counts, the opponent's, the legal-move patterns' configurations, then one bias
// entry.
inline constexpr int kMoverMobilityEntry =
    kPatterns.back().offset + kPatterns.back().configurations;
inline constexpr int kOpponentMobilityEntry = kMoverMobilityEntry + kMobilityCap + 1;
inline constexpr int kMoverDiscEntry = kOpponentMobilityEntry + kMobilityCap + 1;
inline constexpr int kDiscCounts = 65;  // 0..64
inline constexpr int kOpponentDiscEntry = kMoverDiscEntry + kDiscCounts;
inline constexpr int kMoverStableEntry = kOpponentDiscEntry + kDiscCounts;
inline constexpr int kOpponentStableEntry = kMoverStableEntry + kDiscCounts;

// What a legal-move pattern reads on its 8 squares (k-th lowest square of the mask = digit k):
//   kBothMoves: bit k is the side to move's move there, bit 8 + k its opponent's;
//   kDiscsAndMoverMoves: base-4 digit k is 1 for a disc of the side to move, 2 for an opponent's
//     disc, 3 for an empty square where the side to move may play, 0 for any other empty square;
//   kDiscsAndOpponentMoves: the same, 3 where the opponent may play.
enum class MoveKind { kBothMoves, kDiscsAndMoverMoves, kDiscsAndOpponentMoves };
struct MovePattern {
    std::string_view name;
    Bitboard mask;  // 8 squares
    int offset;     // first entry of its table within a phase's weights
    MoveKind kind;
    BitGather gather{mask};
};
inline constexpr int kMovePatternConfigurations = 1 << 16;
inline constexpr std::array<MovePattern, kMovePatternCount> kMovePatterns = {{
    {"move-corner", detail::squares({0, 1, 2, 8, 9, 10, 16, 17}),
     kOpponentStableEntry + kDiscCounts, MoveKind::kBothMoves},
    {"edge-mover-moves", 0x00000000000000FFULL,
     kOpponentStableEntry + kDiscCounts + kMovePatternConfigurations,
     MoveKind::kDiscsAndMoverMoves},
    {"edge-opponent-moves", 0x00000000000000FFULL,
     kOpponentStableEntry + kDiscCounts + 2 * kMovePatternConfigurations,
     MoveKind::kDiscsAndOpponentMoves},
}};
// Every pattern is gathered by shifts where pext is slow (bit_gather.h), never one bit at a time.
constexpr bool gathered_by_shifts() {
    for (const Pattern& p : kPatterns)
        if (p.gather.bit_by_bit()) return false;
    for (const MovePattern& p : kMovePatterns)
        if (p.gather.bit_by_bit()) return false;
    return true;
}
static_assert(gathered_by_shifts(), "a pattern's squares need more than four runs");

inline constexpr int kBiasEntry = kMovePatterns.back().offset + kMovePatternConfigurations;
inline constexpr int kEntriesPerPhase = kBiasEntry + 1;

// Game phases by the number of discs on the board: 2 plies per phase.
inline constexpr int kPliesPerPhase = 2;
inline constexpr int kPhaseCount = 30;
constexpr int phase_of_disc_count(int discs) {
    const int phase = (discs - 4) / kPliesPerPhase;
    return phase < kPhaseCount ? phase : kPhaseCount - 1;
}

}  // namespace othello::patterns
