// The training stages and their order. Every figure is printed as one line of the log, so runs
// with other settings compare line by line.
#include "training/pipeline.h"

#include <algorithm>
#include <boost/format.hpp>
#include <chrono>
#include <fstream>
#include <limits>
#include <stdexcept>

#include "engine/patterns/regression_policy.h"
#include "engine/policies/policy_registry.h"
#include "training/expert_agreement.h"
#include "training/sample_file.h"

namespace othello::training {

using namespace patterns;

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

void print_errors(const PatternWeights& weights, const TrainingSamples& train,
                  const TrainingSamples& validation, std::ostream& log) {
    const auto train_errors = mean_absolute_errors(weights, train);
    const auto validation_errors = mean_absolute_errors(weights, validation);
    log << boost::format("%-8s %10s %10s %10s %10s\n") % "phase" % "train n" % "train MAE" %
               "valid n" % "valid MAE";
    for (int phase = 0; phase <= kPhaseCount; ++phase) {
        const std::string label =
            phase == kPhaseCount ? "all"
                                 : std::to_string(phase * kPliesPerPhase) + "-" +
                                       std::to_string(phase * kPliesPerPhase + kPliesPerPhase - 1);
        // A streamed fit holds no training positions: its columns say so rather than show 0.
        const auto column = [](const PhaseError& e) {
            return e.samples
                       ? (boost::format("%10d %10.2f") % e.samples % e.mean_absolute_error).str()
                       : (boost::format("%10s %10s") % "-" % "-").str();
        };
        log << boost::format("%-8s %s %s\n") % label % column(train_errors[phase]) %
                   column(validation_errors[phase]);
    }
}

}  // namespace

TrainingData load_data(const DataSource& source, std::ostream& log) {
    TrainingData data;
    if (source.kind == "wthor") {
        WthorData d = load_wthor({source.wthor_dir, source.validation_from_year,
                                  source.theoretical_labels, source.games});
        log << boost::format(
                   "wthor: %d games (%d held out from %d on), %d illegal skipped, %d unfinished, "
                   "%d recorded counts differ from the board\n") %
                   d.games % d.validation_games.size() % source.validation_from_year %
                   d.illegal_games % d.unfinished_games % d.count_mismatches;
        data.train = std::move(d.train);
        data.validation = std::move(d.validation);
        data.held_out_games = std::move(d.validation_games);
    } else if (source.kind == "random") {
        if (source.games <= 0) throw std::invalid_argument("--data random needs --games N (N > 0)");
        data.train = random_playout_samples(source.games, source.seed);
        data.validation = random_playout_samples(std::max(1, source.games / 10), source.seed + 1);
    } else if (source.kind == "transcripts") {
        if (source.transcripts.empty())
            throw std::invalid_argument("--data transcripts needs --transcripts FILE");
        int unfinished = 0;
        data.train = transcript_samples(source.transcripts, &unfinished);
        log << boost::format("transcripts: %d unfinished games skipped\n") % unfinished;
    } else {
        throw std::invalid_argument("unknown --data '" + source.kind +
                                    "' (wthor, transcripts, random)");
    }
    return data;
}

void use_saved_samples(TrainingData& data, const std::vector<std::filesystem::path>& files,
                       std::ostream& log) {
    data.train = TrainingSamples{};  // frees the loaded positions before the saved ones come
    std::uint32_t last_siblings = 0;
    for (const auto& file : files) {
        TrainingSamples saved = load_samples(file);
        log << boost::format("%s: %d saved training positions\n") % file.string() % saved.size();
        // Each file numbers its sibling runs from 1: shifted, no run continues into the next
        // file's.
        const std::uint32_t shift = last_siblings;
        for (TrainingSample& s : saved) {
            if (s.siblings == 0) continue;
            if (s.siblings > std::numeric_limits<std::uint32_t>::max() - shift)
                throw SampleFileError(file.string() +
                                      ": too many runs of siblings in the training sets together");
            s.siblings += shift;
            last_siblings = std::max(last_siblings, s.siblings);
        }
        if (data.train.empty())
            data.train = std::move(saved);
        else
            data.train.insert(data.train.end(), saved.begin(), saved.end());
    }
}

void add_self_play(TrainingSamples& train, const std::filesystem::path& weights,
                   SelfPlayOptions options, const std::vector<std::string>& opponents,
                   std::ostream& log) {
    if (weights.empty()) throw std::invalid_argument("--self-play needs --self-play-weights FILE");
    const auto start = Clock::now();
    if (!opponents.empty()) {
        for (const auto& name : opponents) make_policy(name, PolicyOptions{});
        options.opponent = [opponents](std::uint64_t policy_seed) {
            PolicyOptions o;
            o.seed = policy_seed;
            return make_policy(opponents[policy_seed % opponents.size()], o);
        };
    }
    const auto extra = self_play_samples(shared_weights(weights), options);
    log << boost::format("self-play: %d games, %d positions (%.1f s)\n") % options.games %
               extra.size() % seconds_since(start);
    train.insert(train.end(), extra.begin(), extra.end());
}

void keep_every(TrainingSamples& train, int every) {
    if (every < 1) throw std::invalid_argument("--keep-every must be 1 or more");
    if (every == 1) return;
    TrainingSamples kept;
    for (std::size_t i = 0; i < train.size(); i += static_cast<std::size_t>(every))
        kept.push_back(train[i]);
    train = std::move(kept);
}

void use_positions_one_move_after(TrainingSamples& train, int every, int first, std::ostream& log) {
    const std::size_t parents = train.size() > static_cast<std::size_t>(first)
                                    ? (train.size() - first + every - 1) / every
                                    : 0;
    train = positions_one_move_after(train, every, first);
    log << boost::format("%d positions one move after %d of the training positions\n") %
               train.size() % parents;
}

void relabel(TrainingSamples& train, const std::filesystem::path& weights,
             const SearchLabelOptions& options, std::ostream& log) {
    const auto start = Clock::now();
    relabel_by_search(train, *shared_weights(weights), options, &log);
    log << boost::format(
               "relabelled by depth-%d search over %s (exact from %d empties, share %g, from %d "
               "empties): %.1f s\n") %
               options.depth % weights.string() % options.exact_empties % options.search_share %
               options.from_empties % seconds_since(start);
}

std::shared_ptr<const PatternWeights> fit_round(const TrainingSamples& train,
                                                const TrainerOptions& options, std::ostream& log) {
    const auto start = Clock::now();
    const auto real = fit_pattern_weights(train, options, &log);
    int clamped = 0;
    auto weights =
        std::make_shared<const PatternWeights>(PatternWeights::from_discs(real, &clamped));
    log << boost::format(
               "fit: %.1f s with %d threads, %d iterations%s, lambda %g%s; %d weights "
               "clamped\n") %
               seconds_since(start) % options.threads % options.iterations %
               (options.jacobi ? " (Jacobi)" : "") % options.lambda %
               (options.rank_weight > 0
                    ? (boost::format(", rank weight %g") % options.rank_weight).str()
                    : std::string()) %
               clamped;
    return weights;
}

void describe_streamed_samples(const std::vector<std::filesystem::path>& files, std::ostream& log) {
    std::uint64_t positions = 0;
    for (const auto& file : files) {
        const SampleFileReader reader(file);
        log << boost::format("%s: %d saved training positions (streamed)\n") % file.string() %
                   reader.size();
        positions += reader.size();
    }
    log << boost::format("%d training positions in %d files, streamed\n") % positions %
               files.size();
}

std::shared_ptr<const PatternWeights> fit_streamed(const std::vector<std::filesystem::path>& files,
                                                   const TrainerOptions& options,
                                                   std::ostream& log) {
    const auto start = Clock::now();
    const auto real = fit_pattern_weights_streamed(files, options, &log);
    int clamped = 0;
    auto weights =
        std::make_shared<const PatternWeights>(PatternWeights::from_discs(real, &clamped));
    log << boost::format(
               "streamed fit: %.1f s with %d threads, %d iterations%s, lambda %g; "
               "%d weights clamped\n") %
               seconds_since(start) % options.threads % options.iterations %
               (options.jacobi ? " (Jacobi)" : "") % options.lambda % clamped;
    return weights;
}

void report_evaluation(std::shared_ptr<const PatternWeights> weights, const TrainingData& data,
                       std::uint64_t seed, std::ostream& log) {
    print_errors(*weights, data.train, data.validation, log);
    if (data.held_out_games.empty()) return;
    RegressionPolicy policy(std::move(weights), seed);
    const Agreement a = expert_agreement(policy, data.held_out_games);
    log << boost::format(
               "expert agreement on %d held-out games: %.1f%% of %d positions with a choice\n") %
               data.held_out_games.size() % (100 * a.share()) % a.positions;
}

void write_average(const std::vector<std::filesystem::path>& files,
                   const std::filesystem::path& output, std::ostream& log) {
    std::vector<PatternWeights> sets;
    for (const auto& file : files) sets.push_back(PatternWeights::load(file));
    PatternWeights::average(sets).save(output);
    log << boost::format("wrote %s, the mean of %d weights files\n") % output.string() %
               sets.size();
}

void upgrade_weights(const std::filesystem::path& input, const std::filesystem::path& output,
                     std::ostream& log) {
    std::error_code error;
    if (std::filesystem::equivalent(input, output, error))
        throw std::invalid_argument("--output '" + output.string() +
                                    "' is the file being upgraded; write another file");
    const PatternWeights weights = PatternWeights::load_for_upgrade(input);
    weights.save(output);
    const PatternWeights back = PatternWeights::load(output);
    for (int phase = 0; phase < kPhaseCount; ++phase) {
        if (!std::equal(back.phase_table(phase), back.phase_table(phase) + kEntriesPerPhase,
                        weights.phase_table(phase)))
            throw std::runtime_error(output.string() + ": read back differs from " +
                                     input.string());
    }
    log << boost::format(
               "wrote %s: the weights of %s in the current format (version 4: a checksum, the "
               "table as a zlib stream), "
               "read back and checked\n") %
               output.string() % input.string();
}

// --stream-fit reads the --samples files as they are: nothing that changes or adds positions.
static void check_stream_fit(const PipelineOptions& options) {
    if (options.stream_fit &&
        (options.sample_files.empty() || options.self_play.games > 0 ||
         !options.label_weights.empty() || options.keep_every != 1 || options.children_of > 0 ||
         !options.save_samples.empty() || !options.export_csv.empty() || !options.evaluate.empty()))
        throw std::invalid_argument(
            "--stream-fit fits --samples files as they are: no self-play, relabelling, "
            "--keep-every, --children-of, --save-samples, --export-csv or --evaluate");
}

void run_pipeline(PipelineOptions options, std::ostream& log) {
    if (options.keep_every < 1) throw std::invalid_argument("--keep-every must be 1 or more");
    if (!(options.trainer.rank_weight >= 0 && options.trainer.rank_weight <= 1000))
        throw std::invalid_argument("--rank-weight must be from 0 to 1000");
    if (options.children_of < 0) throw std::invalid_argument("--children-of must be 0 or more");
    if (options.children_from != 0 && (options.children_of == 0 || options.children_from < 0 ||
                                       options.children_from >= options.children_of))
        throw std::invalid_argument("--children-from must be from 0 to --children-of minus 1");
    // The new positions have no game and no label of their own: the search must label them
    // all, with nothing blended in.
    if (options.children_of > 0 &&
        (options.label_weights.empty() || options.label_expert_only ||
         options.labels.search_share != 1.0 || options.labels.from_empties != 0)) {
        throw std::invalid_argument(
            "--children-of needs --label-weights, a --label-share of 1 and no "
            "--label-from-empties or --label-expert-only");
    }
    check_stream_fit(options);
    const std::uint64_t seed = options.data.seed;
    options.labels.threads = options.trainer.threads;
    options.self_play.seed = seed;
    options.self_play.threads = options.trainer.threads;

    const auto start = Clock::now();
    TrainingData data = load_data(options.data, log);
    if (options.stream_fit) {
        data.train = TrainingSamples{};  // the files are read at each step of the fit instead
        describe_streamed_samples(options.sample_files, log);
    } else if (!options.sample_files.empty()) {
        use_saved_samples(data, options.sample_files, log);
    }
    auto relabel_if_asked = [&] {
        if (!options.label_weights.empty())
            relabel(data.train, options.label_weights, options.labels, log);
    };
    if (options.label_expert_only) relabel_if_asked();
    if (options.self_play.games > 0) {
        add_self_play(data.train, options.self_play_weights, options.self_play,
                      options.self_play_opponents, log);
    }
    keep_every(data.train, options.keep_every);
    if (options.children_of > 0)
        use_positions_one_move_after(data.train, options.children_of, options.children_from, log);
    if (!options.label_expert_only) relabel_if_asked();
    log << boost::format("%d training positions, %d validation positions (%.1f s)\n") %
               data.train.size() % data.validation.size() % seconds_since(start);

    if (!options.save_samples.empty()) {
        save_samples(options.save_samples, data.train);
        log << "wrote " << options.save_samples.string() << "\n";
    }
    if (!options.export_csv.empty()) {
        std::ofstream out(options.export_csv);
        if (!out)
            throw std::runtime_error(options.export_csv.string() + ": cannot open for writing");
        write_csv(out, data.train);
        log << "wrote " << options.export_csv.string() << "\n";
    }
    // Exporting the data alone needs no fit.
    const bool exported = !options.export_csv.empty() || !options.save_samples.empty();
    if (exported && options.output.empty() && options.evaluate.empty()) return;

    std::shared_ptr<const PatternWeights> weights;
    if (!options.evaluate.empty()) {
        weights = shared_weights(options.evaluate);
        log << "evaluating " << options.evaluate.string() << "\n";
    } else if (options.stream_fit) {
        weights = fit_streamed(options.sample_files, options.trainer, log);
    } else {
        weights = fit_round(data.train, options.trainer, log);
    }
    report_evaluation(weights, data, seed, log);
    if (!options.output.empty()) {
        weights->save(options.output);
        log << "wrote " << options.output.string() << "\n";
    }
    log << boost::format("total %.1f s\n") % seconds_since(start);
}

}  // namespace othello::training
