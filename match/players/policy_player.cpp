// PolicyPlayer: builds its policy from the registry once and reuses it for every game.
#include "match/players/policy_player.h"

#include "engine/policies/policy_registry.h"

namespace othello {

PolicyPlayer::PolicyPlayer(std::string name, const std::string& policy_spec,
                           const PolicyOptions& options, InstructionSet set)
    : name_(std::move(name)), policy_(make_policy(policy_spec, options, set)) {}

}  // namespace othello
