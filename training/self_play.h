// Self-play training data: the regression policy plays itself (and, in a share of the games,
// another policy such as `mobility`) from openings of a few random moves, with softmax noise, so
// the training set covers positions experts never reach (those a random or greedy opponent leads
// into). Each position is labelled with its game's result or, with exact endgames on, with the
// exact value the endgame solver finds.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>

#include "engine/patterns/pattern_weights.h"
#include "engine/policy.h"
#include "training/training_set.h"

namespace othello::training {

struct SelfPlayOptions {
    int games = 0;
    int max_random_plies = 12;  // each game opens with 0..max uniformly random moves
    double temperature = 1.0;   // softmax temperature in discs
    std::uint64_t seed = 1;
    int threads = 2;
    // Positions with at most this many empty squares are labelled with their exact value
    // (solve_endgame), and earlier positions with the exact value of the first of them: the result
    // under perfect play from there, free of the noisy moves' endgame mistakes. 0: game results.
    int exact_empties = 0;
    // In this share of the games one side (black or white at random) is played by a policy made
    // by `opponent` from a seed; the regression policy plays the other side.
    double opponent_share = 0;
    std::function<std::unique_ptr<Policy>(std::uint64_t seed)> opponent;
};

// Deterministic for a seed: game g uses its own generator, whatever thread plays it.
TrainingSamples self_play_samples(std::shared_ptr<const patterns::PatternWeights> weights,
                                  const SelfPlayOptions& options);

// Labels every position of a finished game where the side to move has a move, as described for
// SelfPlayOptions::exact_empties, and appends them to `out`.
void add_exactly_labelled_positions(const Game& game, int exact_empties, TrainingSamples& out);

}  // namespace othello::training
