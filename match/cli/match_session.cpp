// The match session: checks the outputs, loads the openings and the schedule, resumes from the
// journal, runs the games until the end or an SPRT decision, and reports how the match ended.
#include "match/cli/match_session.h"

#include <algorithm>
#include <exception>
#include <filesystem>
#include <iostream>
#include <iterator>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/ascii_text.h"
#include "match/cli/match_outputs.h"
#include "match/config/match_config.h"
#include "match/config/match_options.h"
#include "match/players/board_opening_check.h"
#include "match/players/engine_protocols.h"
#include "match/players/engine_spec.h"
#include "match/players/protocol_log.h"
#include "match/players/reported_names.h"
#include "match/report/html_report.h"
#include "match/results/match_file.h"
#include "match/results/output_paths.h"
#include "match/results/record_check.h"
#include "match/results/results_file.h"
#include "match/run/cpu_affinity.h"
#include "match/run/knockout.h"
#include "match/run/match_runner.h"
#include "match/run/openings.h"
#include "match/run/shard.h"
#include "match/stats/standings.h"
#include "protocol/interruption.h"

namespace othello {

namespace {

std::vector<std::string> names_of(const std::vector<EngineSpec>& engines) {
    std::vector<std::string> names;
    for (const auto& e : engines) names.push_back(e.name);
    return names;
}

// Refuses to replace results a run did not ask to replace.
void refuse_existing_results(const MatchOptions& o) {
    if (o.results_path.empty() || o.resume || o.overwrite) return;
    for (const std::string& p : {o.results_path, journal_path_for(o.results_path)}) {
        if (output_exists(p)) {
            throw std::runtime_error("'" + p +
                                     "' already exists: --resume continues that match, "
                                     "--overwrite replaces it");
        }
    }
}

// Every output is checked before the first game (and before anything is opened): none may fail
// after the last, none may be another output or the journal, none is a FIFO that would be waited
// on or a device that would be replaced by a file, and none replaces a file the run did not ask
// to replace.
void check_outputs(const MatchOptions& o) {
    const std::string journal = o.results_path.empty() ? "" : journal_path_for(o.results_path);
    check_output_path("--results", o.results_path);
    check_output_path("--results journal", journal);
    check_output_path("--records", o.records_path);
    check_output_path("--positions-out", o.positions_path);
    check_output_path("--html", o.html_path);
    check_output_path("--log", o.log_path, OutputKinds::RegularFileOrStream);
    const std::vector<std::pair<std::string, std::string>> outputs = {
        {"--results", o.results_path}, {"the --results journal", journal},
        {"--records", o.records_path}, {"--positions-out", o.positions_path},
        {"--html", o.html_path},       {"--log", o.log_path}};
    for (std::size_t i = 0; i < outputs.size(); ++i) {
        for (std::size_t j = i + 1; j < outputs.size(); ++j) {
            const auto& [first, first_path] = outputs[i];
            const auto& [second, second_path] = outputs[j];
            if (!first_path.empty() && !second_path.empty() && same_output(first_path, second_path))
                throw std::runtime_error(second + " '" + second_path + "' is also " + first);
        }
    }
    // An engine's stderr= is appended to: never one of the match's own files (a journal with
    // an engine's lines in it no longer reads; a key file grown by them signs nothing that
    // verifies).
    std::vector<std::pair<std::string, std::string>> own = outputs;
    own.insert(own.end(), {{"the --sign-key file", o.sign_key_path},
                           {"the --engines file", o.engines_file},
                           {"the --openings file", o.openings}});
    for (const EngineSpec& e : o.engines) {
        const std::string& stderr_file = e.connection.process.stderr_file;
        if (stderr_file.empty()) continue;
        for (const auto& [what, path] : own) {
            if (!path.empty() && same_output(stderr_file, path))
                throw std::runtime_error("engine '" + e.name + "' stderr='" + stderr_file +
                                         "' is also " + what);
        }
    }
    refuse_existing_results(o);
    // The records of a resumed match are its own, rewritten with every game.
    if (!o.records_path.empty() && !o.resume && !o.overwrite && output_exists(o.records_path)) {
        throw std::runtime_error("--records '" + o.records_path +
                                 "' already exists: --overwrite replaces it");
    }
    if (!o.positions_path.empty() && !o.resume && !o.overwrite && output_exists(o.positions_path)) {
        throw std::runtime_error("--positions-out '" + o.positions_path +
                                 "' already exists: --overwrite replaces it");
    }
    if (!o.html_path.empty()) check_html_report_path(o.html_path, o.overwrite);
}

// The outputs this run would make: those it names that do not exist yet. A run that plays no game
// removes them again, so that the corrected command runs without --overwrite.
std::vector<std::string> outputs_to_make(const MatchOptions& o) {
    std::vector<std::string> made;
    const std::string journal = o.results_path.empty() ? "" : journal_path_for(o.results_path);
    for (const std::string& path :
         {o.results_path, journal, o.records_path, o.positions_path, o.html_path, o.log_path}) {
        if (!path.empty() && !output_exists(path)) made.push_back(path);
    }
    return made;
}

void remove_outputs(const std::vector<std::string>& made) {
    for (const std::string& path : made) {
        std::error_code ignored;
        std::filesystem::remove(path, ignored);
    }
}

// A match with board openings is refused before it starts (nothing is written) when one of its
// engines cannot set a board, saying how to play it with transcripts instead.
void refuse_engines_without_boards(const MatchOptions& o, const std::vector<Opening>& openings) {
    const bool boards = std::any_of(openings.begin(), openings.end(),
                                    [](const Opening& op) { return !start_board_of(op).empty(); });
    if (!boards) return;
    const std::vector<std::string> refusals = board_opening_refusals(o.engines, o.time);
    if (refusals.empty()) return;
    std::string text;
    for (const std::string& refusal : refusals) text += refusal + "\n";
    throw std::runtime_error(
        text + "the openings '" + o.openings +
        "' hold boards (OBF lines); no game was played. Give transcript openings instead, which "
        "every engine plays from the standard start: --openings balanced, or a file of move "
        "sequences (`othello-match balanced-openings > openings.txt`, then --openings "
        "openings.txt, or cutechess's -openings file=openings.txt); or play these boards with "
        "engines that can set one (NBoard engines, othello-engine)");
}

// The games already played in the journal (or, when the journal is gone, the results file),
// after checking they are this match's: same configuration, and each game where the schedule
// puts it. A record that does not check out (record_check.h), or with --sign-key one not signed
// with that key, is said and played again.
std::vector<GameRecord> resumed_games(const MatchOptions& o, const nlohmann::json& config,
                                      const std::vector<ScheduledGame>& schedule,
                                      const std::vector<std::string>& names,
                                      const std::vector<Opening>& openings) {
    const SigningKey* key = o.sign_key ? &*o.sign_key : nullptr;
    MatchFile previous = read_match_file(journal_path_for(o.results_path), key, o.proof_budget);
    if (!previous.config && previous.games.empty() && previous.refused.empty() &&
        o.results_path.ends_with(".json") && std::filesystem::exists(o.results_path)) {
        previous = read_match_file(o.results_path, key, o.proof_budget);
    }
    if (previous.config) {
        const std::string difference = config_difference(*previous.config, config, "journal");
        if (!difference.empty()) {
            throw std::runtime_error("--resume: " + difference + " ('" + previous.path +
                                     "' holds another match; drop --resume and give another "
                                     "--results, or --overwrite to replace it)");
        }
    } else if (!previous.games.empty() || !previous.refused.empty()) {
        throw std::runtime_error("--resume: '" + previous.path +
                                 "' records no match configuration (an older othello-match wrote "
                                 "it), so its games cannot be checked against this match; start "
                                 "a new match: drop --resume and give another --results, or "
                                 "--overwrite");
    }
    // A signed journal resumed without its key would go on unsigned, and the next merge
    // --sign-key would refuse the new games: say so before any game is played.
    if (!key) {
        const auto is_signed = [](const GameRecord& r) { return !r.signature.empty(); };
        if (std::any_of(previous.games.begin(), previous.games.end(), is_signed)) {
            throw std::runtime_error(
                "--resume: '" + previous.path +
                "' holds signed records (its match ran with --sign-key): give the same "
                "--sign-key FILE, so that the games played now are signed too");
        }
    }
    for (const auto& note : previous.notes)
        std::cerr << "othello-match: note: " << printable(note) << "\n";
    for (const auto& refused : previous.refused) {
        std::cerr << "othello-match: " << printable(refused)
                  << "; refused, that game is played again\n";
    }
    std::vector<GameRecord> kept;
    for (std::size_t i = 0; i < previous.games.size(); ++i) {
        const GameRecord& r = previous.games[i];
        if (r.id < 0 || r.id >= static_cast<int>(schedule.size()) ||
            r.black != names[schedule[r.id].black] || r.white != names[schedule[r.id].white] ||
            !in_shard(schedule[r.id], o.shard)) {
            throw std::runtime_error(previous.where[i] + ": game " + std::to_string(r.id) + " (" +
                                     r.black + " - " + r.white +
                                     ") does not belong to this match; remove it or drop --resume");
        }
        const ScheduledGame& g = schedule[r.id];
        const std::string problem = schedule_problem(r, g, &openings[g.opening]);
        if (!problem.empty()) {
            std::cerr << "othello-match: " << printable(previous.where[i]) << ": game " << r.id
                      << ": " << printable(problem) << "; refused, that game is played again\n";
            continue;
        }
        kept.push_back(r);
    }
    return kept;
}

// --affinity gives each game slot its own CPUs only while there are enough of them.
void warn_about_shared_cpus(int concurrency, int games) {
    const int slots = std::min(concurrency, games);
    const int cpus = static_cast<int>(allowed_cpus().size());
    if (slots <= cpus) return;
    std::cerr << "othello-match: warning: --affinity with " << slots << " games at a time on "
              << cpus << " CPU" << (cpus == 1 ? "" : "s") << ": game slot i runs on CPU i % "
              << cpus << ", so up to " << (slots + cpus - 1) / cpus
              << " games share a CPU (use --concurrency " << cpus << " for one each)\n";
}

// The games this run plays: this shard's, less those already played.
std::vector<ScheduledGame> games_to_play(const std::vector<ScheduledGame>& games,
                                         const std::vector<GameRecord>& played) {
    std::set<int> done;
    for (const auto& r : played) done.insert(r.id);
    std::vector<ScheduledGame> pending;
    for (const auto& g : games) {
        if (!done.count(g.id)) pending.push_back(g);
    }
    return pending;
}

// The SPRT test of the first engine against the second: on game pairs once there are any.
bool sprt_decided(const Standings& standings, const SprtParameters& sprt) {
    const Pentanomial p = standings.pentanomial(0, 1);
    const double llr =
        p.pairs() > 0 ? sprt_llr(p, sprt) : sprt_llr(standings.head_to_head(0, 1), sprt);
    return sprt_decide(llr, sprt) != SprtDecision::Continue;
}

// A word as a POSIX shell reads it back: as it is when no character in it means anything to a
// shell, else in single quotes.
std::string shell_word(const std::string& word) {
    constexpr std::string_view plain =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_@%+=:,./-";
    if (!word.empty() && word.front() != '=' && word.find_first_not_of(plain) == std::string::npos)
        return word;
    return shell_quoted(word);
}

// After an interruption: how far the match got and, with a journal, the command that finishes
// it (the table of the finished games is printed before).
void say_interrupted(const MatchOptions& o, int signal, long finished, long planned) {
    std::cerr << "othello-match: interrupted by " << signal_name(signal) << " after " << finished
              << " of " << planned << " games";
    if (o.results_path.empty()) {
        std::cerr << "; they were not saved (no --results FILE): the table above is all that is "
                     "left of them\n";
        return;
    }
    std::cerr << "; the finished games are kept in '" << printable(journal_path_for(o.results_path))
              << "'. To play the rest:\n ";
    bool hidden = false;
    for (const std::string& word : o.resume_command) {
        std::cerr << " " << shell_word(word);
        hidden = hidden || word.find("token=" + std::string(kHiddenToken)) != std::string::npos;
    }
    std::cerr << "\n";
    if (hidden) std::cerr << "  (with each token=" << kHiddenToken << " replaced by its token)\n";
}

void warn_about_repeated_games(const Standings& standings) {
    if (standings.repeated_games() == 0) return;
    std::cerr << "othello-match: warning: " << standings.repeated_games() << " of "
              << standings.games()
              << " games repeat an earlier game between the same engines move for move; the "
                 "statistics treat them as independent (use more openings, e.g. --openings "
                 "balanced or random:K)\n";
}

}  // namespace

std::string play_games(MatchRunner& runner, const std::vector<ScheduledGame>& games,
                       Standings& standings, MatchOutput& output,
                       const std::optional<SprtParameters>& sprt_stop,
                       const std::function<void(const GameRecord&)>& also) {
    try {
        runner.run(
            games,
            [&](GameRecord& r) {
                if (also) also(r);
                standings.add(r);
                output.on_game(r, standings);
                return !(sprt_stop && sprt_decided(standings, *sprt_stop));
            },
            [&](const std::vector<GameRecord>& played) {
                // On the games' own thread, not under the lock.
                output.on_games_played(played);
            });
    } catch (const std::exception& e) {
        return e.what();
    }
    return "";
}

// A knockout, round by round: each round's games are scheduled once the round before is decided,
// and each mini-match's result is said as it is decided. Returns why it stopped early, if it did.
std::string play_knockout(MatchRunner& runner, const MatchOptions& o, int opening_count,
                          Standings& standings, MatchOutput& output) {
    const std::vector<std::string> names = names_of(o.engines);
    KnockoutBracket bracket = knockout_bracket(static_cast<int>(o.engines.size()), o.shape);
    int next_id = 0, next_pair = 0;
    while (!bracket.finished()) {
        const std::vector<ScheduledGame> games =
            pairing_games(bracket.pairings(), o.games, opening_count, o.shape, next_id, next_pair);
        std::vector<GameRecord> round;
        const std::string stopped = play_games(runner, games, standings, output, std::nullopt,
                                               [&](const GameRecord& r) { round.push_back(r); });
        if (!stopped.empty() || interrupting_signal()) return stopped;
        std::vector<KnockoutBracket::Played> played;
        for (const GameRecord& r : round) {
            const ScheduledGame& g = games[static_cast<std::size_t>(r.id - next_id)];
            played.push_back({g.black, g.white, &r});
        }
        next_id += static_cast<int>(games.size());
        next_pair = games.back().pair + 1;
        const int number = bracket.round();
        for (const std::string& line : bracket.advance(played, names, runner.failed_engines()))
            std::cout << "Knockout round " << number << ": " << line << "\n";
    }
    std::cout << "Knockout winner: " << names[bracket.champion()] << "\n";
    return "";
}

namespace {

// The openings the match needs, with a warning when it must repeat them.
std::vector<Opening> match_openings(const MatchOptions& o) {
    const std::size_t pairs_needed = openings_needed(o.games, o.shape);
    std::vector<Opening> openings = load_openings(o.openings, o.seed, pairs_needed, o.random_order);
    if (const std::string repeats =
            repeated_openings_warning(o.openings, openings.size(), pairs_needed);
        !repeats.empty())
        std::cerr << "othello-match: warning: " << repeats << "\n";
    return openings;
}

void say_shard(const MatchOptions& o, std::size_t games, std::size_t scheduled) {
    std::cerr << "othello-match: shard " << to_string(o.shard) << ": " << games
              << " of the match's " << scheduled << " games\n";
    if (o.sprt) {
        std::cerr << "othello-match: --sprt with --shard: a shard plays all its games (it "
                     "cannot stop early); merge the shards to read the SPRT state\n";
    }
}

// The engines given no name= named as they answer (match/players/reported_names.h): each started
// here once, as its first game would start it (its lines in the --log, on the first worker's
// CPUs with --affinity), and kept for that game; on --resume the journal's names, unasked. A
// shard's engines keep the names their specs give: shards run on other machines at other times,
// and merge refuses shards whose engines are named apart (an engine that once failed to answer,
// or that names its version or host). The log is opened here when an engine is started here;
// `asks` says whether one was.
std::vector<std::shared_ptr<Player>> name_engines(MatchOptions& o,
                                                  const std::vector<Opening>& openings,
                                                  std::size_t games,
                                                  std::unique_ptr<ProtocolLog>& log, bool& asks) {
    if (!o.shard.whole()) return {};
    std::vector<std::string> texts;
    for (const std::string& text : o.engine_texts) texts.push_back(recorded_spec_text(text));
    std::vector<std::string> recorded;
    std::optional<nlohmann::json> journal;
    if (o.resume) journal = recorded_match_config(o.results_path);
    if (journal) recorded = recorded_engine_names(*journal, texts);
    for (std::size_t i = 0; i < o.engines.size(); ++i) {
        const EngineSpec& e = o.engines[i];
        asks = asks || (!e.name_given && e.kind == EngineSpec::Kind::Engine &&
                        (i >= recorded.size() || recorded[i].empty()));
    }
    // Resuming a journal whose engines are not these: nothing is started or logged, as the
    // journal's check refuses the run with the difference (an engine asked would be logged).
    if (journal && asks) {
        asks = false;
        return {};
    }
    if (asks && !o.log_path.empty()) log = std::make_unique<ProtocolLog>(o.log_path, o.overwrite);
    const bool board_openings =
        std::any_of(openings.begin(), openings.end(),
                    [](const Opening& op) { return !start_board_of(op).empty(); });
    std::optional<ThreadPinning> pinned;
    if (o.affinity && asks) {
        const int workers = std::max(1, std::min(o.concurrency, static_cast<int>(games)));
        pinned.emplace(cpus_for_slot(allowed_cpus(), 0, workers));
    }
    std::vector<std::string> notes;
    std::vector<std::unique_ptr<Player>> started =
        name_engines_as_they_answer(o.engines, o.time, recorded, log.get(), board_openings, &notes);
    for (const std::string& note : notes) std::cerr << "othello-match: note: " << note << "\n";
    return {std::make_move_iterator(started.begin()), std::make_move_iterator(started.end())};
}

// --resign and --draw read the evals engines report with their moves, which only some protocols
// carry (NBoard's): said when an engine of the match reports none, as the rules then never fire
// for it. Said under the names the engines play under, once they were asked.
void note_rules_without_evals(const MatchOptions& o) {
    const EvalRules& rules = o.eval_rules;
    if (!rules.active()) return;
    std::string silent;
    std::size_t count = 0;
    for (const EngineSpec& e : o.engines) {
        const EngineProtocol* protocol =
            e.kind == EngineSpec::Kind::Engine ? find_engine_protocol(e.protocol) : nullptr;
        if (protocol && protocol->reports_evals) continue;
        silent += (silent.empty() ? "'" : ", '") + printable(e.name) + "'";
        ++count;
    }
    if (count == 0) return;
    const std::string given = rules.resign && rules.draw ? "--resign and --draw"
                              : rules.resign             ? "--resign"
                                                         : "--draw";
    std::string effect = "no game of this match can end by " + given;
    if (count < o.engines.size()) {
        const bool one = count == 1;
        effect = rules.resign ? (one ? "it never resigns" : "they never resign") : "";
        if (rules.draw)
            effect += std::string(rules.resign ? " and " : "") +
                      (one ? "its games are never adjudicated drawn"
                           : "their games are never adjudicated drawn");
    }
    std::cerr << "othello-match: note: " << given << (rules.resign && rules.draw ? " act" : " acts")
              << " on the evals engines report with their moves, which NBoard engines do and "
                 "GTP engines, in-process policies and humans do not; "
              << silent << (count == 1 ? " reports" : " report") << " none, so " << effect << "\n";
}

// After the table: why the match stopped early and which engines failed, said on stderr; the
// exit status (`status` unless something went wrong).
int final_status(const MatchOptions& o, const MatchRunner& runner, const Standings& standings,
                 const std::string& stopped, long planned, int status) {
    if (!stopped.empty()) {
        std::cerr << "othello-match: " << printable_lines(stopped)
                  << "\nothello-match: the match stopped after " << standings.games() << " of "
                  << planned << " games"
                  << (o.results_path.empty()
                          ? std::string()
                          : "; once the cause is fixed, --resume completes it from the journal")
                  << "\n";
        status = 1;
    }
    for (const auto& failure : runner.start_failures())
        std::cerr << "othello-match: engine failed: " << printable(failure) << "\n";
    if (runner.skipped_games() > 0) {
        std::cerr << "othello-match: " << runner.skipped_games()
                  << " games not played because an engine failed to start\n";
        return 1;
    }
    return status;
}

}  // namespace

int run_match_session(MatchOptions o) {
    check_outputs(o);
    const std::vector<std::string> made = outputs_to_make(o);
    const std::vector<Opening> openings = match_openings(o);
    refuse_engines_without_boards(o, openings);
    const std::vector<ScheduledGame> schedule =
        make_schedule(static_cast<int>(o.engines.size()), o.tournament, o.games,
                      static_cast<int>(openings.size()), o.shape);
    // A match of one shard plays its whole schedule, which is not copied (a million games' is
    // 20 MB), nor are its games to play when none were resumed.
    std::vector<ScheduledGame> shard_games;
    if (!o.shard.whole()) shard_games = games_in_shard(schedule, o.shard);
    const std::vector<ScheduledGame>& games = o.shard.whole() ? schedule : shard_games;
    std::unique_ptr<ProtocolLog> log;
    bool asked = false;
    std::vector<std::shared_ptr<Player>> started =
        name_engines(o, openings, games.size(), log, asked);
    if (const int signal = interrupting_signal()) {
        std::cerr << "othello-match: interrupted by " << signal_name(signal)
                  << (asked ? " while the engines were started and asked their names"
                            : " before the first game")
                  << "; no game was played, nothing was written\n";
        return 128 + signal;
    }
    note_rules_without_evals(o);
    const std::vector<std::string> names = names_of(o.engines);
    const nlohmann::json config = match_config(o, openings);
    if (!o.shard.whole()) say_shard(o, games.size(), schedule.size());

    Standings standings(names);
    std::vector<GameRecord> resumed;
    if (o.resume && !o.results_path.empty())
        resumed = resumed_games(o, config, schedule, names, openings);
    for (const auto& r : resumed) standings.add(r);
    std::vector<ScheduledGame> unplayed;
    if (!resumed.empty()) unplayed = games_to_play(games, resumed);
    const std::vector<ScheduledGame>& pending = resumed.empty() ? games : unplayed;
    // Opened after every check that can refuse the run (so a refused run leaves an existing log
    // as it was) and before any game: an unwritable log is an error before the first.
    if (!o.log_path.empty() && !log) log = std::make_unique<ProtocolLog>(o.log_path, o.overwrite);
    // A knockout's schedule holds its first round; it plays n - 1 mini-matches in all.
    const long planned = o.tournament == TournamentKind::Knockout
                             ? static_cast<long>(scheduled_game_count(
                                   static_cast<int>(o.engines.size()), o.tournament, o.games))
                             : static_cast<long>(games.size());
    MatchOutputs outputs(
        o, config, standings, std::move(resumed), planned,
        o.tournament == TournamentKind::Knockout ? planned : static_cast<long>(pending.size()),
        log.get());

    const bool sprt_can_stop = o.engines.size() == 2 && o.shard.whole();
    MatchRunner runner(MatchSetup{o.engines, openings, o.time, o.concurrency, o.seed,
                                  Adjudication{o.adjudicate_empties, o.eval_rules}, log.get(),
                                  o.affinity, sprt_can_stop && o.sprt.has_value(), o.wait_ms,
                                  std::move(started)});
    if (o.affinity) warn_about_shared_cpus(o.concurrency, static_cast<int>(pending.size()));
    // Why the match stopped before its end (a full disk), if it did.
    const std::string stopped =
        o.tournament == TournamentKind::Knockout
            ? play_knockout(runner, o, static_cast<int>(openings.size()), standings, outputs)
            : play_games(runner, pending, standings, outputs,
                         sprt_can_stop ? o.sprt : std::nullopt);

    int status = outputs.finish(standings) ? 0 : 1;
    if (const int signal = interrupting_signal()) {
        say_interrupted(o, signal, standings.games(), planned);
        return 128 + signal;
    }
    warn_about_repeated_games(standings);
    // (A shard whose part of the schedule is empty played what it had to: its files stay.)
    const bool none_played = standings.games() == 0 && !pending.empty();
    if (none_played) remove_outputs(made);
    status = final_status(o, runner, standings, stopped, planned, status);
    if (none_played && !made.empty())
        std::cerr << "othello-match: no game was played, so no output file was kept\n";
    return status;
}

}  // namespace othello
