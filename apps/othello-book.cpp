// othello-book: build, extend, inspect and summarise opening books.
//   othello-book build|import [--book FILE] [--lines F]... [--games F]... [--wthor DIR|FILE]...
//                [--simulate N [--black POLICY] [--white POLICY]] [--depth PLIES] [--min-games N]
//                [--seed S]
//   othello-book show [--book FILE] [TRANSCRIPT]
//   othello-book stats [--book FILE]
//   othello-book bench [--book FILE]   lookup speed
//   othello-book evaluate [--book FILE] [--weights FILE] [--depth D] [--threads N]
//   othello-book lines [--book FILE] [--plies K] [--count N] [--seed S]   openings from the book
#include <signal.h>

#include <algorithm>
#include <boost/program_options.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "engine/ascii_text.h"
#include "engine/book/book_import.h"
#include "engine/book/book_policy.h"
#include "engine/gnu_help.h"
#include "engine/notation.h"
#include "engine/policies/policy_registry.h"
#include "engine/rng.h"
#include "engine/strict_command_line.h"
#include "engine/version.h"
#include "engine/wthor.h"
#include "training/book_evaluator.h"

namespace po = boost::program_options;
namespace fs = std::filesystem;
using namespace othello;

namespace {

constexpr const char* kUsage =
    "Usage: othello-book build|import [OPTION]...   make a new book / add to a book\n"
    "  or:  othello-book show [--book FILE] [TRANSCRIPT]   book moves of a position\n"
    "  or:  othello-book stats [--book FILE]   summary of a book\n"
    "  or:  othello-book bench [--book FILE]   lookup speed\n"
    "  or:  othello-book evaluate [--book FILE] [--weights FILE] [--depth D]   negamax values\n"
    "  or:  othello-book lines [--book FILE] [--plies K] [--count N]   openings from the book\n"
    "  or:  othello-book SUBCOMMAND --help     the subcommand's options (all of them below)\n"
    "  or:  othello-book --version             print 'othello-book VERSION'\n";

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// --help (in a subcommand's own list) and --book, which every subcommand takes. The default is
// shown as DATA/book.db, so that the man page made from --help does not depend on where it was
// built.
po::options_description book_option(const std::string& caption, bool help) {
    po::options_description options(caption);
    if (help) options.add_options()("help,h", "print this subcommand's options");
    options.add_options()("book",
                          po::value<std::string>()->default_value(
                              BookPolicy::default_book_path().string(), "DATA/book.db"),
                          "the book file (SQLite); DATA: the data folder (othello-engine "
                          "--print-data-dir)");
    return options;
}

// A command line the subcommand does not take: exit status 2, as every program's usage errors.
struct UsageError : std::invalid_argument {
    using std::invalid_argument::invalid_argument;
};

// Parses a subcommand's arguments; nullopt once --help has printed `usage` and the options.
std::optional<po::variables_map> parse_args(
    const std::vector<std::string>& args, const po::options_description& options,
    const std::string& usage,
    const po::positional_options_description& positional = po::positional_options_description()) {
    po::variables_map vm;
    try {
        po::store(parse_strictly(po::command_line_parser(args), options, positional), vm);
    } catch (const po::error& e) {
        throw UsageError(e.what());
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }
    if (vm.count("help")) {
        std::cout << "Usage: othello-book " << usage << "\n" << gnu_help(options) << "\n";
        return std::nullopt;
    }
    po::notify(vm);
    return vm;
}

po::options_description build_options(const std::string& caption, bool help) {
    po::options_description options = book_option(caption, help);
    options.add_options()("lines", po::value<std::vector<std::string>>()->default_value({}, ""),
                          "opening lines: a transcript per line, optionally TAB name (repeatable)")(
        "games", po::value<std::vector<std::string>>()->default_value({}, ""),
        "finished games: a transcript per line (repeatable)")(
        "wthor", po::value<std::vector<std::string>>()->default_value({}, ""),
        "a WTHOR .wtb file or a folder of them (repeatable)")(
        "simulate", po::value<std::int64_t>()->default_value(0),
        "this many simulated games from the start")(
        "black", po::value<std::string>()->default_value("random"),
        "policy of black in simulated games")("white",
                                              po::value<std::string>()->default_value("random"),
                                              "policy of white in simulated games")(
        "depth", po::value<int>()->default_value(20), "plies of each game recorded")(
        "min-games", po::value<std::int64_t>()->default_value(1),
        "keep game moves played at least this often")(
        "seed", po::value<std::uint64_t>()->default_value(1), "seed of the simulated games")(
        "test-kill-before-commit", po::bool_switch(), "(tests) die by SIGKILL just before COMMIT");
    return options;
}

po::options_description show_options(const std::string& caption, bool help) {
    po::options_description options = book_option(caption, help);
    options.add_options()("transcript", po::value<std::string>()->default_value(""),
                          "moves from the start (also the first word after the options)");
    return options;
}

po::options_description bench_options(const std::string& caption, bool help) {
    po::options_description options = book_option(caption, help);
    options.add_options()("walks", po::value<int>()->default_value(2000),
                          "random walks / random games");
    return options;
}

po::options_description evaluate_options(const std::string& caption, bool help) {
    po::options_description options = book_option(caption, help);
    options.add_options()("weights",
                          po::value<std::string>()->default_value(
                              patterns::default_weights_path().string(), "DATA/weights.bin"),
                          "regression weights searched with at the leaves")(
        "depth", po::value<int>()->default_value(6), "plies of each leaf search")(
        "exact-empties", po::value<int>()->default_value(14),
        "leaves with at most this many empties are solved exactly")(
        "threads", po::value<int>()->default_value(2), "search threads");
    return options;
}

po::options_description lines_options(const std::string& caption, bool help) {
    po::options_description options = book_option(caption, help);
    options.add_options()("plies", po::value<int>()->default_value(6), "moves in each line")(
        "count", po::value<int>()->default_value(100), "distinct lines wanted")(
        "seed", po::value<std::uint64_t>()->default_value(1), "seed of the random walks");
    return options;
}

// Each subcommand's options, as its own --help lists them; the top-level --help lists them all
// (so the man page has them), each under a heading of its own.
struct SubcommandOptions {
    const char* heading;
    po::options_description (*options)(const std::string& caption, bool help);
};
constexpr SubcommandOptions kSubcommandOptions[] = {
    {"build and import options", build_options},
    {"show options", show_options},
    {"stats options", book_option},
    {"bench options", bench_options},
    {"evaluate options", evaluate_options},
    {"lines options", lines_options},
};

// The options of `options` under `heading`, in the GNU form ("--depth=ARG (default: 20)"), each
// option and its text two spaces apart at least (help2man tells them apart so; Boost's own layout
// leaves one after its longest option), the text wrapped to 80 columns. Options for tests alone are
// left out.
void print_options(const std::string& heading, const po::options_description& options) {
    constexpr std::size_t kColumn = 30, kWidth = 80;
    std::cout << heading << ":\n";
    for (const auto& option : options.options()) {
        if (option->description().starts_with("(tests)")) continue;
        std::string boost_column = option->format_name() + " " + option->format_parameter();
        while (boost_column.ends_with(' ')) boost_column.pop_back();
        // In the GNU form, as every --help (engine/gnu_help.h).
        std::string line = "  " + gnu_help_detail::gnu_option(boost_column, option->description());
        line.resize(std::max(line.size() + 2, kColumn), ' ');
        std::istringstream words(option->description());
        bool line_start = true;  // no word after the option (or the indent) yet
        for (std::string word; words >> word; line_start = false) {
            if (!line_start && line.size() + 1 + word.size() > kWidth) {
                std::cout << line << "\n";
                line = std::string(kColumn, ' ');
                line_start = true;
            }
            line += (line_start ? "" : " ") + word;
        }
        std::cout << line << "\n";
    }
}

void print_help() {
    std::cout << kUsage << "\nOptions:\n";
    for (const SubcommandOptions& s : kSubcommandOptions) {
        std::cout << "\n";
        print_options(s.heading, s.options(s.heading, false));
    }
}

// Reads --lines, --games and --wthor files into `builder`; returns their part of the book's
// source text.
std::string import_files(BookBuilder& builder, const po::variables_map& vm, int depth) {
    std::string source;
    for (const auto& file : vm["lines"].as<std::vector<std::string>>()) {
        const auto lines = import_lines(builder, file);
        std::printf("%s: %lld lines\n", file.c_str(), static_cast<long long>(lines));
        source += " lines:" + fs::path(file).filename().string();
    }
    for (const auto& file : vm["games"].as<std::vector<std::string>>()) {
        const auto games = import_transcript_games(builder, file, depth);
        std::printf("%s: %lld games\n", file.c_str(), static_cast<long long>(games));
        source += " games:" + fs::path(file).filename().string();
    }
    for (const auto& where : vm["wthor"].as<std::vector<std::string>>()) {
        const auto files =
            fs::is_directory(where) ? wthor_files_in(where) : std::vector<fs::path>{where};
        const WthorImportReport r = import_wthor(builder, files, depth);
        std::printf(
            "%s: %zu files, %lld games (%lld unfinished, scored by the record; %lld whose recorded "
            "count differs from the replay)\n",
            where.c_str(), files.size(), static_cast<long long>(r.games),
            static_cast<long long>(r.unfinished), static_cast<long long>(r.count_mismatches));
        source += " wthor:" + fs::path(where).filename().string();
    }
    return source;
}

// Plays --simulate games into `builder`; returns their part of the book's source text.
std::string import_simulated(BookBuilder& builder, const po::variables_map& vm, int depth) {
    const auto n = vm["simulate"].as<std::int64_t>();
    if (n <= 0) return "";
    const auto seed = vm["seed"].as<std::uint64_t>();
    PolicyOptions policy_options;
    policy_options.seed = seed;
    // "random" is the built-in fast path (random playouts past the recorded plies).
    auto chooser = [&](const std::string& spec, std::unique_ptr<Policy>& holder) -> MoveChooser {
        if (spec == "random") return {};
        holder = make_policy(spec, policy_options);
        return [&holder](const Game& game) { return holder->choose(game); };
    };
    std::unique_ptr<Policy> black_policy, white_policy;
    const std::string black = vm["black"].as<std::string>(), white = vm["white"].as<std::string>();
    import_simulated_games(builder, n, depth, seed, chooser(black, black_policy),
                           chooser(white, white_policy));
    std::printf("simulated %lld games, %s (black) vs %s (white)\n", static_cast<long long>(n),
                black.c_str(), white.c_str());
    return " simulated:" + std::to_string(n) + ":" + black + "-vs-" + white;
}

// Writes `entries` to the --book file: a new one (`fresh`) or added to the one there.
void write_book(const po::variables_map& vm, bool fresh, const std::vector<BookEntry>& entries,
                const std::string& source, double read_seconds) {
    const fs::path target = vm["book"].as<std::string>();
    // A new book is written beside the target and renamed over it only when complete.
    const fs::path written = fresh ? fs::path(target.string() + ".building") : target;
    // A killed earlier build may have left its file and rollback journal: a stale journal must not
    // be replayed into the new file.
    if (fresh) {
        fs::remove(written);
        fs::remove(written.string() + "-journal");
    }
    const auto writing = std::chrono::steady_clock::now();
    {
        OpeningBook book(written, OpeningBook::Access::Write);
        const bool kill = vm["test-kill-before-commit"].as<bool>();
        book.add(entries, source, [kill] {
            if (kill) raise(SIGKILL);
        });
        if (!fresh && book.has_values()) {
            std::cerr << "warning: " << target.string()
                      << ": the book's values predate this import (new moves have none and are "
                         "not played where a position has values): run othello-book evaluate "
                         "again\n";
        }
    }
    if (fresh) fs::rename(written, target);
    std::printf("%s: %zu rows written (read %.2f s, write %.2f s)\n", target.c_str(),
                entries.size(), read_seconds, seconds_since(writing));
}

int run_build(const std::vector<std::string>& args, bool fresh) {
    const po::options_description options = build_options("Options", true);
    const auto parsed = parse_args(args, options, fresh ? "build [options]" : "import [options]");
    if (!parsed) return 0;
    const po::variables_map& vm = *parsed;

    const int depth = vm["depth"].as<int>();
    BookBuilder builder;
    const auto started = std::chrono::steady_clock::now();
    std::string source = import_files(builder, vm, depth);
    source += import_simulated(builder, vm, depth);
    const auto min_games = vm["min-games"].as<std::int64_t>();
    const std::vector<BookEntry> entries = builder.entries(min_games);
    const double read_seconds = seconds_since(started);
    source = "depth " + std::to_string(depth) + ", min-games " + std::to_string(min_games) + ":" +
             source;
    write_book(vm, fresh, entries, source, read_seconds);
    return 0;
}

int run_show(const std::vector<std::string>& args) {
    const po::options_description options = show_options("Options", true);
    po::positional_options_description positional;
    positional.add("transcript", 1);
    const auto parsed = parse_args(args, options, "show [--book FILE] [TRANSCRIPT]", positional);
    if (!parsed) return 0;
    const po::variables_map& vm = *parsed;

    const Game game = Game::from_transcript(vm["transcript"].as<std::string>());
    OpeningBook book(vm["book"].as<std::string>(), OpeningBook::Access::Read);
    std::cout << to_ascii(game.current());
    std::vector<BookMove> moves = book.lookup(game.current());
    std::stable_sort(moves.begin(), moves.end(), [](const BookMove& a, const BookMove& b) {
        return BookPolicy::score(a) > BookPolicy::score(b);
    });
    if (moves.empty()) {
        std::cout << "not in book\n";
        return 0;
    }
    std::printf("%-5s %8s %7s %7s %7s %7s %8s %8s %8s  %s\n", "move", "games", "wins", "draws",
                "losses", "score", "mean", "rating", "value", "name");
    for (const BookMove& m : moves) {
        const BookStats& s = m.stats;
        char value[16] = "       -";
        if (m.value) std::snprintf(value, sizeof value, "%+8.2f", *m.value);
        std::string name = m.name;
        if (!m.comment.empty())
            name += name.empty() ? "(" + m.comment + ")" : " (" + m.comment + ")";
        std::printf("%-5s %8lld %7lld %7lld %7lld %6.1f%% %+8.2f %+8.2f %s  %s\n",
                    m.move.to_string().c_str(), static_cast<long long>(s.games),
                    static_cast<long long>(s.wins), static_cast<long long>(s.draws),
                    static_cast<long long>(s.losses), 100.0 * s.score(), s.mean_disc_difference(),
                    BookPolicy::rating(s), value, name.c_str());
    }
    return 0;
}

int run_stats(const std::vector<std::string>& args) {
    const auto parsed = parse_args(args, book_option("Options", true), "stats [--book FILE]");
    if (!parsed) return 0;
    const po::variables_map& vm = *parsed;
    const fs::path path = vm["book"].as<std::string>();
    OpeningBook book(path, OpeningBook::Access::Read);
    const BookSummary s = book.summary();
    std::printf("book         %s\n", path.c_str());
    std::printf("size         %.2f MB\n", static_cast<double>(fs::file_size(path)) / 1e6);
    std::printf("schema       version %d\n", book.schema_version());
    std::printf("positions    %lld\n", static_cast<long long>(s.positions));
    std::printf("moves        %lld (%lld named)\n", static_cast<long long>(s.moves),
                static_cast<long long>(s.named_moves));
    std::printf("start games  %lld\n", static_cast<long long>(s.start_games));
    std::printf("deepest ply  %d\n", s.deepest_ply);
    std::printf("moves per ply:");
    for (const auto& [ply, count] : s.moves_per_ply)
        std::printf(" %d:%lld", ply, static_cast<long long>(count));
    std::printf("\nimports:\n");
    for (const auto& line : s.imports) std::printf("  %s\n", line.c_str());
    return 0;
}

// Times lookups of positions in book (random walks through the book's own moves) and of
// positions mostly out of it (the first 20 plies of random games).
int run_bench(const std::vector<std::string>& args) {
    const po::options_description options = bench_options("Options", true);
    const auto parsed = parse_args(args, options, "bench [--book FILE] [--walks N]");
    if (!parsed) return 0;
    const po::variables_map& vm = *parsed;
    const int walks = vm["walks"].as<int>();
    OpeningBook book(vm["book"].as<std::string>(), OpeningBook::Access::Read);
    Rng rng(1);
    std::vector<Position> in_book, random_positions;
    for (int w = 0; w < walks; ++w) {
        Position p = Position::start();
        for (std::vector<BookMove> moves; !(moves = book.lookup(p)).empty();) {
            in_book.push_back(p);
            p = p.play_unchecked(moves[rng.below(static_cast<std::uint32_t>(moves.size()))].move);
            if (!p.has_legal_move()) p = p.pass();
        }
        Position q = Position::start();
        for (int ply = 0; ply < 20 && q.has_legal_move(); ++ply) {
            random_positions.push_back(q);
            q = q.play_unchecked(Square::from_index(rng.pick_bit(q.legal_moves())));
            if (!q.has_legal_move()) q = q.pass();
        }
    }
    for (const auto access : {OpeningBook::Access::Read, OpeningBook::Access::ReadLocked}) {
        for (const auto& [label, positions] :
             {std::pair{"in-book positions", &in_book},
              std::pair{"random-game positions", &random_positions}}) {
            OpeningBook timed(vm["book"].as<std::string>(), access);
            std::size_t found = 0;
            const auto started = std::chrono::steady_clock::now();
            for (int repeat = 0; repeat < 3; ++repeat) {
                for (const Position& p : *positions) found += !timed.lookup(p).empty();
            }
            const double seconds = seconds_since(started);
            const double lookups = 3.0 * static_cast<double>(positions->size());
            std::printf("%-11s %-22s %8zu positions, %5.1f%% in book, %.2f us per lookup\n",
                        access == OpeningBook::Access::Read ? "read" : "read-locked", label,
                        positions->size(), 100.0 * static_cast<double>(found) / lookups,
                        1e6 * seconds / lookups);
        }
    }
    return 0;
}

// Values every book move by negamax over the book with searches at its leaves
// (training/book_evaluator.h), so the book policy plays by value.
int run_evaluate(const std::vector<std::string>& args) {
    const po::options_description options = evaluate_options("Options", true);
    const auto parsed = parse_args(
        args, options, "evaluate [--book FILE] [--weights FILE] [--depth D] [--threads N]");
    if (!parsed) return 0;
    const po::variables_map& vm = *parsed;
    training::BookEvaluationOptions evaluation;
    evaluation.depth = vm["depth"].as<int>();
    evaluation.exact_empties = vm["exact-empties"].as<int>();
    evaluation.threads = vm["threads"].as<int>();
    if (evaluation.depth < 0) throw std::invalid_argument("--depth must be 0 or more");
    const auto weights = patterns::PatternWeights::load(vm["weights"].as<std::string>());
    OpeningBook book(vm["book"].as<std::string>(), OpeningBook::Access::Write);
    const training::BookEvaluationSummary s =
        training::evaluate_book(book, weights, evaluation, &std::cerr);
    std::printf("positions valued       %zu\n", s.positions);
    std::printf("leaves searched        %zu (depth %d)\n", s.leaf_searches, evaluation.depth);
    std::printf("book moves valued      %zu\n", s.rows_valued);
    std::printf("alternatives stored    %zu (better than every book move at %zu positions)\n",
                s.rows_added, s.alternatives_best);
    std::printf("start position value   %+.2f discs\n", s.start_value);
    return 0;
}

// K-ply lines of expert book moves, reaching distinct positions up to symmetry, (at least
// BookPolicy::kMinGames games), drawn by random walks from the start, one transcript per line:
// openings for othello-match that stay in the book, e.g. to compare `book,regression` with
// `regression` from book positions.
int run_lines(const std::vector<std::string>& args) {
    const po::options_description options = lines_options("Options", true);
    const auto parsed =
        parse_args(args, options, "lines [--book FILE] [--plies K] [--count N] [--seed S]");
    if (!parsed) return 0;
    const po::variables_map& vm = *parsed;
    const int plies = vm["plies"].as<int>();
    const int count = vm["count"].as<int>();
    if (plies < 1 || count < 1)
        throw std::invalid_argument("--plies and --count must be 1 or more");
    OpeningBook book(vm["book"].as<std::string>(), OpeningBook::Access::Read);
    Rng rng(vm["seed"].as<std::uint64_t>());
    // Distinct up to symmetry: two lines that reach mirror images of one position would give
    // the same games (every policy answers symmetrically), so only the first is listed.
    std::set<std::uint64_t> seen;
    // Walks that leave the book early are retried; give up once new lines stop coming.
    for (int attempts = 0; static_cast<int>(seen.size()) < count && attempts < 100 * count;
         ++attempts) {
        Game game;
        for (int ply = 0; ply < plies; ++ply) {
            std::vector<BookMove> moves = book.lookup(game.current());
            std::erase_if(moves,
                          [](const BookMove& m) { return m.stats.games < BookPolicy::kMinGames; });
            if (moves.empty()) break;
            game.play(moves[rng.below(static_cast<std::uint32_t>(moves.size()))].move);
            // The book holds positions with a move to play: pass for a side that has none.
            if (!game.current().has_legal_move() && !game.is_over()) game.play(Move::pass());
        }
        if (static_cast<int>(game.moves().size()) < plies) continue;
        if (seen.insert(canonical_hash(game.current())).second)
            std::cout << game.transcript() << "\n";
    }
    if (static_cast<int>(seen.size()) < count) {
        std::cerr << "othello-book lines: the book has only " << seen.size()
                  << " distinct positions (up to symmetry) " << plies
                  << " plies in that random walks found\n";
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    const std::string command = argc > 1 ? argv[1] : "";
    const std::vector<std::string> args(argv + std::min(argc, 2), argv + argc);
    try {
        if (command == "build" || command == "import") return run_build(args, command == "build");
        if (command == "show") return run_show(args);
        if (command == "stats") return run_stats(args);
        if (command == "bench") return run_bench(args);
        if (command == "evaluate") return run_evaluate(args);
        if (command == "lines") return run_lines(args);
        if (command == "--version") {
            std::cout << "othello-book " << kVersion << "\n";
            return 0;
        }
        if (command == "--help" || command == "-h" || command == "help") {
            print_help();
            return 0;
        }
        std::cerr << kUsage;
        return 2;
    } catch (const UsageError& e) {
        std::cerr << "othello-book " << command << ": " << printable(e.what())
                  << "\n(see othello-book " << command << " --help)\n";
        return 2;
    } catch (const std::exception& e) {
        std::cerr << "othello-book " << command << ": " << printable(e.what()) << "\n";
        return 1;
    }
}
