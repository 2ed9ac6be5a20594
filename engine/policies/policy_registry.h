// The registry of policies: every policy the engine can play, by name, built from one spec string
// such as "mobility" or a fallback chain "book,mobility".
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/instruction_set.h"
#include "engine/policy.h"
#include "engine/policy_options.h"

namespace othello {

struct PolicyInfo {
    std::string name;
    std::string description;  // one line, for --list-policies
};

// Every registered policy, in the order --list-policies prints them.
const std::vector<PolicyInfo>& policy_catalogue();

// spec is a name or a comma-separated chain "book,mobility" (first policy, then its fallback);
// throws std::invalid_argument("unknown policy 'x' (known: random, mobility, ...)"). `set`: the
// instruction set the random and mobility policies choose on (engine/policy_on.h); the regression
// and network policies' evaluations choose the CPU's best at each call. The same moves on each.
std::unique_ptr<Policy> make_policy(std::string_view spec, const PolicyOptions& options,
                                    InstructionSet set = best_instruction_set());

}  // namespace othello
