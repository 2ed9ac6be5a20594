// Replays each recorded game and asks the policy for its move before every expert move.
#include "training/expert_agreement.h"

namespace othello::training {

Agreement expert_agreement(Policy& policy, const std::vector<Game>& games) {
    Agreement a;
    for (const Game& game : games) {
        Game so_far;
        for (const Move expert : game.moves()) {
            // Forced moves and passes say nothing about the policy.
            if (!expert.is_pass() && popcount(so_far.current().legal_moves()) >= 2) {
                ++a.positions;
                if (policy.choose(so_far) == expert) ++a.agreed;
            }
            so_far.play(expert);
        }
    }
    return a;
}

}  // namespace othello::training
