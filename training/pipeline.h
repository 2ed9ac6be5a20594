// The stages of a training run, each a function a test can call, and run_pipeline, which chains
// them in the order othello-train runs them: load the data (or saved training sets), add
// self-play games, thin, replace by the positions one move after, relabel by search, save, fit
// (or read the weights to evaluate), report the errors and the expert agreement, write the
// weights. Progress and figures go to `log` as lines.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/patterns/pattern_weights.h"
#include "training/least_squares_trainer.h"
#include "training/search_labeller.h"
#include "training/self_play.h"
#include "training/training_set.h"

namespace othello::training {

// Where a run's positions come from.
struct DataSource {
    std::string kind = "wthor";  // wthor (expert games), transcripts or random (random playouts)
    std::filesystem::path wthor_dir;
    std::filesystem::path transcripts;
    int games = 0;  // random: playouts; wthor: at most this many games (0: all)
    int validation_from_year = 2016;
    bool theoretical_labels = true;
    std::uint64_t seed = 1;  // of the random playouts
};

// A run's positions: those it fits on, those held out for the validation figures, and the
// held-out games for the expert agreement (wthor only).
struct TrainingData {
    TrainingSamples train;
    TrainingSamples validation;
    std::vector<Game> held_out_games;
};

// Reads the positions the source names; throws std::invalid_argument for a source that is not
// complete (random without games, transcripts without a file).
TrainingData load_data(const DataSource& source, std::ostream& log);

// Replaces the training positions by the union of these training-set files (the validation
// positions stay); each file's sibling numbers are shifted past the previous files'.
void use_saved_samples(TrainingData& data, const std::vector<std::filesystem::path>& files,
                       std::ostream& log);

// Self-play games of the regression policy on `weights`, each opponent policy name (e.g.
// mobility) drawn by a share of them (SelfPlayOptions::opponent_share), appended to `train`.
// An unknown opponent name fails before any game is played.
void add_self_play(TrainingSamples& train, const std::filesystem::path& weights,
                   SelfPlayOptions options, const std::vector<std::string>& opponents,
                   std::ostream& log);

// Keeps every `every`-th position (the first, every + 1-th, ...).
void keep_every(TrainingSamples& train, int every);

// Replaces the positions by those one move after every `every`-th of them (unlabelled: a search
// must label them).
void use_positions_one_move_after(TrainingSamples& train, int every, int first, std::ostream& log);

// Relabels the positions by a search over the weights in `weights` (SearchLabelOptions).
void relabel(TrainingSamples& train, const std::filesystem::path& weights,
             const SearchLabelOptions& options, std::ostream& log);

// One round's fit: the least-squares weights of `train`, rounded to the file's integer units.
std::shared_ptr<const patterns::PatternWeights> fit_round(const TrainingSamples& train,
                                                          const TrainerOptions& options,
                                                          std::ostream& log);

// The weights' mean absolute errors per phase on the training and validation positions, and
// their expert agreement on the held-out games (a regression policy seeded with `seed`).
// --stream-fit: the files' sizes in the log, then their fit read afresh at each step.
void describe_streamed_samples(const std::vector<std::filesystem::path>& files, std::ostream& log);
std::shared_ptr<const patterns::PatternWeights> fit_streamed(
    const std::vector<std::filesystem::path>& files, const TrainerOptions& options,
    std::ostream& log);

void report_evaluation(std::shared_ptr<const patterns::PatternWeights> weights,
                       const TrainingData& data, std::uint64_t seed, std::ostream& log);

// Writes the entry-by-entry mean of the weights files (an ensemble) to `output`.
void write_average(const std::vector<std::filesystem::path>& files,
                   const std::filesystem::path& output, std::ostream& log);

// Rewrites a weights file of the earlier format (version 1, without a checksum) in the current
// one, after checking its header and size, and reads the result back to check it plays alike.
// `output` must not be `input`.
void upgrade_weights(const std::filesystem::path& input, const std::filesystem::path& output,
                     std::ostream& log);

// Everything a run does; the othello-train options, one field each.
struct PipelineOptions {
    DataSource data;  // its seed is the run's: random playouts, self-play and ties
    std::vector<std::filesystem::path> sample_files;  // train on these saved sets instead
    bool stream_fit = false;  // read sample_files at each step of the fit, never all at once
    TrainerOptions trainer;   // its threads serve every stage
    std::filesystem::path self_play_weights;
    SelfPlayOptions self_play;  // games 0: none; its seed and threads are the run's
    std::vector<std::string> self_play_opponents;
    std::filesystem::path label_weights;  // empty: no relabelling
    SearchLabelOptions labels;
    bool label_expert_only = false;  // relabel before self-play, so only the data's positions
    int keep_every = 1;
    int children_of = 0;
    int children_from = 0;  // the first parent of --children-of (0 to children_of - 1)
    std::filesystem::path save_samples;
    std::filesystem::path export_csv;
    std::filesystem::path evaluate;  // fit nothing: evaluate these weights
    std::filesystem::path output;    // where the weights go
};

// Runs the stages the options ask for, in order; throws std::invalid_argument for options that
// do not go together.
void run_pipeline(PipelineOptions options, std::ostream& log);

}  // namespace othello::training
