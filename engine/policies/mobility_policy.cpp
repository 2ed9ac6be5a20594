// MobilityPolicy: scores each move from the position after it and the opponent's replies to it.
#include "engine/policies/mobility_policy.h"

#include <algorithm>
#include <limits>

#include "engine/move_choice.h"
#include "engine/policy_on.h"

namespace othello {

namespace {

constexpr Bitboard kCorners = bit(0) | bit(7) | bit(56) | bit(63);

// Our number of moves after the opponent's reply that leaves us the fewest. `after` is the
// position after our move, the opponent to move and with at least one legal move.
template <InstructionSet Isa>
[[gnu::always_inline]] inline int own_mobility_after_best_reply(const Position& after) {
    int fewest = std::numeric_limits<int>::max();
    for (int reply : Bits(after.legal_moves<Isa>())) {
        const Position next = after.play_unchecked(Square::from_index(reply));
        // If we must pass there, we have no mobility at all: the worst case for us.
        fewest = std::min(fewest, popcount(next.legal_moves<Isa>()));
    }
    return fewest;
}

}  // namespace

template <InstructionSet Isa>
[[gnu::always_inline]] inline double MobilityPolicy::score_on(const Position& p, Square s) const {
    const Position after = p.play_unchecked(s);  // the opponent to move
    if (after.is_game_over<Isa>()) {
        const int diff = -after.final_disc_difference(after.side_to_move());  // from our side
        return diff > 0 ? kGameEndScore : diff < 0 ? -kGameEndScore : 0;
    }
    const Bitboard replies = after.legal_moves<Isa>();
    double value = 0;
    if (s.bit() & kCorners) value += kCornerBonus;
    if (replies & kCorners) value -= kGivesCornerPenalty;
    if (variant_ == Variant::MinimiseReplies) {
        value -= popcount(replies);
    } else if (replies == 0) {
        // The opponent must pass: we move again from the same board.
        value += popcount(after.pass().legal_moves<Isa>());
    } else {
        value += own_mobility_after_best_reply<Isa>(after);
    }
    return value;
}

template <InstructionSet Isa>
[[gnu::always_inline]] inline Move MobilityPolicy::choose_on(const Position& p) {
    const Bitboard moves = p.legal_moves<Isa>();
    if (!moves) return Move::pass();
    // GNU's spelling: the only one that marks a lambda's body always_inline for GCC and Clang.
    const auto score_of = [&](int sq) __attribute__((always_inline)) {
        return score_on<Isa>(p, Square::from_index(sq));
    };
    return best_with_seeded_ties<Isa>(moves, score_of, rng_);
}

std::unique_ptr<Policy> MobilityPolicy::make(Variant variant, std::uint64_t seed,
                                             InstructionSet set) {
    return make_policy_on<MobilityPolicy>(set, variant, seed);
}

double MobilityPolicy::score(const Position& p, Square s) const {
    return score_on<InstructionSet::kBaseline>(p, s);
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
    return choose_on<InstructionSet::kBaseline>(game.current());
}

}  // namespace othello
