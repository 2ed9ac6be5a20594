// MatchOptions: Boost.Program_options for the command line.
#include "match/cli/match_command_line.h"

#include <unistd.h>

#include <algorithm>
#include <boost/program_options.hpp>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <iostream>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <thread>
#include <utility>

#include "engine/ascii_text.h"
#include "engine/gnu_help.h"
#include "engine/policies/policy_registry.h"
#include "engine/policy_options.h"
#include "engine/strict_command_line.h"
#include "engine/version.h"
#include "match/cli/cutechess_command_line.h"
#include "match/cli/proof_budget_option.h"
#include "match/config/engines_file.h"
#include "match/config/match_config.h"
#include "match/players/engine_protocols.h"
#include "match/results/match_file.h"
#include "match/results/output_paths.h"
#include "match/results/record_check.h"
#include "match/results/results_file.h"
#include "match/run/knockout.h"

namespace othello {

namespace po = boost::program_options;

namespace {

// Documented bounds of the numeric options (README, "The match runner").
constexpr int kMaxConcurrency = 1024;
constexpr int kMaxAdjudicateEmpties = 20;  // the solver: about 0.4 s a position at 20, 70 ms at 18
constexpr double kMaxMoveSeconds = 1e6;
constexpr double kMaxGameSeconds = 1e7;  // as tc=
constexpr double kMaxMarginSeconds = 60;
constexpr double kMaxStartSeconds = 3600;

// A number of seconds in [low, high] (or (low, high] when `low` itself is not allowed): anything
// else, NaN and the infinities included, is a usage error naming the option.
void check_seconds(const std::string& option, double value, double low, bool low_allowed,
                   double high) {
    const bool above_low = low_allowed ? value >= low : value > low;
    if (std::isfinite(value) && above_low && value <= high) return;
    throw std::invalid_argument(option + " " + number_text(value) + ": expected seconds " +
                                (low_allowed ? "from " : "over ") + number_text(low) +
                                (low_allowed ? " to " : ", up to ") + number_text(high));
}

// --sprt's (--resign's, --draw's) words, cutechess's spelling (elo0=0 elo1=5) joined as ours
// (elo0=0,elo1=5).
std::string comma_joined(const std::vector<std::string>& words) {
    std::string text;
    for (const auto& w : words) text += (text.empty() ? "" : ",") + w;
    return text;
}

// `word` with the value of every `token=` key of an engine spec in it replaced by kHiddenToken:
// the resume command is printed, and a server's secret is not for a terminal or a log.
std::string without_tokens(std::string word) {
    for (std::size_t at = 0; (at = word.find("token=", at)) != std::string::npos;) {
        at += 6;
        if (at > 6 && word[at - 7] != ',' && word[at - 7] != '=') continue;  // name=mytoken=...
        const std::size_t end = std::min(word.find(',', at), word.size());
        word.replace(at, end - at, std::string(kHiddenToken));
        at += kHiddenToken.size();
    }
    return word;
}

// This command line less --overwrite (which --resume contradicts) and with --resume: the words of
// the command that continues this match from its journal, its tokens hidden.
std::vector<std::string> resume_command(const std::string& program,
                                        const po::parsed_options& parsed) {
    std::vector<std::string> words = {program};
    for (const po::option& o : parsed.options) {
        if (o.string_key == "overwrite" || o.string_key == "resume") continue;
        for (const std::string& token : o.original_tokens) words.push_back(without_tokens(token));
    }
    words.push_back("--resume");
    return words;
}

// cutechess-cli's options, spelled as there (with two dashes): engines files, tournament shape,
// pauses and the records' event and site.
po::options_description cutechess_options(MatchOptions& o) {
    po::options_description desc(
        "cutechess-cli options (also with one dash, as cutechess-cli takes them: see the README)");
    desc.add_options()("engines", po::value(&o.engines_file),
                       "FILE: engines in cutechess's engines.json format, each used as --engine "
                       "conf=NAME[,key=value...] (the keys override the file's); default: "
                       "./engines.json, else ~/.config/cutechess/engines.json")(
        "seeds", po::value(&o.shape.seeds)->default_value(1),
        "N: the first N engines are seeds: in a gauntlet each plays every other engine; in a "
        "knockout they take the top places of the bracket in --engine order and the rest are "
        "drawn by --seed (without --seeds all are placed in --engine order); a round-robin has "
        "none")("repeat", po::value(&o.shape.repeat)->default_value(2),
                "N: games played on each opening, colours alternating: 2 (once with each "
                "colour) or 1 (a new opening every game)")(
        "noswap", po::bool_switch()->notifier([&o](bool on) { o.shape.swap = !on; }),
        "no colour swap: the first engine of each pairing is black in every game, each game on "
        "a new opening")("reverse", po::bool_switch(&o.shape.reverse),
                         "colours reversed: the second engine of each pairing is black first")(
        "wait", po::value(&o.wait_ms)->default_value(0),
        "MS: pause between games, milliseconds (0 to 3,600,000)")(
        "event", po::value(&o.event),
        "NAME: the event in GGF records (EV[]), with each game's DT[]")(
        "site", po::value(&o.site), "NAME: the site in GGF records (PC[]), with each game's DT[]");
    return desc;
}

// The --engine arguments with every conf=NAME replaced by the engines file's spec: --engines
// FILE's, else the one cutechess-cli would read.
std::vector<std::string> resolved_engine_texts(const std::vector<std::string>& engines,
                                               std::string engines_file) {
    std::vector<std::string> texts, notes;
    for (const auto& e : engines) {
        if (!names_engine_configuration(e)) {
            texts.push_back(e);
            continue;
        }
        if (engines_file.empty()) engines_file = default_engines_file();
        if (engines_file.empty())
            throw std::invalid_argument("--engine " + printable(e) +
                                        ": needs --engines FILE, or an engines.json here or in "
                                        "~/.config/cutechess/ (where cutechess-cli looks)");
        texts.push_back(engine_spec_from_engines_file(e, engines_file, &notes));
    }
    for (const std::string& note : notes)
        std::cerr << "othello-match: note: " << printable(note) << "\n";
    return texts;
}

// The cutechess-cli options that need the rest of the match to be checked; `seeds_given`: whether
// --seeds was.
void check_cutechess_options(MatchOptions& o, bool seeds_given) {
    // They go into every GGF record's tags, where a line break would split the record.
    for (const auto& [value, option] : {std::pair{&o.event, "--event"}, {&o.site, "--site"}}) {
        if (std::any_of(value->begin(), value->end(),
                        [](unsigned char c) { return c < 0x20 || c == 0x7f; }))
            throw std::invalid_argument(std::string(option) + " '" + printable(*value) +
                                        "' holds a control character");
    }
    constexpr int kMaxWaitMs = 3'600'000;
    if (o.wait_ms < 0 || o.wait_ms > kMaxWaitMs)
        throw std::invalid_argument("--wait " + std::to_string(o.wait_ms) +
                                    ": expected milliseconds from 0 to 3600000");
    const int n = static_cast<int>(o.engines.size());
    if (o.shape.repeat != 1 && o.shape.repeat != 2)
        throw std::invalid_argument("--repeat " + std::to_string(o.shape.repeat) +
                                    ": expected 2 (each opening once with each colour) or 1 (a "
                                    "new opening every game); othello-match's pairs of games "
                                    "are what its pentanomial statistics count");
    if (o.tournament == TournamentKind::Knockout) {
        // Every engine is a seed, in --engine order, unless --seeds says how many are.
        if (!seeds_given) o.shape.seeds = n;
        if (o.shape.seeds < 1 || o.shape.seeds > n) {
            throw std::invalid_argument("--seeds " + std::to_string(o.shape.seeds) +
                                        ": expected 1 to " + std::to_string(n) +
                                        " (the engines placed in the bracket by --engine order)");
        }
        if (o.shape.seeds < n)
            o.shape.knockout_order = knockout_seed_order(n, o.shape.seeds, o.seed);
    } else if (o.tournament == TournamentKind::RoundRobin) {
        if (seeds_given)
            std::cerr << "othello-match: note: a round-robin has no seeds: --seeds "
                      << o.shape.seeds << " changes nothing\n";
        o.shape.seeds = 1;
    } else if (o.shape.seeds < 1 || o.shape.seeds >= n) {
        throw std::invalid_argument("--seeds " + std::to_string(o.shape.seeds) +
                                    ": expected 1 to " + std::to_string(n - 1) +
                                    " (the seeds play every other engine)");
    }
    if (o.tournament == TournamentKind::Knockout) {
        // Its later rounds are decided by the games: there is no fixed schedule to resume, shard
        // or stop by SPRT.
        for (const auto& [given, option] :
             {std::pair{o.resume, "--resume"}, std::pair{!o.shard.whole(), "--shard"},
              std::pair{o.sprt.has_value(), "--sprt"}}) {
            if (given)
                throw std::invalid_argument(std::string("--tournament knockout cannot take ") +
                                            option + " (its rounds depend on the games' results)");
        }
    }
}

// --progress as given ("" when not), and --no-progress, which means none.
ProgressStyle progress_style(const std::string& given, bool none) {
    static const std::pair<const char*, ProgressStyle> kStyles[] = {{"bar", ProgressStyle::Bar},
                                                                    {"lines", ProgressStyle::Lines},
                                                                    {"none", ProgressStyle::None}};
    if (given.empty()) {
        if (none) return ProgressStyle::None;
        // A log (a pipe, nohup, CI, a batch job) gets lines; a person at a terminal the bar.
        return ::isatty(STDOUT_FILENO) && ::isatty(STDERR_FILENO) ? ProgressStyle::Bar
                                                                  : ProgressStyle::Lines;
    }
    for (const auto& [name, style] : kStyles) {
        if (given != name) continue;
        if (none && style != ProgressStyle::None)
            throw std::invalid_argument("--no-progress and --progress " + given +
                                        " contradict each other");
        return style;
    }
    throw std::invalid_argument("--progress '" + given + "': expected bar, lines or none");
}

// Words of the command line checked once it is parsed.
struct OptionWords {
    std::vector<std::string> engines, sprt, resign, draw;
    std::string order = "sequential", tournament = "round-robin", shard, sign_key;
};

std::string spec_help() {
    std::string policy_keys;
    for (const PolicyOption& option : policy_option_table())
        policy_keys += (policy_keys.empty() ? "" : ", ") + option.name + "=";
    return "Usage: othello-match --engine SPEC --engine SPEC... [OPTION]...\n"
           "  or:  othello-match SUBCOMMAND [OPTION]... (see Subcommands below)\n\n"
           "SPEC is "
           "[name=X,][dir=D,][args=A,][seed=S,][stderr=1|FILE,][token=T,][protocol=P,][tc=TC,]\n"
           "[st=S,][timemargin=MS,][restart=R,][depth=N,]KIND with KIND one of\n"
           "  policy:NAME          a built-in policy, in-process (see --list-policies)\n"
           "  cmd:COMMAND LINE     an engine started as a process (split like a shell)\n"
           "  tcp://HOST:PORT      an engine served over TCP (token=T: its --token secret)\n"
           "  nboard:COMMAND LINE  short for protocol=nboard,cmd:COMMAND LINE\n"
           "  human                you, at this terminal\n"
           "P is one of " +
           engine_protocol_names() +
           " (default gtp), for cmd: and tcp:// (depth=N: NBoard's set depth N).\n"
           "TC is SECONDS, SECONDS+INC or MOVES/SECONDS+INC (repeating), SECONDS also as MIN:SEC\n"
           "(40/1:30+1), or inf (no clock); st=S: S seconds a move.\n"
           "R is auto (default) or off: the engine is reused, restarted only after it failed; or\n"
           "on: a fresh process (or TCP connection) before every game, for cmd: and tcp://.\n"
           "policy: engines also take othello-engine's policy options as keys:\n  " +
           policy_keys + ", e.g. book=my.db,policy:book,regression\n\nOptions";
}

// The options in the order --help lists them: who plays which games ...
void add_game_options(po::options_description& desc, MatchOptions& o, OptionWords& w) {
    const int cores =
        std::clamp(static_cast<int>(std::thread::hardware_concurrency()), 1, kMaxConcurrency);
    desc.add_options()("help,h", "this help")("version", "print 'othello-match VERSION'")(
        "list-policies", "the built-in policies")("engine", po::value(&w.engines)->composing(),
                                                  "an engine (give two or more)")(
        "each", po::value(&o.each), "options for every engine, e.g. dir=/tmp,stderr=1")(
        "games", po::value(&o.games)->default_value(100),
        "games per pairing (at most 1,000,000 in the whole match)")(
        "concurrency", po::value(&o.concurrency)->default_value(cores),
        "games played at once (1 to 1024)")(
        "openings", po::value(&o.openings)->default_value("balanced"),
        "balanced[:K] (distinct near-even positions after K=8 plies) | random:K | start | "
        "FILE of transcripts or OBF boards; plies=N,start=M,FILE: each line cut after N plies, "
        "from the Mth opening on")(
        "openings-order", po::value(&w.order)->default_value("sequential"), "sequential | random")(
        "seed", po::value(&o.seed)->default_value(1), "seed for openings and policies");
}

// ... on which clocks ...
void add_time_options(po::options_description& desc, MatchOptions& o) {
    desc.add_options()(
        "move-timeout", po::value(&o.time.move_timeout)->default_value(60),
        "seconds an engine without a clock has for each answer before a timeout (up to 1e6); "
        "an engine with a clock has its clock")(
        "game-time", po::value(&o.time.game_time)->default_value(0),
        "seconds per side per game: tc=S for engines without their own (0: none; up to 1e7)")(
        "time-margin", po::value(&o.time.margin)->default_value(0.1, "0.1"),
        "seconds forgiven past an engine's clock, once a game (0 to 60)")(
        "start-timeout", po::value(&o.time.start_timeout)->default_value(10),
        "seconds to start an engine (up to 3600)");
}

// ... written where ...
void add_output_options(po::options_description& desc, MatchOptions& o, OptionWords& w) {
    desc.add_options()("results", po::value(&o.results_path),
                       "write every game to FILE.json (or .csv); journal in FILE.jsonl")(
        "resume", po::bool_switch(&o.resume), "continue the match in --results up to --games")(
        "overwrite", po::bool_switch(&o.overwrite),
        "replace existing --results, --records, --positions-out, --html, --log (else refused)")(
        "run-id", po::value(&o.run_id),
        "ID: the run these games belong to, recorded (and signed) with each: give the shards of "
        "one run the same ID (scripts/slurm-match.sh gives the job's); default: a random ID for "
        "a whole match, the journal's on --resume, none for a shard (a shard with --sign-key "
        "needs one)")(
        "shard", po::value(&w.shard),
        "K/N: play only the pairs with pair % N == K (merge the N shards' results with "
        "othello-match merge)")("records", po::value(&o.records_path),
                                "write game records to FILE: GGF for FILE.ggf, else transcripts")(
        "positions-out", po::value(&o.positions_path),
        "write each game's final position to FILE, an OBF line a game (cutechess's -epdout)")(
        "html", po::value(&o.html_path),
        "write the report page FILE (HTML), rewritten every --report-every games or 5 s");
}

// ... under which rules ...
void add_rule_options(po::options_description& desc, MatchOptions& o, OptionWords& w) {
    desc.add_options()(
        "tournament", po::value(&w.tournament)->default_value("round-robin"),
        "round-robin | gauntlet (first engine, or --seeds N engines, vs the rest) | knockout "
        "(a bracket in --engine order; pairs play --games, winners advance)")(
        "sprt", po::value(&w.sprt)->multitoken(),
        "stop when decided: elo0=0,elo1=5,alpha=0.05,beta=0.05 (or cutechess's words: elo0=0 "
        "elo1=5 alpha=0.05 beta=0.05); model=logistic (default: logistic Elo bounds) or "
        "model=normalized (fastchess's normalized Elo bounds)")(
        "adjudicate", po::value(&o.adjudicate_empties),
        ("end a game at N or fewer empty squares with its perfect-play result (N from 0 to 20: "
         "the exact solver takes about 0.4 s a game at 20; read back past " +
         std::to_string(kAlwaysSolvedEmpties) +
         ", a score is proved by --sign-key or within --proof-budget)")
            .c_str())(
        "resign", po::value(&w.resign)->multitoken(),
        "moves=N,score=S[,twosided=true]: a side whose evals (discs, as NBoard engines report "
        "them) were -S or lower for its last N moves loses ('resign adjudication'); twosided: "
        "only when its opponent's were S or higher as well (or cutechess's words: movecount=N "
        "score=S)")("draw", po::value(&w.draw)->multitoken(),
                    "moves=N,score=S[,movenumber=M]: a draw when the last N evals (both sides', "
                    "in turn) were within ±S discs, counting from move M of the game ('draw "
                    "adjudication')");
}

// ... and what is shown while it runs.
void add_watch_options(po::options_description& desc, MatchOptions& o, OptionWords& w) {
    desc.add_options()("log", po::value(&o.log_path),
                       "write every line sent to and received from engines to FILE")(
        "report-every", po::value(&o.report_every)->default_value(0),
        "print the table (and rewrite --html) every N games")(
        "affinity", po::bool_switch(&o.affinity),
        "pin each concurrent game's engine processes to their own share of the CPUs")(
        "no-progress", "no progress output (as --progress none)")(
        "progress", po::value<std::string>(),
        "bar | lines | none: the bar (on stderr, shown only on a terminal), or a line per "
        "finished game on stdout as cutechess prints it ('Finished game 12 (A vs B): 1-0 "
        "{Black wins 36-28}'); default: bar when stdout and stderr are terminals, else lines")(
        "score-every", po::value(&o.score_every)->default_value(10),
        "with --progress lines: a score line ('Score of A vs B: W - L - D  [0.550] 20') every "
        "N games (0: none)")(
        "sign-key", po::value(&w.sign_key),
        "FILE: sign every record with an HMAC-SHA256 keyed by FILE's bytes (16 to 4096); with "
        "--resume, games not signed with it are played again (see merge --help)");
    add_proof_budget_option(desc, o.proof_budget);
}

// One engine checked before any game starts: an unknown policy or a book or weights file that
// cannot be loaded, and a stderr=FILE that is no regular file (it is appended to, never replaced;
// a FIFO would block the engine's stderr), are usage errors.
void check_engine(const EngineSpec& e) {
    if (e.kind == EngineSpec::Kind::Policy) {
        try {
            make_policy(e.policy, e.policy_options);
        } catch (const std::invalid_argument&) {
            throw;
        } catch (const std::exception& error) {
            throw std::invalid_argument("engine '" + e.name + "': " + error.what());
        }
    }
    if (!e.connection.process.stderr_file.empty()) {
        try {
            check_output_path("engine '" + e.name + "' stderr=", e.connection.process.stderr_file);
        } catch (const std::runtime_error& error) {
            throw std::invalid_argument(error.what());
        }
    }
}

// The engines: engines-file names resolved, specs parsed and each engine checked, before any
// game starts. Each engine's problem is added to `problems` (every engine's, in one run).
void load_engines(MatchOptions& o, const OptionWords& w, std::vector<std::string>& problems) {
    o.engine_texts = resolved_engine_texts(w.engines, o.engines_file);
    const std::size_t known = problems.size();
    for (const auto& text : o.engine_texts) {
        try {
            o.engines.push_back(parse_engine_spec(text, o.each));
            check_engine(o.engines.back());
        } catch (const std::invalid_argument& e) {
            problems.push_back(e.what());
        }
    }
    if (problems.size() == known && o.engines.size() < 2)
        throw std::invalid_argument("give at least two --engine options");
}

// The numbers within their documented bounds.
void check_numbers(const MatchOptions& o, const po::variables_map& vm) {
    if (o.games < 1) throw std::invalid_argument("--games must be at least 1");
    if (o.concurrency < 1 || o.concurrency > kMaxConcurrency) {
        throw std::invalid_argument("--concurrency " + std::to_string(o.concurrency) +
                                    ": expected 1 to " + std::to_string(kMaxConcurrency));
    }
    check_seconds("--move-timeout", o.time.move_timeout, 0, false, kMaxMoveSeconds);
    check_seconds("--game-time", o.time.game_time, 0, true, kMaxGameSeconds);
    check_seconds("--time-margin", o.time.margin, 0, true, kMaxMarginSeconds);
    check_seconds("--start-timeout", o.time.start_timeout, 0, false, kMaxStartSeconds);
    if (o.report_every < 0)
        throw std::invalid_argument("--report-every must be 0 (only at the end) or more");
    if (vm.count("adjudicate") &&
        (o.adjudicate_empties < 0 || o.adjudicate_empties > kMaxAdjudicateEmpties)) {
        throw std::invalid_argument(
            "--adjudicate " + std::to_string(o.adjudicate_empties) +
            ": takes a number of empty squares from 0 to " + std::to_string(kMaxAdjudicateEmpties) +
            " (the exact solver takes about 0.4 s a game at 20, five to ten "
            "times as long for every two more)");
    }
    if (o.score_every < 0)
        throw std::invalid_argument("--score-every must be 0 (no score lines) or more");
}

// The schedule and its rules: order, tournament, size, SPRT, adjudication on evals, shard.
void read_schedule(MatchOptions& o, const OptionWords& w) {
    if (w.order != "sequential" && w.order != "random") {
        throw std::invalid_argument("--openings-order '" + w.order +
                                    "': expected sequential or random");
    }
    o.random_order = w.order == "random";
    o.tournament = tournament_kind_from_string(w.tournament);
    // The schedule, its openings and its results are held in memory: a match the machine cannot
    // hold is refused before any of it is built.
    const long long scheduled = o.engines.size() < 2
                                    ? 0  // (an engine refused: said by the engines' step)
                                    : scheduled_game_count(static_cast<int>(o.engines.size()),
                                                           o.tournament, o.games, o.shape.seeds);
    if (scheduled > kMaxMatchGames) {
        throw std::invalid_argument("--games " + std::to_string(o.games) + ": the match would be " +
                                    std::to_string(scheduled) +
                                    " games; at most 1,000,000 in one match");
    }
    if (!w.sprt.empty()) o.sprt = parse_sprt(comma_joined(w.sprt));
    if (!w.resign.empty()) o.eval_rules.resign = parse_resign_rule(comma_joined(w.resign));
    if (!w.draw.empty()) o.eval_rules.draw = parse_draw_rule(comma_joined(w.draw));
    if (!w.shard.empty()) o.shard = parse_shard(w.shard);
}

// --run-id as given; else the journal's run on --resume (none for a journal written without
// one); else a new random id for a whole match. Shards run apart, so a shard has only the id
// --run-id gives it.
void settle_run_id(MatchOptions& o, bool given) {
    if (given) {
        const bool plain = std::all_of(o.run_id.begin(), o.run_id.end(), [](char c) {
            return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.';
        });
        if (o.run_id.empty() || o.run_id.size() > 64 || !plain)
            throw std::invalid_argument("--run-id '" + printable(o.run_id) +
                                        "': give 1 to 64 letters, digits, '-', '_' or '.'");
        return;
    }
    if (o.resume) {
        if (const auto recorded = recorded_run_id(o.results_path)) {
            o.run_id = *recorded;
            return;
        }
        const std::string journal = journal_path_for(o.results_path);
        if (std::filesystem::exists(journal) || std::filesystem::exists(o.results_path)) return;
    }
    if (!o.shard.whole()) return;
    std::random_device entropy;
    char id[17];
    std::snprintf(id, sizeof id, "%08x%08x", entropy(), entropy());
    o.run_id = id;
}

// The outputs: none written over another, --resume with what it needs.
void check_outputs(MatchOptions& o, const OptionWords& w, const po::variables_map& vm) {
    if (!o.html_path.empty() && (o.html_path == o.results_path || o.html_path == o.records_path))
        throw std::invalid_argument("--html '" + o.html_path + "' is also an output for results");
    if (o.resume && o.results_path.empty())
        throw std::invalid_argument("--resume needs --results FILE");
    if (o.resume && o.overwrite)
        throw std::invalid_argument("--resume and --overwrite contradict each other");
    if (vm.count("sign-key")) {
        o.sign_key = SigningKey::load(w.sign_key);
        o.sign_key_path = w.sign_key;
    }
    settle_run_id(o, vm.count("run-id") > 0);
    // A signature binds a record to its run: a signed shard with no run id could be any run's,
    // and an earlier run's shard would stand in for this one's at merge.
    if (!o.shard.whole() && o.sign_key && o.run_id.empty()) {
        throw std::invalid_argument(
            o.resume ? "--shard with --sign-key: '" + journal_path_for(o.results_path) +
                           "' records no run id, so its signed records could be any run's; "
                           "play the shards again with one --run-id ID"
                     : "--shard with --sign-key needs --run-id ID, one for all the shards of a "
                       "run, so that merge refuses a shard of another run (scripts/slurm-match.sh "
                       "draws one and keeps it in RESULTS.shards/run-id)");
    }
}

// --help, --version, --list-policies: printed, and true.
bool printed_information(const po::variables_map& vm, const po::options_description& desc,
                         std::string_view help_end) {
    if (vm.count("help")) {
        std::cout << gnu_help(desc) << "\n" << help_end;
        return true;
    }
    if (vm.count("version")) {
        std::cout << "othello-match " << kVersion << "\n";
        return true;
    }
    if (vm.count("list-policies")) {
        for (const auto& p : policy_catalogue())
            std::cout << p.name << "\t" << p.description << "\n";
        return true;
    }
    return false;
}

}  // namespace

std::optional<MatchOptions> parse_match_options(int argc, char** argv, std::string_view help_end) {
    MatchOptions o;
    OptionWords w;
    po::options_description desc(spec_help());
    add_game_options(desc, o, w);
    add_time_options(desc, o);
    add_output_options(desc, o, w);
    add_rule_options(desc, o, w);
    add_watch_options(desc, o, w);
    desc.add(cutechess_options(o));
    // cutechess-cli's single-dash spelling, read as the double-dash one. What it refuses is
    // said together with the first problem of the rest, so that a command line written for
    // cutechess-cli is put right in one try rather than one refusal a run.
    CutechessTranslation translated =
        translate_cutechess_command_line({argv + std::min(argc, 1), argv + argc});
    std::vector<std::string>& problems = translated.refusals;
    // Each step below says its first problem, and the steps after it still run: a command line's
    // problems are said together. (The engines' step says each engine's.)
    const auto step = [&problems](const std::function<void()>& check) {
        try {
            check();
            return true;
        } catch (const std::exception& e) {
            problems.push_back(e.what());
            return false;
        }
    };
    po::variables_map vm;
    std::optional<po::parsed_options> parsed;
    const bool read = step([&] {
        parsed.emplace(parse_strictly(po::command_line_parser(translated.words), desc));
        po::store(*parsed, vm);
        po::notify(vm);
    });
    if (read && printed_information(vm, desc, help_end)) return std::nullopt;
    if (!read) throw std::invalid_argument(usage_problems(problems));
    const std::size_t before_engines = problems.size();
    step([&] { load_engines(o, w, problems); });
    const bool engines_read = problems.size() == before_engines;
    step([&] { check_numbers(o, vm); });
    step([&] { read_schedule(o, w); });
    step([&] { check_outputs(o, w, vm); });
    // The tournament's seeds are counted against the engines: only once they all were read.
    if (engines_read)
        step([&] { check_cutechess_options(o, vm.count("seeds") && !vm["seeds"].defaulted()); });
    if (!problems.empty()) throw std::invalid_argument(usage_problems(problems));
    // Only the names a spec gives, made distinct: the match session asks the engines theirs
    // (match_session.h) and notes what --resign and --draw will not act on; the command line
    // starts no process.
    make_names_distinct(o.engines);
    o.progress = progress_style(vm.count("progress") ? vm["progress"].as<std::string>() : "",
                                vm.count("no-progress") > 0);
    o.resume_command = resume_command(argc > 0 ? argv[0] : "othello-match", *parsed);
    for (const auto& e : o.engines) {
        if (e.kind == EngineSpec::Kind::Human)
            o.concurrency = 1;  // one person, one board at a time
    }
    return o;
}

}  // namespace othello
