// othello-train: fits the regression policy's pattern weights to labelled positions (WTHOR expert
// games, transcript files or random playouts), prints training and validation error per phase and
// expert agreement, and writes the weights file; optionally exports the training set as CSV.
#include <boost/program_options.hpp>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "engine/patterns/expert_agreement.h"
#include "engine/patterns/least_squares_trainer.h"
#include "engine/patterns/regression_policy.h"
#include "engine/patterns/sample_file.h"
#include "engine/patterns/search_labeller.h"
#include "engine/patterns/self_play.h"
#include "engine/patterns/training_set.h"
#include "engine/policies/policy_registry.h"
#include "engine/version.h"
#include "engine/wthor.h"

namespace po = boost::program_options;
using namespace othello;
using namespace othello::patterns;

namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void print_errors(const PatternWeights& weights, const TrainingSamples& train,
                  const TrainingSamples& validation) {
    const auto train_errors = mean_absolute_errors(weights, train);
    const auto validation_errors = mean_absolute_errors(weights, validation);
    std::printf("%-8s %10s %10s %10s %10s\n", "phase", "train n", "train MAE", "valid n",
                "valid MAE");
    for (int phase = 0; phase <= kPhaseCount; ++phase) {
        const std::string label = phase == kPhaseCount
                                      ? "all"
                                      : std::to_string(phase * kPliesPerPhase) + "-" +
                                            std::to_string(phase * kPliesPerPhase + 3);
        std::printf("%-8s %10d %10.2f %10d %10.2f\n", label.c_str(), train_errors[phase].samples,
                    train_errors[phase].mean_absolute_error, validation_errors[phase].samples,
                    validation_errors[phase].mean_absolute_error);
    }
}

}  // namespace

int main(int argc, char** argv) {
    std::string data, wthor_dir, transcripts, output, csv;
    int games = 0, validation_year = 2016;
    std::uint64_t seed = 1;
    TrainerOptions trainer;
    SelfPlayOptions self_play;
    SearchLabelOptions labels;
    std::string self_play_weights, evaluate, label_weights;
    std::vector<std::string> self_play_opponents, sample_files;
    std::string save_samples_file;
    int keep_every = 1;
    int children_of = 0;
    std::vector<std::string> average;
    po::options_description options("othello-train options");
    options.add_options()("help", "show this help")("version", "print 'othello-train VERSION'")(
        "data", po::value(&data)->default_value("wthor"),
        "wthor (expert games), transcripts (--transcripts FILE) or random (random playouts)")(
        "wthor-dir", po::value(&wthor_dir)->default_value(OTHELLO_SHARED_DATA "/wthor"),
        "folder of WTH_<year>.wtb files")("transcripts", po::value(&transcripts),
                                          "file of finished games, one transcript per line")(
        "games", po::value(&games)->default_value(0),
        "random: number of playouts; wthor: at most this many games (0 = all)")(
        "validation-from-year", po::value(&validation_year)->default_value(2016),
        "wthor: hold out the games of this year and later")(
        "no-theoretical", "wthor: label with final results only, not WTHOR's theoretical score")(
        "iterations", po::value(&trainer.iterations)->default_value(trainer.iterations),
        "conjugate-gradient steps per phase")(
        "lambda", po::value(&trainer.lambda)->default_value(trainer.lambda),
        "ridge regularisation")(
        "jacobi", po::bool_switch(&trainer.jacobi),
        "precondition the conjugate gradient by the normal equations' diagonal (rare pattern "
        "entries converge in far fewer steps)")(
        "overlap", po::value(&trainer.overlap_plies)->default_value(trainer.overlap_plies),
        "plies of neighbouring phases each phase also trains on")(
        "threads", po::value(&trainer.threads)->default_value(trainer.threads), "worker threads")(
        "seed", po::value(&seed)->default_value(seed), "seed for random playouts and ties")(
        "self-play", po::value(&self_play.games)->default_value(0),
        "add this many self-play games of the regression policy (with --self-play-weights)")(
        "self-play-weights", po::value(&self_play_weights),
        "weights the self-play games are played with")(
        "self-play-temperature", po::value(&self_play.temperature)->default_value(1.0),
        "softmax temperature of the self-play moves, in discs")(
        "self-play-random-plies", po::value(&self_play.max_random_plies)->default_value(12),
        "each self-play game opens with up to this many random moves")(
        "self-play-exact-empties", po::value(&self_play.exact_empties)->default_value(0),
        "label self-play positions with at most this many empties by the exact endgame solver "
        "(and earlier ones by the exact value where the game reached it); 0: game results")(
        "self-play-opponent", po::value(&self_play_opponents)->composing(),
        "policy (e.g. mobility) that plays one side in a share of the self-play games; give it "
        "several times and each such game draws one of them")(
        "self-play-opponent-share", po::value(&self_play.opponent_share)->default_value(0.0),
        "share of the self-play games against --self-play-opponent (0..1)")(
        "label-weights", po::value(&label_weights),
        "relabel the training positions (not the held-out ones) by a search over these weights")(
        "label-depth", po::value(&labels.depth)->default_value(labels.depth),
        "plies of the relabelling search")(
        "label-exact-empties", po::value(&labels.exact_empties)->default_value(0),
        "relabel positions with at most this many empties by the exact endgame solver")(
        "label-share", po::value(&labels.search_share)->default_value(1.0),
        "new label = share * search value + (1 - share) * the game's label")(
        "label-from-empties", po::value(&labels.from_empties)->default_value(0),
        "positions with fewer empties keep their label")(
        "keep-every", po::value(&keep_every)->default_value(1),
        "keep only every K-th training position (positions of one game are much alike; fewer of "
        "them afford a deeper relabelling search)")(
        "children-of", po::value(&children_of)->default_value(0),
        "replace the training positions (after self-play and --keep-every) by the positions one "
        "move after every K-th of them (all the moves the one-ply policy weighs, good and bad), "
        "each labelled by the --label-weights search alone")(
        "label-expert-only",
        "relabel only the --data positions; self-play positions keep their (exact) labels")(
        "output", po::value(&output), "write the weights file here")(
        "average", po::value(&average)->multitoken(),
        "fit nothing: write the mean of these weights files (an ensemble) to --output")(
        "evaluate", po::value(&evaluate),
        "fit nothing: report this weights file's errors and expert agreement on the data")(
        "export-csv", po::value(&csv), "write the training set as CSV here")(
        "save-samples", po::value(&save_samples_file),
        "write the training set (after self-play and relabelling) to this training-set file")(
        "samples", po::value(&sample_files)->composing(),
        "train on these saved training sets (--save-samples) instead of the --data training "
        "positions; the --data held-out games still give the validation figures (give it "
        "several times for their union)");
    po::variables_map vm;
    try {
        po::store(po::parse_command_line(argc, argv, options), vm);
        po::notify(vm);
    } catch (const po::error& e) {
        std::cerr << "othello-train: " << e.what() << "\n" << options;
        return 2;
    }
    if (vm.count("help")) {
        std::cout << options;
        return 0;
    }
    if (vm.count("version")) {
        std::cout << "othello-train " << kVersion << "\n";
        return 0;
    }
    try {
        if (!average.empty()) {
            if (output.empty()) throw std::invalid_argument("--average needs --output FILE");
            std::vector<PatternWeights> sets;
            for (const std::string& file : average) sets.push_back(PatternWeights::load(file));
            PatternWeights::average(sets).save(output);
            std::printf("wrote %s, the mean of %zu weights files\n", output.c_str(), sets.size());
            return 0;
        }
        if (keep_every < 1) throw std::invalid_argument("--keep-every must be 1 or more");
        if (children_of < 0) throw std::invalid_argument("--children-of must be 0 or more");
        // The new positions have no game and no label of their own: the search must label them
        // all, with nothing blended in.
        if (children_of > 0 && (label_weights.empty() || vm.count("label-expert-only") ||
                                labels.search_share != 1.0 || labels.from_empties != 0)) {
            throw std::invalid_argument(
                "--children-of needs --label-weights, a --label-share of 1 and no "
                "--label-from-empties or --label-expert-only");
        }
        const auto start = std::chrono::steady_clock::now();
        TrainingSamples train, validation;
        std::vector<Game> held_out_games;
        if (data == "wthor") {
            WthorData d =
                load_wthor({wthor_dir, validation_year, !vm.count("no-theoretical"), games});
            std::printf(
                "wthor: %d games (%d held out from %d on), %d illegal skipped, %d unfinished, "
                "%d recorded counts differ from the board\n",
                d.games, static_cast<int>(d.validation_games.size()), validation_year,
                d.illegal_games, d.unfinished_games, d.count_mismatches);
            train = std::move(d.train);
            validation = std::move(d.validation);
            held_out_games = std::move(d.validation_games);
        } else if (data == "random") {
            if (games <= 0) throw std::invalid_argument("--data random needs --games N (N > 0)");
            train = random_playout_samples(games, seed);
            validation = random_playout_samples(std::max(1, games / 10), seed + 1);
        } else if (data == "transcripts") {
            if (transcripts.empty())
                throw std::invalid_argument("--data transcripts needs --transcripts FILE");
            int unfinished = 0;
            train = transcript_samples(transcripts, &unfinished);
            std::printf("transcripts: %d unfinished games skipped\n", unfinished);
        } else {
            throw std::invalid_argument("unknown --data '" + data +
                                        "' (wthor, transcripts, random)");
        }
        if (!sample_files.empty()) {
            train = TrainingSamples{};  // frees the --data positions too
            for (const std::string& file : sample_files) {
                TrainingSamples saved = load_samples(file);
                std::printf("%s: %zu saved training positions\n", file.c_str(), saved.size());
                if (train.empty())
                    train = std::move(saved);
                else
                    train.insert(train.end(), saved.begin(), saved.end());
            }
        }
        auto relabel = [&] {
            if (label_weights.empty()) return;
            const auto label_start = std::chrono::steady_clock::now();
            labels.threads = trainer.threads;
            relabel_by_search(train, *shared_weights(label_weights), labels, &std::cout);
            std::printf(
                "relabelled by depth-%d search over %s (exact from %d empties, share %g, from %d "
                "empties): %.1f s\n",
                labels.depth, label_weights.c_str(), labels.exact_empties, labels.search_share,
                labels.from_empties, seconds_since(label_start));
        };
        const bool expert_only = vm.count("label-expert-only") > 0;
        if (expert_only) relabel();
        if (self_play.games > 0) {
            if (self_play_weights.empty())
                throw std::invalid_argument("--self-play needs --self-play-weights FILE");
            const auto play_start = std::chrono::steady_clock::now();
            self_play.seed = seed;
            self_play.threads = trainer.threads;
            if (!self_play_opponents.empty()) {
                // An unknown name fails here, before any game is played.
                for (const auto& name : self_play_opponents) make_policy(name, PolicyOptions{});
                self_play.opponent = [self_play_opponents](std::uint64_t policy_seed) {
                    PolicyOptions o;
                    o.seed = policy_seed;
                    return make_policy(
                        self_play_opponents[policy_seed % self_play_opponents.size()], o);
                };
            }
            const auto extra = self_play_samples(shared_weights(self_play_weights), self_play);
            std::printf("self-play: %d games, %zu positions (%.1f s)\n", self_play.games,
                        extra.size(), seconds_since(play_start));
            train.insert(train.end(), extra.begin(), extra.end());
        }
        if (keep_every > 1) {
            TrainingSamples kept;
            for (std::size_t i = 0; i < train.size(); i += static_cast<std::size_t>(keep_every))
                kept.push_back(train[i]);
            train = std::move(kept);
        }
        if (children_of > 0) {
            const std::size_t parents = (train.size() + children_of - 1) / children_of;
            train = positions_one_move_after(train, children_of);
            std::printf("%zu positions one move after %zu of the training positions\n",
                        train.size(), parents);
        }
        if (!expert_only) relabel();
        std::printf("%zu training positions, %zu validation positions (%.1f s)\n", train.size(),
                    validation.size(), seconds_since(start));
        if (!save_samples_file.empty()) {
            save_samples(save_samples_file, train);
            std::printf("wrote %s\n", save_samples_file.c_str());
        }
        if (!csv.empty()) {
            std::ofstream out(csv);
            if (!out) throw std::runtime_error(csv + ": cannot open for writing");
            write_csv(out, train);
            std::printf("wrote %s\n", csv.c_str());
        }
        // Exporting the data alone needs no fit.
        if ((!csv.empty() || !save_samples_file.empty()) && output.empty() && evaluate.empty())
            return 0;
        std::shared_ptr<const PatternWeights> weights;
        if (!evaluate.empty()) {
            weights = shared_weights(evaluate);
            std::printf("evaluating %s\n", evaluate.c_str());
        } else {
            const auto fit_start = std::chrono::steady_clock::now();
            const auto real = fit_pattern_weights(train, trainer, &std::cout);
            int clamped = 0;
            weights =
                std::make_shared<const PatternWeights>(PatternWeights::from_discs(real, &clamped));
            std::printf(
                "fit: %.1f s with %d threads, %d iterations%s, lambda %g; %d weights clamped\n",
                seconds_since(fit_start), trainer.threads, trainer.iterations,
                trainer.jacobi ? " (Jacobi)" : "", trainer.lambda, clamped);
        }
        print_errors(*weights, train, validation);
        if (!held_out_games.empty()) {
            RegressionPolicy policy(weights, seed);
            const Agreement a = expert_agreement(policy, held_out_games);
            std::printf(
                "expert agreement on %zu held-out games: %.1f%% of %d positions with a choice\n",
                held_out_games.size(), 100 * a.share(), a.positions);
        }
        if (!output.empty()) {
            weights->save(output);
            std::printf("wrote %s\n", output.c_str());
        }
        std::printf("total %.1f s\n", seconds_since(start));
    } catch (const std::exception& e) {
        std::cerr << "othello-train: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
