// Expert agreement: how often a policy picks the move the expert played in recorded games.
#pragma once

#include <vector>

#include "engine/game.h"
#include "engine/policy.h"

namespace othello::training {

struct Agreement {
    int positions = 0;  // expert moves where the side had at least two legal moves
    int agreed = 0;
    double share() const { return positions ? static_cast<double>(agreed) / positions : 0; }
};

Agreement expert_agreement(Policy& policy, const std::vector<Game>& games);

}  // namespace othello::training
