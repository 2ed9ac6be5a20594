// othello-train: fits the regression policy's pattern weights to labelled positions (WTHOR expert
// games, transcript files or random playouts), prints training and validation error per phase and
// expert agreement, and writes the weights file; optionally exports the training set as CSV. The
// options fill training::PipelineOptions; the stages and their order are training/pipeline.h's.
#include <boost/program_options.hpp>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/gnu_help.h"
#include "engine/strict_command_line.h"
#include "engine/version.h"
#include "training/endgame_set.h"
#include "training/move_losses.h"
#include "training/move_sample_file.h"
#include "training/network_tools.h"
#include "training/pipeline.h"

namespace po = boost::program_options;
using namespace othello::training;

namespace {

// What the command line sets. Files are read as plain strings: a path option would want quotes
// around spaces.
struct CommandLine {
    PipelineOptions run;
    std::string wthor_dir, transcripts, output, csv, save_samples_file, self_play_weights, evaluate,
        label_weights, export_moves, network_logits, moves, agreement_of, network, kernel,
        upgrade_weights, move_losses, player, export_endgame, attach_endgame, base_weights;
    std::vector<std::string> sample_files, average;
    MoveLossOptions losses;
    std::string value_weight = "1";
};

// The data the fit learns from.
void add_data_options(po::options_description& options, CommandLine& c) {
    PipelineOptions& run = c.run;
    options.add_options()("help", "show this help")("version", "print 'othello-train VERSION'")(
        "data", po::value(&run.data.kind)->default_value("wthor"),
        "wthor (expert games), transcripts (--transcripts FILE) or random (random playouts)")(
        "wthor-dir", po::value(&c.wthor_dir)->default_value(OTHELLO_SHARED_DATA "/wthor"),
        "folder of WTH_<year>.wtb files")("transcripts", po::value(&c.transcripts),
                                          "file of finished games, one transcript per line")(
        "games", po::value(&run.data.games)->default_value(0),
        "random: number of playouts; wthor: at most this many games (0 = all)")(
        "validation-from-year", po::value(&run.data.validation_from_year)->default_value(2016),
        "wthor: hold out the games of this year and later")(
        "no-theoretical", "wthor: label with final results only, not WTHOR's theoretical score");
}

// The fit: its steps, regularisation and threads.
void add_fit_options(po::options_description& options, CommandLine& c) {
    PipelineOptions& run = c.run;
    options.add_options()("iterations",
                          po::value(&run.trainer.iterations)->default_value(run.trainer.iterations),
                          "conjugate-gradient steps per phase")(
        "lambda", po::value(&run.trainer.lambda)->default_value(run.trainer.lambda),
        "ridge regularisation")(
        "jacobi", po::bool_switch(&run.trainer.jacobi),
        "precondition the conjugate gradient by the normal equations' diagonal (rare pattern "
        "entries converge in far fewer steps)")(
        "rank-weight", po::value(&run.trainer.rank_weight)->default_value(0.0),
        "weight of the ranking term: for the positions one move after one parent "
        "(--children-of, also in saved sets), the fit also minimises how far each one's error "
        "strays from their mean error, i.e. it learns to order siblings as their labels do, "
        "which is what the one-ply policy reads; 0: plain least squares")(
        "overlap", po::value(&run.trainer.overlap_plies)->default_value(run.trainer.overlap_plies),
        "plies of neighbouring phases each phase also trains on")(
        "threads", po::value(&run.trainer.threads)->default_value(run.trainer.threads),
        "worker threads")("seed", po::value(&run.data.seed)->default_value(run.data.seed),
                          "seed for random playouts and ties");
}

// Self-play games added to the training positions.
void add_self_play_options(po::options_description& options, CommandLine& c) {
    PipelineOptions& run = c.run;
    options.add_options()(
        "self-play", po::value(&run.self_play.games)->default_value(0),
        "add this many self-play games of the regression policy (with --self-play-weights)")(
        "self-play-weights", po::value(&c.self_play_weights),
        "weights the self-play games are played with")(
        "self-play-temperature", po::value(&run.self_play.temperature)->default_value(1.0),
        "softmax temperature of the self-play moves, in discs")(
        "self-play-random-plies", po::value(&run.self_play.max_random_plies)->default_value(12),
        "each self-play game opens with up to this many random moves")(
        "self-play-exact-empties", po::value(&run.self_play.exact_empties)->default_value(0),
        "label self-play positions with at most this many empties by the exact endgame solver "
        "(and earlier ones by the exact value where the game reached it); 0: game results")(
        "self-play-opponent", po::value(&run.self_play_opponents)->composing(),
        "policy (e.g. mobility) that plays one side in a share of the self-play games; give it "
        "several times and each such game draws one of them")(
        "self-play-opponent-share", po::value(&run.self_play.opponent_share)->default_value(0.0),
        "share of the self-play games against --self-play-opponent (0..1)");
}

// Relabelling by search, and which positions are kept.
void add_label_options(po::options_description& options, CommandLine& c) {
    PipelineOptions& run = c.run;
    options.add_options()(
        "label-weights", po::value(&c.label_weights),
        "relabel the training positions (not the held-out ones) by a search over these weights")(
        "label-depth", po::value(&run.labels.depth)->default_value(run.labels.depth),
        "plies of the relabelling search")(
        "label-exact-empties", po::value(&run.labels.exact_empties)->default_value(0),
        "relabel positions with at most this many empties by the exact endgame solver")(
        "label-share", po::value(&run.labels.search_share)->default_value(1.0),
        "new label = share * search value + (1 - share) * the game's label")(
        "label-from-empties", po::value(&run.labels.from_empties)->default_value(0),
        "positions with fewer empties keep their label")(
        "keep-every", po::value(&run.keep_every)->default_value(1),
        "keep only every K-th training position (positions of one game are much alike; fewer of "
        "them afford a deeper relabelling search)")(
        "children-of", po::value(&run.children_of)->default_value(0),
        "replace the training positions (after self-play and --keep-every) by the positions one "
        "move after every K-th of them (all the moves the one-ply policy weighs, good and bad), "
        "each labelled by the --label-weights search alone")(
        "children-from", po::value(&run.children_from)->default_value(0),
        "with --children-of K: the parents are the positions F, F + K, F + 2K, ... (F from 0 to "
        "K - 1), so the K parts of every position's children can be labelled one at a time")(
        "label-expert-only",
        "relabel only the --data positions; self-play positions keep their (exact) labels");
}

// What is written, and the modes that fit nothing.
void add_output_options(po::options_description& options, CommandLine& c) {
    options.add_options()("output", po::value(&c.output), "write the weights file here")(
        "average", po::value(&c.average)->multitoken(),
        "fit nothing: write the mean of these weights files (an ensemble) to --output")(
        "upgrade-weights", po::value(&c.upgrade_weights),
        "fit nothing: rewrite this weights file of an earlier format (version 1, no checksum; "
        "versions 2 and 3, the table plain; 4 plies a phase) in the current one (version 4: a "
        "checksum, "
        "the table as a zlib stream, 2 plies a phase) to --output, after checking it")(
        "evaluate", po::value(&c.evaluate),
        "fit nothing: report this weights file's errors and expert agreement on the data")(
        "export-csv", po::value(&c.csv), "write the training set as CSV here")(
        "agreement-of", po::value(&c.agreement_of),
        "fit nothing: report the expert agreement of this policy (e.g. network, book,network, "
        "regression; --network and --evaluate FILE name its files) on the held-out games")(
        "network", po::value(&c.network), "network weights file for --agreement-of")(
        "value-weight", po::value(&c.value_weight)->default_value(c.value_weight),
        "--agreement-of: the network policy's value weight (logits per disc of the pattern "
        "evaluation)")(
        "network-logits", po::value(&c.network_logits),
        "fit nothing: write this network file's 64 float32 logits for each position of --moves "
        "FILE to --output (the trainer's parity check)")("moves", po::value(&c.moves),
                                                         "move-sample file for --network-logits")(
        "kernel", po::value(&c.kernel)->default_value("avx2"),
        "--network-logits: avx2 (where the CPU has it, else portable) or portable")(
        "move-losses", po::value(&c.move_losses),
        "fit nothing: for every move --player made in these GGF games (othello-match --ggf), "
        "the discs it lost against the best move (exact at --loss-exact-empties or fewer "
        "empties, a --loss-depth search over --label-weights, default the shipped weights, "
        "before), as a table by empties")("player", po::value(&c.player),
                                          "--move-losses: the player's name (PB/PW)")(
        "loss-depth", po::value(&c.losses.depth)->default_value(c.losses.depth),
        "--move-losses: plies of the search before the exact endgame")(
        "loss-exact-empties",
        po::value(&c.losses.exact_empties)->default_value(c.losses.exact_empties),
        "--move-losses: solve exactly from this many empties")(
        "export-endgame", po::value(&c.export_endgame),
        "fit nothing: write the --samples positions with at most 16 empties, with both sides' "
        "moves and the --base-weights pattern evaluation, to this endgame set, for the endgame "
        "network's trainer (training/endgame/)")(
        "attach-endgame", po::value(&c.attach_endgame),
        "fit nothing: write the --base-weights with this endgame network file (from "
        "training/endgame/train_endgame.py) to --output")(
        "base-weights", po::value(&c.base_weights),
        "--export-endgame, --attach-endgame: the weights file (default: the shipped one)")(
        "export-moves", po::value(&c.export_moves),
        "fit nothing: write the WTHOR positions with the experts' moves to DIR/train.moves and "
        "DIR/held-out.moves (the games from --validation-from-year on), for the network "
        "trainer (training/network/)")(
        "save-samples", po::value(&c.save_samples_file),
        "write the training set (after self-play and relabelling) to this training-set file")(
        "samples", po::value(&c.sample_files)->composing(),
        "train on these saved training sets (--save-samples) instead of the --data training "
        "positions; the --data held-out games still give the validation figures (give it "
        "several times for their union)")(
        "stream-fit",
        "fit the --samples files by reading them afresh at every step instead of loading them: "
        "memory stays that of the weights however many positions the files hold, and the "
        "weights are the in-memory fit's, bit for bit (no --rank-weight)");
}

po::options_description describe(CommandLine& c) {
    po::options_description options(
        "Usage: othello-train [OPTION]...   fit the regression policy's pattern weights\n\n"
        "Options");
    add_data_options(options, c);
    add_fit_options(options, c);
    add_self_play_options(options, c);
    add_label_options(options, c);
    add_output_options(options, c);
    return options;
}

// The modes for the network policy's trainer (training/network/); false when none was asked for.
bool run_network_mode(const CommandLine& c) {
    const PipelineOptions& run = c.run;
    if (!c.network_logits.empty()) {
        if (c.moves.empty() || c.output.empty())
            throw std::invalid_argument("--network-logits needs --moves FILE and --output FILE");
        if (c.kernel != "avx2" && c.kernel != "portable")
            throw std::invalid_argument("--kernel is avx2 or portable, not '" + c.kernel + "'");
        using Kernel = othello::network::PolicyNetwork::Kernel;
        const bool avx2 = c.kernel == "avx2" && othello::network::PolicyNetwork::avx2_available();
        const std::size_t n = write_network_logits(c.network_logits, c.moves, c.output,
                                                   avx2 ? Kernel::Avx2 : Kernel::Portable);
        std::cout << "wrote the logits of " << n << " positions (" << (avx2 ? "avx2" : "portable")
                  << " kernel) to " << c.output << "\n";
    } else if (!c.agreement_of.empty()) {
        othello::PolicyOptions policy;
        policy.seed = run.data.seed;
        policy.network_path = c.network;
        policy.weights_path = c.evaluate;
        // Checked as the engine's --value-weight is: a number >= 0.
        othello::find_policy_option("value-weight")->parse(c.value_weight, policy);
        const Agreement a = held_out_agreement(c.agreement_of, policy, c.wthor_dir,
                                               run.data.validation_from_year, run.data.games);
        std::cout << "expert agreement of " << c.agreement_of << ": " << a.agreed << " of "
                  << a.positions << " positions (" << 100 * a.share() << "%) of the games from "
                  << run.data.validation_from_year << " on\n";
    } else if (!c.move_losses.empty()) {
        if (c.player.empty()) throw std::invalid_argument("--move-losses needs --player NAME");
        MoveLossOptions options = c.losses;
        options.threads = run.trainer.threads;
        const auto weights = othello::patterns::PatternWeights::load(
            c.label_weights.empty() ? othello::patterns::default_weights_path()
                                    : std::filesystem::path(c.label_weights));
        print_move_losses(
            move_losses(othello::read_ggf_file(c.move_losses), c.player, weights, options),
            std::cout);
    } else if (!c.export_moves.empty()) {
        const MoveSampleCounts counts = export_move_samples(
            {c.wthor_dir, run.data.validation_from_year, run.data.games}, c.export_moves);
        std::cout << "exported " << counts.train << " training and " << counts.held_out
                  << " held-out positions of " << counts.games << " games (" << counts.illegal_games
                  << " illegal records skipped) to " << c.export_moves << "\n";
    } else {
        return false;
    }
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    CommandLine c;
    const po::options_description options = describe(c);
    PipelineOptions& run = c.run;
    po::variables_map vm;
    try {
        po::store(othello::parse_strictly(po::command_line_parser(argc, argv), options), vm);
        po::notify(vm);
    } catch (const po::error& e) {
        std::cerr << "othello-train: " << e.what() << "\n" << othello::gnu_help(options);
        return 2;
    } catch (const std::invalid_argument& e) {  // a word that is no option
        std::cerr << "othello-train: " << e.what() << "\n(see othello-train --help)\n";
        return 2;
    }
    if (vm.count("help")) {
        std::cout << othello::gnu_help(options);
        return 0;
    }
    if (vm.count("version")) {
        std::cout << "othello-train " << othello::kVersion << "\n";
        return 0;
    }
    run.data.wthor_dir = c.wthor_dir;
    run.data.transcripts = c.transcripts;
    run.data.theoretical_labels = !vm.count("no-theoretical");
    run.sample_files.assign(c.sample_files.begin(), c.sample_files.end());
    run.stream_fit = vm.count("stream-fit") > 0;
    run.self_play_weights = c.self_play_weights;
    run.label_weights = c.label_weights;
    run.label_expert_only = vm.count("label-expert-only") > 0;
    run.save_samples = c.save_samples_file;
    run.export_csv = c.csv;
    run.evaluate = c.evaluate;
    run.output = c.output;
    try {
        if (run_network_mode(c)) return 0;
        if (!c.upgrade_weights.empty()) {
            if (c.output.empty())
                throw std::invalid_argument("--upgrade-weights needs --output FILE");
            upgrade_weights(c.upgrade_weights, c.output, std::cout);
        } else if (!c.export_endgame.empty() || !c.attach_endgame.empty()) {
            const std::filesystem::path base = c.base_weights.empty()
                                                   ? othello::patterns::default_weights_path()
                                                   : std::filesystem::path(c.base_weights);
            if (!c.export_endgame.empty()) {
                if (!c.attach_endgame.empty() || !c.output.empty())
                    throw std::invalid_argument(
                        "--export-endgame writes only the set: no --attach-endgame or --output");
                if (c.sample_files.empty())
                    throw std::invalid_argument("--export-endgame needs --samples FILE");
                export_endgame_set({c.sample_files.begin(), c.sample_files.end()}, base,
                                   c.export_endgame, std::cout);
            } else {
                if (c.output.empty())
                    throw std::invalid_argument("--attach-endgame needs --output FILE");
                attach_endgame_network(base, c.attach_endgame, c.output, std::cout);
            }
        } else if (!c.average.empty()) {
            if (c.output.empty()) throw std::invalid_argument("--average needs --output FILE");
            write_average({c.average.begin(), c.average.end()}, c.output, std::cout);
        } else {
            run_pipeline(run, std::cout);
        }
    } catch (const std::exception& e) {
        std::cerr << "othello-train: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
