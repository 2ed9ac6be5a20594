// Referee: plays one game between two players on its own board, checking every move. Never sends
// a pass; turns every failure (illegal move, garbage, crash, hang, disconnection, time) into a
// result with a reason, the offender losing.
#pragma once

#include "engine/instruction_set.h"
#include "match/players/player.h"
#include "match/record/game_record.h"
#include "match/run/eval_adjudication.h"
#include "match/run/openings.h"

namespace othello {

// How a match ends games early: at `empties` or fewer empty squares with the endgame solver's
// result (--adjudicate N; negative: never), and on the engines' evals (--resign, --draw), checked
// after every move played after the opening, before the solver's point.
struct Adjudication {
    int empties = -1;
    EvalRules evals;
};

// Plays `opening` to the end. Fills every field of the record except id and pair. Each side is
// handed its own seed derived from `game_seed`. `adjudication` may end it early: reason
// "adjudicated" (the solver's result), "resign adjudication" or "draw adjudication".
// PlayerStartError propagates: the game could not be played at all. Any other exception a player
// throws during the game (an in-process policy's std::invalid_argument or a damaged book included)
// is that player's forfeit with the reason Outcome::PolicyError. `set`: the instruction set the
// game loop runs on (engine/instruction_set.h), chosen once for the game; the same game on each.
GameRecord referee_game(Player& black, Player& white, const Opening& opening,
                        const TimeControl& time, std::uint64_t game_seed,
                        const Adjudication& adjudication = {},
                        InstructionSet set = best_instruction_set());

}  // namespace othello
