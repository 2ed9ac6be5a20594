// The training stages called one by one, and run_pipeline, which chains them as othello-train
// does: the same options give the same weights file as the stages called by hand, and options
// that do not go together are refused before any position is read.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "tests/engine/book/book_test_support.h"
#include "tests/support/file_contents.h"
#include "training/pipeline.h"
#include "training/sample_file.h"

using namespace othello;
using namespace othello::patterns;
using namespace othello::training;
using othello::testing::slurp;
using testing::ScratchFile;

namespace {

DataSource random_source(int games) {
    DataSource source;
    source.kind = "random";
    source.games = games;
    source.seed = 3;
    return source;
}

TrainerOptions quick_fit() {
    TrainerOptions trainer;
    trainer.iterations = 5;
    trainer.threads = 2;
    trainer.jacobi = true;
    return trainer;
}

}  // namespace

TEST_CASE("the stages load, self-play, thin, relabel, fit and report") {
    std::ostringstream log;
    TrainingData data = load_data(random_source(40), log);
    REQUIRE(data.train.size() > 40 * 50);
    CHECK(!data.validation.empty());
    CHECK(data.held_out_games.empty());

    const auto first = fit_round(data.train, quick_fit(), log);
    CHECK(log.str().find("fit: ") != std::string::npos);
    const ScratchFile weights("pipeline-first.bin");
    first->save(weights.path());

    const std::size_t loaded = data.train.size();
    SelfPlayOptions self_play;
    self_play.games = 4;
    self_play.opponent_share = 0.5;
    add_self_play(data.train, weights.path(), self_play, {"mobility"}, log);
    CHECK(data.train.size() > loaded + 4 * 40);
    CHECK(log.str().find("self-play: 4 games") != std::string::npos);

    const TrainingSamples before_thinning = data.train;
    keep_every(data.train, 3);
    REQUIRE(data.train.size() == (before_thinning.size() + 2) / 3);
    CHECK(data.train[1].player == before_thinning[3].player);
    CHECK(data.train.back().opponent == before_thinning[3 * (data.train.size() - 1)].opponent);

    use_positions_one_move_after(data.train, 50, 0, log);
    REQUIRE(!data.train.empty());
    for (const TrainingSample& s : data.train) REQUIRE(s.target == 0);
    SearchLabelOptions labels;
    labels.depth = 1;
    relabel(data.train, weights.path(), labels, log);
    int labelled = 0;
    for (const TrainingSample& s : data.train) labelled += s.target != 0;
    CHECK(labelled > static_cast<int>(data.train.size()) / 2);

    std::ostringstream report;
    report_evaluation(first, data, 1, report);
    CHECK(report.str().find("\nall ") != std::string::npos);
}

TEST_CASE("run_pipeline writes the weights the stages give when called by hand") {
    const ScratchFile output("pipeline-run.bin"), by_hand("pipeline-by-hand.bin");
    PipelineOptions options;
    options.data = random_source(30);
    options.trainer = quick_fit();
    options.output = output.path();
    std::ostringstream log;
    run_pipeline(options, log);
    CHECK(log.str().find("wrote " + output.str()) != std::string::npos);

    std::ostringstream ignored;
    const TrainingData data = load_data(random_source(30), ignored);
    fit_round(data.train, quick_fit(), ignored)->save(by_hand.path());
    CHECK(slurp(output.path()) == slurp(by_hand.path()));

    // Saving the positions alone fits nothing.
    const ScratchFile samples("pipeline-run.samples");
    options.output.clear();
    options.save_samples = samples.path();
    std::ostringstream saved_only;
    run_pipeline(options, saved_only);
    CHECK(std::filesystem::file_size(samples.path()) == 24 + 20 * data.train.size());
    CHECK(saved_only.str().find("fit: ") == std::string::npos);
}

TEST_CASE("run_pipeline chains self-play, thinning, children and relabelling in that order") {
    std::ostringstream ignored;
    const ScratchFile weights("pipeline-chain.bin"), chained("pipeline-chain.samples"),
        by_hand("pipeline-chain-by-hand.samples");
    TrainingData data = load_data(random_source(20), ignored);
    fit_round(data.train, quick_fit(), ignored)->save(weights.path());

    PipelineOptions options;
    options.data = random_source(20);
    options.trainer = quick_fit();
    options.self_play_weights = weights.path();
    options.self_play.games = 3;
    options.keep_every = 2;
    options.children_of = 7;
    options.label_weights = weights.path();
    options.labels.depth = 1;
    options.save_samples = chained.path();
    run_pipeline(options, ignored);

    SelfPlayOptions self_play = options.self_play;
    self_play.seed = options.data.seed;
    self_play.threads = options.trainer.threads;
    add_self_play(data.train, weights.path(), self_play, {}, ignored);
    keep_every(data.train, 2);
    use_positions_one_move_after(data.train, 7, 0, ignored);
    relabel(data.train, weights.path(), options.labels, ignored);
    save_samples(by_hand.path(), data.train);
    CHECK(slurp(chained.path()) == slurp(by_hand.path()));
}

TEST_CASE("options that do not go together are refused before any position is read") {
    PipelineOptions options;
    options.data.kind = "wthor";
    options.data.wthor_dir = "/nonexistent/wthor";
    std::ostringstream log;
    options.children_of = 4;
    CHECK_THROWS_WITH_AS(run_pipeline(options, log),
                         doctest::Contains("--children-of needs --label-weights"),
                         std::invalid_argument);
    options.children_of = 0;
    options.keep_every = 0;
    CHECK_THROWS_AS(run_pipeline(options, log), std::invalid_argument);
    CHECK(log.str().empty());

    options = PipelineOptions{};
    options.data = random_source(0);
    CHECK_THROWS_WITH_AS(run_pipeline(options, log), "--data random needs --games N (N > 0)",
                         std::invalid_argument);
    options.data.kind = "nonsense";
    CHECK_THROWS_AS(load_data(options.data, log), std::invalid_argument);

    TrainingSamples train;
    CHECK_THROWS_AS(add_self_play(train, "", SelfPlayOptions{}, {}, log), std::invalid_argument);
}
