// RecordCheck: a game record read back from a journal or results file, checked rather than
// trusted — its moves replayed on a board, its discs and winner recomputed from them, its claims
// (an adjudication, a forfeit's reason) held to what its match's configuration allows, its times
// and evals to their ranges, and its place in the match's schedule — so a damaged or edited record
// never reaches the totals. --resume, merge, report and ratings all read through it (match_file.h).
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>

#include "engine/position.h"
#include "match/players/engine_spec.h"
#include "match/players/game_clock.h"
#include "match/record/game_record.h"
#include "match/run/eval_adjudication.h"
#include "match/run/openings.h"
#include "match/run/schedule.h"

namespace othello {

// What one engine of the match could have done wrong, or said: its kind (an in-process policy
// cannot crash, time out, disconnect or send a malformed reply), the clock it played on (the only
// way to lose on time, and only once its time is used), and whether its protocol reports evals
// (only NBoard engines do: a GTP engine, a policy or a person gives none).
struct EngineRules {
    EngineSpec::Kind kind = EngineSpec::Kind::Engine;
    ClockRules clock;      // not active(): no clock
    std::string protocol;  // of an engine: "gtp", "nboard"
    bool reports_evals = false;
};

// What a match's configuration lets its records claim.
struct RecordRules {
    bool configured = false;          // the file records its match's configuration
    std::optional<int> adjudication;  // --adjudicate N; none: every game is played out
    EvalRules evals;                  // --resign, --draw
    // Why the configuration's "resign" or "draw" does not read ("" when it does): no record of
    // the file can then be proved to have ended, or gone on, as its match's rules say.
    std::string evals_problem;
    std::map<std::string, EngineRules> engines;  // by name
    // Engines whose recorded spec does not parse, with why: they can be claimed to forfeit nothing.
    std::map<std::string, std::string> unreadable;
};

// Adjudications at this many empty squares or fewer are proved on reading by solving them again:
// milliseconds each, so no file of records can make a reader spend much on them.
constexpr int kAlwaysSolvedEmpties = 14;

// How a reader proves the score of an adjudication at more than kAlwaysSolvedEmpties empty
// squares, a solve of up to seconds (docs/reliability.md): by the record's signature, verified
// with the reader's key (the referee that holds the key solved it when it played), or by solving
// it again within a budget of endgame-solver positions the reader states (--proof-budget). With
// neither, such a record is refused: a file of forged ones would otherwise cost hours to read.
struct AdjudicationProof {
    bool signature_verified = false;
    std::uint64_t budget = 0;  // positions a record; 0: no solve above kAlwaysSolvedEmpties
    // When given: increased by the positions a solve within `budget` visited, and set to true
    // when the record needed one (an unsigned adjudication above kAlwaysSolvedEmpties).
    std::uint64_t* spent = nullptr;
    bool* needed_budget = nullptr;
};

// The rules of the match whose configuration (match_config.h) a file records; nullopt: none.
RecordRules record_rules_in(const std::optional<nlohmann::json>& config);

// Why `r` is not a record its match could have written ("" when it is): replay_problem, then its
// forfeit reason possible for the engine that lost (no crash, timeout, disconnection or malformed
// reply of an in-process policy; no time forfeit without a clock, nor one whose recorded time for
// the loser falls short of what its clock gave it), then its times (finite, 0 to 1e9 s), evals
// (finite, within ±64 discs, and only on moves of engines whose protocol reports evals) and
// per-move lists (one entry per move played after the opening; none for a game between
// in-process players).
std::string record_problem(const GameRecord& r, const RecordRules& rules,
                           const AdjudicationProof& proof = {});

// Whether two records of one id are the same game: every field equal but the signature (one file
// may be written with --sign-key, another without).
bool same_game(const GameRecord& a, const GameRecord& b);

// Why `r` does not follow from its own moves ("" when it does): every move legal from
// start_position(r) (game_record.h), the opening the first of them, and the discs and winner what
// the reason says — played out: the board's count; a forfeit: the board's count, the offender
// losing; adjudicated: only in a match that adjudicates (`adjudication_empties`, its
// --adjudicate N), exactly where the referee stops (the first position with N or fewer empty
// squares), with the score the endgame solver gives there (above kAlwaysSolvedEmpties, as `proof`
// allows); and its evals replayed through the
// match's --resign and --draw (`evals`): a game ends by "resign adjudication" or "draw
// adjudication" exactly at the first move where they are met, with the winner they give and the
// discs on the board, and no game goes on past such a move. The replay costs microseconds; the
// solve milliseconds at 14 empties, 0.1-0.2 s at 18 and 0.4-0.7 s at 20 (docs/reliability.md).
std::string replay_problem(const GameRecord& r, std::optional<int> adjudication_empties,
                           const EvalRules& evals = {}, const AdjudicationProof& proof = {});

// Why `r` is not the game the schedule has under its id ("" when it is): its pair, and its
// opening (transcript and start board) when `opening` (the schedule's opening) is given.
std::string schedule_problem(const GameRecord& r, const ScheduledGame& scheduled,
                             const Opening* opening);

}  // namespace othello
