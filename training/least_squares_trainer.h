// The least-squares fit of the pattern weights: per phase, minimise
//   sum over samples (prediction - target)^2 + lambda * |w|^2
//   + rank_weight * sum over runs of siblings, sum over the run (error - the run's mean error)^2
// where error = prediction - target. The last term sees only how siblings' predictions differ
// from one another (a constant error shared by the whole run costs nothing), which is all the
// one-ply policy reads when it chooses among them.
// by conjugate gradient on the normal equations, optionally preconditioned by their diagonal
// (Jacobi). Phases are independent problems; the threads
// take whole phases, so the result does not depend on the thread count or timing.
#pragma once

#include <filesystem>
#include <ostream>
#include <vector>

#include "engine/patterns/pattern_weights.h"
#include "training/training_set.h"

namespace othello::training {

struct TrainerOptions {
    int iterations = 40;  // conjugate-gradient steps per phase
    double lambda = 5.0;  // ridge regularisation (in squared discs per unit weight)
    int threads = 2;
    // A phase also trains on samples this many plies beyond its edges, which smooths the step
    // between neighbouring phases and lends sparse phases their neighbours' data.
    int overlap_plies = 2;
    // Divide each step's residual by the diagonal of the normal equations (the number of times
    // an entry is selected, plus lambda; a sample with siblings counts 1 + rank_weight times,
    // a little more than the ranking term's exact diagonal: any positive diagonal will do).
    // Entries' frequencies differ by orders of magnitude (the bias is in every row, a rare edge
    // configuration in a handful), which plain CG pays for in iterations: it fits the frequent
    // entries first and leaves the rare ones near zero.
    bool jacobi = false;
    // The weight of the ranking term over runs of siblings (TrainingSample::siblings); 0 leaves
    // the fit exactly plain least squares.
    double rank_weight = 0;
};

// Returns the fitted weights in discs, phase-major (kPhaseCount * kEntriesPerPhase).
// Progress lines go to *log when it is given.
std::vector<double> fit_pattern_weights(const TrainingSamples& samples,
                                        const TrainerOptions& options, std::ostream* log);

// The same fit, reading the positions from training-set files (sample_file.h) afresh at every
// conjugate-gradient step instead of holding them: memory stays that of the weights (a few
// vectors of kPhaseCount * kEntriesPerPhase doubles) whatever the files hold, and the weights are
// the in-memory fit's of the files' union, bit for bit, at the cost of computing every
// position's pattern entries at each step. No ranking term (throws std::invalid_argument).
std::vector<double> fit_pattern_weights_streamed(const std::vector<std::filesystem::path>& files,
                                                 const TrainerOptions& options, std::ostream* log);

struct PhaseError {
    int samples = 0;
    double mean_absolute_error = 0;  // discs
};

// Mean absolute error of the weights on samples, per phase (index = phase) and overall (last).
std::vector<PhaseError> mean_absolute_errors(const patterns::PatternWeights& weights,
                                             const TrainingSamples& samples);

}  // namespace othello::training
