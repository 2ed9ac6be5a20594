// Self-play training data: the regression policy plays itself from openings of a few random moves,
// with softmax noise, so the training set covers positions experts never reach (those a random or
// greedy opponent leads into), each labelled with its game's result.
#pragma once

#include <cstdint>
#include <memory>

#include "engine/patterns/pattern_weights.h"
#include "engine/patterns/training_set.h"

namespace othello::patterns {

struct SelfPlayOptions {
    int games = 0;
    int max_random_plies = 12;  // each game opens with 0..max uniformly random moves
    double temperature = 1.0;   // softmax temperature in discs
    std::uint64_t seed = 1;
    int threads = 2;
};

// Deterministic for a seed: game g uses its own generator, whatever thread plays it.
TrainingSamples self_play_samples(std::shared_ptr<const PatternWeights> weights,
                                  const SelfPlayOptions& options);

}  // namespace othello::patterns
