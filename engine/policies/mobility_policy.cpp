// MobilityPolicy: scores each move from the position after it and the opponent's replies to it.
#include "engine/policies/mobility_policy.h"

#include <algorithm>
#include <limits>

#include "engine/move_choice.h"

namespace othello {

namespace {

constexpr Bitboard kCorners = bit(0) | bit(7) | bit(56) | bit(63);

// Our number of moves after the opponent's reply that leaves us the fewest. `after` is the
// position after our move, the opponent to move and with at least one legal move.
int own_mobility_after_best_reply(const Position& after) {
    int fewest = std::numeric_limits<int>::max();
    for (int reply : Bits(after.legal_moves())) {
        const Position next = after.play_unchecked(Square::from_index(reply));
        // If we must pass there, we have no mobility at all: the worst case for us.
        fewest = std::min(fewest, popcount(next.legal_moves()));
    }
    return fewest;
}

}  // namespace

double MobilityPolicy::score(const Position& p, Square s) const {
    const Position after = p.play_unchecked(s);  // the opponent to move
    if (after.is_game_over()) {
        const int diff = -after.final_disc_difference(after.side_to_move());  // from our side
        return diff > 0 ? kGameEndScore : diff < 0 ? -kGameEndScore : 0;
    }
    const Bitboard replies = after.legal_moves();
    double value = 0;
    if (s.bit() & kCorners) value += kCornerBonus;
    if (replies & kCorners) value -= kGivesCornerPenalty;
    if (variant_ == Variant::MinimiseReplies) {
        value -= popcount(replies);
    } else if (replies == 0) {
        // The opponent must pass: we move again from the same board.
        value += popcount(after.pass().legal_moves());
    } else {
        value += own_mobility_after_best_reply(after);
    }
    return value;
}

std::vector<MoveScore> MobilityPolicy::evaluate(const Game& game) {
    const Position& p = game.current();
    std::vector<MoveScore> scores;
    for (int sq : Bits(p.legal_moves())) {
        const Square s = Square::from_index(sq);
        scores.push_back({s, score(p, s), {}});
    }
    std::stable_sort(scores.begin(), scores.end(),
                     [](const MoveScore& a, const MoveScore& b) { return a.score > b.score; });
    return scores;
}

Move MobilityPolicy::choose(const Game& game) {
    const Position& p = game.current();
    if (!p.has_legal_move()) return Move::pass();
    return best_with_seeded_ties(
        p.legal_moves(), [&](int sq) { return score(p, Square::from_index(sq)); }, rng_);
}

}  // namespace othello
