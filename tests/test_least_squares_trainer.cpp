// The least-squares fit: it lowers the error, does not depend on the thread count, and the Jacobi
// preconditioner reaches the same solution in fewer steps.
#include <doctest/doctest.h>

#include <cmath>

#include "training/least_squares_trainer.h"

using namespace othello;
using namespace othello::patterns;
using namespace othello::training;

TEST_CASE("the trainer lowers the error and is deterministic across thread counts") {
    const TrainingSamples samples = random_playout_samples(300, 5);
    TrainerOptions options;
    options.iterations = 10;
    options.threads = 1;
    const auto one = fit_pattern_weights(samples, options, nullptr);
    options.threads = 2;
    const auto two = fit_pattern_weights(samples, options, nullptr);
    CHECK(one == two);
    const auto fitted = mean_absolute_errors(PatternWeights::from_discs(one), samples).back();
    const auto zero = mean_absolute_errors(PatternWeights(), samples).back();
    CHECK(fitted.samples == static_cast<int>(samples.size()));
    CHECK(fitted.mean_absolute_error < 0.5 * zero.mean_absolute_error);
}

TEST_CASE("the Jacobi preconditioner reaches the same fit in fewer steps") {
    // Both solve the same ridge problem: with enough steps they agree, and after a few steps the
    // preconditioned fit is the closer one (plain CG leaves rare entries near zero longest).
    const TrainingSamples samples = random_playout_samples(200, 6);
    TrainerOptions options;
    options.threads = 2;
    options.iterations = 300;
    options.jacobi = true;
    const auto solution = fit_pattern_weights(samples, options, nullptr);
    options.jacobi = false;
    const auto plain_solution = fit_pattern_weights(samples, options, nullptr);
    // Euclidean distance between two weight vectors, relative to the solution's length.
    const auto distance = [&](const std::vector<double>& w) {
        double squares = 0, length = 0;
        for (std::size_t i = 0; i < w.size(); ++i) {
            squares += (w[i] - solution[i]) * (w[i] - solution[i]);
            length += solution[i] * solution[i];
        }
        return std::sqrt(squares / length);
    };
    CHECK(distance(plain_solution) < 0.005);
    options.iterations = 15;
    const auto plain = fit_pattern_weights(samples, options, nullptr);
    options.jacobi = true;
    const auto preconditioned = fit_pattern_weights(samples, options, nullptr);
    MESSAGE("after 15 steps: plain CG " << distance(plain) << " from the solution, Jacobi "
                                        << distance(preconditioned));
    CHECK(distance(preconditioned) < 0.75 * distance(plain));
}
