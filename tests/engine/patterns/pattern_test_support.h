// Helpers shared by the tests of the pattern evaluation and of training: weights made by hand.
#pragma once

#include <map>
#include <memory>
#include <vector>

#include "engine/patterns/pattern_weights.h"

namespace othello::testing {

// Weights whose only non-zero entry is the phase bias: every position scores `bias` for the side
// to move, so a move scores -bias unless it ends the game or makes the opponent pass.
// Made once per bias and shared (folding a whole table takes about a second at -O1, and the
// weights are immutable).
inline std::shared_ptr<const patterns::PatternWeights> bias_only(double bias) {
    using namespace patterns;
    static std::map<double, std::shared_ptr<const PatternWeights>> made;
    auto& weights = made[bias];
    if (!weights) {
        std::vector<double> real(static_cast<std::size_t>(kPhaseCount) * kEntriesPerPhase, 0);
        for (int phase = 0; phase < kPhaseCount; ++phase)
            real[phase * kEntriesPerPhase + kBiasEntry] = bias;
        weights = std::make_shared<const PatternWeights>(PatternWeights::from_discs(real));
    }
    return weights;
}

}  // namespace othello::testing
