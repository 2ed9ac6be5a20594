// The least-squares fit: it lowers the error, does not depend on the thread count, and the Jacobi
// preconditioner reaches the same solution in fewer steps; the ranking term orders siblings.
#include <doctest/doctest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>

#include "training/least_squares_trainer.h"
#include "training/sample_file.h"

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

namespace {

// Sum over the groups of siblings (one number each) of (error - the group's mean error)^2: what
// the ranking term weighs.
double sibling_spread(const std::vector<double>& fitted, const TrainingSamples& samples) {
    const PatternWeights weights = PatternWeights::from_discs(fitted);
    std::map<std::uint32_t, std::vector<double>> errors;
    for (const TrainingSample& s : samples) {
        if (s.siblings == 0) continue;
        const Position p = Position::from_mover(s.player, s.opponent, Color::Black);
        errors[s.siblings].push_back(weights.evaluate(p) - s.target);
    }
    double spread = 0;
    for (const auto& [group, e] : errors) {
        double mean = 0;
        for (double x : e) mean += x / static_cast<double>(e.size());
        for (double x : e) spread += (x - mean) * (x - mean);
    }
    return spread;
}

}  // namespace

TEST_CASE("the ranking term orders siblings better and ignores what a whole run shares") {
    // Children of random positions, labelled by their disc difference plus an offset shared by
    // each run of siblings, as large as the differences: a constant error over a run is free to
    // the ranking term, so it fits the differences between siblings where plain least squares
    // spends weights on the offsets.
    TrainingSamples parents = random_playout_samples(40, 8);
    TrainingSamples samples = positions_one_move_after(parents, 3);
    std::uint32_t state = 12345;
    float offset = 0;
    for (std::size_t i = 0; i < samples.size(); ++i) {
        if (i == 0 || samples[i].siblings != samples[i - 1].siblings) {
            state = state * 1664525u + 1013904223u;
            offset = static_cast<float>(state >> 24) / 8.0f - 16.0f;
        }
        samples[i].target =
            static_cast<float>(popcount(samples[i].player) - popcount(samples[i].opponent)) +
            (samples[i].siblings ? offset : 0.0f);
    }
    // A child after which the mover moves again has no siblings and may sit among the others:
    // every third child here, so that most groups have one in their middle.
    for (std::size_t i = 1; i < samples.size(); i += 3) samples[i].siblings = 0;
    REQUIRE(std::count_if(samples.begin(), samples.end(),
                          [](const TrainingSample& s) { return s.siblings != 0; }) > 1000);
    TrainerOptions options;
    options.threads = 2;
    options.iterations = 60;
    options.jacobi = true;
    const auto plain = fit_pattern_weights(samples, options, nullptr);
    options.rank_weight = 4;
    const auto ranked = fit_pattern_weights(samples, options, nullptr);
    const double plain_spread = sibling_spread(plain, samples);
    const double ranked_spread = sibling_spread(ranked, samples);
    MESSAGE("siblings' error spread: plain " << plain_spread << ", ranked " << ranked_spread);
    CHECK(ranked_spread < 0.4 * plain_spread);  // runs cut at every such child: 0.63
    // With no siblings in the data the term changes nothing, to the last bit.
    for (TrainingSample& s : samples) s.siblings = 0;
    options.rank_weight = 0;
    const auto none = fit_pattern_weights(samples, options, nullptr);
    options.rank_weight = 4;
    CHECK(fit_pattern_weights(samples, options, nullptr) == none);
}

TEST_CASE("a streamed fit gives the in-memory fit's weights, bit for bit, and refuses bad files") {
    // Two files whose union is the in-memory set: the streamed fit reads them at every step and
    // must do the same arithmetic in the same order, on any thread count.
    const auto folder = std::filesystem::temp_directory_path() /
                        ("othello_streamed_fit_" + std::to_string(::getpid()));
    std::filesystem::create_directories(folder);
    const TrainingSamples first = random_playout_samples(150, 8);
    const TrainingSamples second = random_playout_samples(120, 9);
    save_samples(folder / "a.samples", first);
    save_samples(folder / "b.samples", second);
    TrainingSamples both = first;
    both.insert(both.end(), second.begin(), second.end());
    TrainerOptions options;
    options.iterations = 12;
    options.jacobi = true;
    options.threads = 1;
    const auto in_memory = fit_pattern_weights(both, options, nullptr);
    options.threads = 3;
    const std::vector<std::filesystem::path> files = {folder / "a.samples", folder / "b.samples"};
    const auto streamed = fit_pattern_weights_streamed(files, options, nullptr);
    CHECK(streamed == in_memory);
    options.jacobi = false;
    CHECK(fit_pattern_weights_streamed(files, options, nullptr) ==
          fit_pattern_weights(both, options, nullptr));

    // A file that is no training set is refused naming it, before any step.
    std::ofstream(folder / "bad.samples") << "not a training set";
    CHECK_THROWS_WITH_AS(fit_pattern_weights_streamed(
                             {folder / "a.samples", folder / "bad.samples"}, options, nullptr),
                         doctest::Contains("bad.samples: truncated header"), SampleFileError);
    // Phases that stop early (one with a single position converges in a step or two, empty
    // ones never start) while the others go on: the lockstep passes must leave them as they are.
    TrainingSamples sparse;
    for (const TrainingSample& t : first) {
        const int ply = popcount(t.player | t.opponent) - 4;
        if (ply <= 10 || (ply == 50 && sparse.size() < 400)) sparse.push_back(t);
        if (ply == 50) break;
    }
    save_samples(folder / "sparse.samples", sparse);
    options.iterations = 40;
    options.jacobi = true;
    CHECK(fit_pattern_weights_streamed({folder / "sparse.samples"}, options, nullptr) ==
          fit_pattern_weights(sparse, options, nullptr));

    // A sample that is no labelled position, met halfway through a pass on some thread, is an
    // error naming it, not an abort.
    TrainingSamples broken = second;
    broken[5].target = std::numeric_limits<float>::quiet_NaN();
    save_samples(folder / "broken.samples", broken);
    options.threads = 2;
    CHECK_THROWS_WITH_AS(fit_pattern_weights_streamed(
                             {folder / "a.samples", folder / "broken.samples"}, options, nullptr),
                         doctest::Contains("broken.samples: sample 5 is not a labelled position"),
                         SampleFileError);
    options.rank_weight = 1;
    CHECK_THROWS_AS(fit_pattern_weights_streamed(files, options, nullptr), std::invalid_argument);
    std::filesystem::remove_all(folder);
}
