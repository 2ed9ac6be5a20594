// The registry table: one row per policy. To add a policy, add one row to kPolicies.
#include "engine/policies/policy_registry.h"

#include <functional>
#include <stdexcept>

#include "engine/ascii_text.h"
#include "engine/book/book_policy.h"
#include "engine/network/network_policy.h"
#include "engine/patterns/regression_policy.h"
#include "engine/policies/mobility_policy.h"
#include "engine/policies/random_policy.h"

namespace othello {

namespace {

// Builds a policy; `fallback` is the rest of a chain ("book,mobility" gives book the mobility
// policy) or null when the policy ends the chain; `set`: the instruction set it chooses on.
using PolicyFactory = std::function<std::unique_ptr<Policy>(
    const PolicyOptions&, std::unique_ptr<Policy> fallback, InstructionSet set)>;

struct PolicyRow {
    PolicyInfo info;
    PolicyFactory factory;
};

// A policy that always has a move of its own cannot use a fallback; a chain that gives it one is
// a mistake worth reporting rather than ignoring.
void refuse_fallback(std::string_view name, const std::unique_ptr<Policy>& fallback) {
    if (fallback) {
        throw std::invalid_argument("policy '" + std::string(name) +
                                    "' always has a move and takes no fallback");
    }
}

PolicyFactory mobility_factory(std::string_view name, MobilityPolicy::Variant variant) {
    return [name, variant](const PolicyOptions& o, std::unique_ptr<Policy> fallback,
                           InstructionSet set) {
        refuse_fallback(name, fallback);
        return MobilityPolicy::make(variant, o.seed, set);
    };
}

const std::vector<PolicyRow>& policy_table() {
    static const std::vector<PolicyRow> kPolicies = {
        {{"random", "a uniformly random legal move (seeded)"},
         [](const PolicyOptions& o, std::unique_ptr<Policy> fallback,
            InstructionSet set) -> std::unique_ptr<Policy> {
             refuse_fallback("random", fallback);
             return RandomPolicy::make(o.seed, set);
         }},
        {{"mobility", "corners first, never give a corner, then minimise the opponent's replies"},
         mobility_factory("mobility", MobilityPolicy::Variant::MinimiseReplies)},
        {{"mobility-max",
          "corners first, never give a corner, then maximise own moves after the best reply"},
         mobility_factory("mobility-max", MobilityPolicy::Variant::MaximiseOwnAfterReply)},
        {{"book",
          "the opening book's best move (by negamaxed value) while in book, then the fallback "
          "(default mobility)"},
         [](const PolicyOptions& o, std::unique_ptr<Policy> fallback,
            InstructionSet set) -> std::unique_ptr<Policy> {
             return std::make_unique<BookPolicy>(
                 o, fallback ? std::move(fallback) : make_policy("mobility", o, set));
         }},
        {{"regression",
          "the move whose resulting position the trained pattern evaluation likes best"},
         [](const PolicyOptions& o, std::unique_ptr<Policy> fallback,
            InstructionSet) -> std::unique_ptr<Policy> {
             refuse_fallback("regression", fallback);
             return std::make_unique<patterns::RegressionPolicy>(o);
         }},
        {{"network",
          "the move a neural network predicts an expert plays, blended with the pattern "
          "evaluation of each move's result (one ply; --value-weight 0: the network alone)"},
         [](const PolicyOptions& o, std::unique_ptr<Policy> fallback,
            InstructionSet) -> std::unique_ptr<Policy> {
             refuse_fallback("network", fallback);
             return std::make_unique<network::NetworkPolicy>(o);
         }},
    };
    return kPolicies;
}

const PolicyRow* find_row(std::string_view name) {
    for (const PolicyRow& row : policy_table()) {
        if (row.info.name == name) return &row;
    }
    return nullptr;
}

std::string known_names() {
    std::string names;
    for (const PolicyRow& row : policy_table()) {
        if (!names.empty()) names += ", ";
        names += row.info.name;
    }
    return names;
}

}  // namespace

const std::vector<PolicyInfo>& policy_catalogue() {
    static const std::vector<PolicyInfo> catalogue = [] {
        std::vector<PolicyInfo> infos;
        for (const PolicyRow& row : policy_table()) infos.push_back(row.info);
        return infos;
    }();
    return catalogue;
}

std::unique_ptr<Policy> make_policy(std::string_view spec, const PolicyOptions& options,
                                    InstructionSet set) {
    std::vector<const PolicyRow*> chain;
    std::size_t start = 0;
    while (true) {
        const std::size_t comma = spec.find(',', start);
        const std::string_view name =
            trim(spec.substr(start, comma == spec.npos ? spec.npos : comma - start));
        const PolicyRow* row = find_row(name);
        if (!row) {
            throw std::invalid_argument("unknown policy '" + std::string(name) +
                                        "' (known: " + known_names() + ")");
        }
        chain.push_back(row);
        if (comma == spec.npos) break;
        start = comma + 1;
    }
    // Build from the end of the chain so each policy receives its finished fallback.
    std::unique_ptr<Policy> policy;
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
        policy = (*it)->factory(options, std::move(policy), set);
    }
    return policy;
}

}  // namespace othello
