// MatchOptions: what a match was asked to do (the othello-match command line, as
// match/cli/match_command_line.h reads and checks it); its configuration is made from it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "match/config/signing_key.h"
#include "match/players/engine_spec.h"
#include "match/players/time_control.h"
#include "match/run/eval_adjudication.h"
#include "match/run/schedule.h"
#include "match/run/shard.h"
#include "match/stats/statistics.h"

namespace othello {

// What MatchOptions::resume_command shows in place of every engine's token= value: the command
// is printed, and a server's secret is not for a terminal or a log.
inline constexpr std::string_view kHiddenToken = "HIDDEN";

// How a match shows its progress: the self-overwriting bar (on a terminal), cutechess's lines
// (a line per finished game and a score line every --score-every games, for logs), or nothing.
enum class ProgressStyle { Bar, Lines, None };

struct MatchOptions {
    std::vector<EngineSpec> engines;
    std::vector<std::string> engine_texts;  // the --engine arguments as given (for the config)
    std::string each;                       // --each as given
    int games = 100;                        // per pairing
    int concurrency = 1;
    // Distinct openings by default: deterministic engines from one start position would replay
    // one game pair over and over, and the table would claim a precision it does not have.
    std::string openings = "balanced";
    bool random_order = false;
    std::uint64_t seed = 1;
    TimeControl time;
    std::string results_path;
    bool resume = false;
    bool overwrite = false;  // replace existing results instead of refusing
    Shard shard;             // --shard K/N: play only this slice of the match
    std::string records_path;
    std::string positions_path;  // --positions-out FILE: each game's final position (OBF)
    std::string html_path;       // the HTML report page, rewritten with each interim table
    TournamentKind tournament = TournamentKind::RoundRobin;
    std::optional<SprtParameters> sprt;
    int adjudicate_empties = -1;  // --adjudicate N; negative: games are played out
    EvalRules eval_rules;         // --resign, --draw
    std::string log_path;         // --log FILE: every engine's protocol lines
    int report_every = 0;         // games between interim tables; 0: only at the end
    bool affinity = false;        // --affinity: each concurrent game's engines on their own CPUs
    // --progress; by default the bar when stdout and stderr are terminals, else the lines.
    ProgressStyle progress = ProgressStyle::Bar;
    int score_every = 10;  // --score-every: games between score lines (lines only; 0: none)
    // --sign-key FILE: records written signed, and on --resume only signed ones kept.
    // The run this invocation belongs to, in the configuration (and so in every signature): a
    // random id for a new whole match, the journal's on --resume, --run-id's for the shards of
    // one run. Records cannot move between runs of one command; empty: none (shards given no
    // --run-id, journals written before runs had ids).
    std::string run_id;
    std::optional<SigningKey> sign_key;
    std::string sign_key_path;       // its file, which no output may be
    std::uint64_t proof_budget = 0;  // --proof-budget, for --resume (record_check.h)
    // The command line that resumes this match from its journal: this one less --overwrite,
    // plus --resume (said when the match is interrupted).
    std::vector<std::string> resume_command;  // engines' tokens hidden (kHiddenToken)

    // cutechess-cli's options (README, "cutechess-cli / fastchess options"):
    std::string engines_file;  // --engines FILE: what `--engine conf=NAME` names
    ScheduleShape shape;       // --noswap, --reverse, --seeds N (gauntlet)
    int wait_ms = 0;           // --wait MS: pause between a worker's games
    std::string event;         // --event NAME: EV[] in GGF records
    std::string site;          // --site NAME: PC[] in GGF records
};

}  // namespace othello
