// Offline search labels for training (the regression policy itself never searches): the value of a
// position by a shallow alpha-beta search over the current weights, or its exact value from the
// endgame solver when few squares are empty, to replace or blend with a sample's game-result label.
#pragma once

#include <ostream>

#include "engine/patterns/pattern_weights.h"
#include "training/training_set.h"

namespace othello::training {

struct SearchLabelOptions {
    int depth = 2;          // plies searched, the weights' evaluation at the leaves
    int exact_empties = 0;  // positions with at most this many empties get their exact value
    // New target = share * search value + (1 - share) * the old target (e.g. the game result).
    double search_share = 1.0;
    // Samples with fewer empties keep their label (e.g. exact endgame values already there).
    int from_empties = 0;
    int threads = 2;
};

// The negamax value in discs of `p` (whose side to move may have to pass) searched `depth` plies
// deep with `weights` at the leaves; exact (solve_endgame) when p has at most `exact_empties`
// empties; a finished game scores its result. depth 0 is the evaluation itself.
double search_value(const patterns::PatternWeights& weights, const Position& p, int depth,
                    int exact_empties);

// Relabels every sample as SearchLabelOptions says, on several threads (the result does not
// depend on the thread count). Progress lines go to *log when given.
void relabel_by_search(TrainingSamples& samples, const patterns::PatternWeights& weights,
                       const SearchLabelOptions& options, std::ostream* log);

}  // namespace othello::training
