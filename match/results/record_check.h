// RecordCheck: a game record read back from a journal or results file, checked rather than
// trusted — its moves replayed on a board, its discs and winner recomputed from them, and its
// place in the match's schedule — so a damaged or edited record never reaches the totals.
#pragma once

#include <optional>
#include <string>

#include "engine/position.h"
#include "match/run/game_record.h"
#include "match/run/openings.h"
#include "match/run/schedule.h"

namespace othello {

// Why `r` does not follow from its own moves ("" when it does): every move legal from
// start_position(r) (game_record.h), the opening the first of them, and the discs and winner what
// the reason says — played out: the board's count; a forfeit: the board's count, the offender
// losing; adjudicated: the perfect-play score at the adjudication point (`adjudication_empties`,
// the match's --adjudicate N, when known). Replays in microseconds, so checking 100,000 games on
// --resume costs well under a second.
std::string replay_problem(const GameRecord& r, std::optional<int> adjudication_empties);

// Why `r` is not the game the schedule has under its id ("" when it is): its pair, and its
// opening (transcript and start board) when `opening` (the schedule's opening) is given.
std::string schedule_problem(const GameRecord& r, const ScheduledGame& scheduled,
                             const Opening* opening);

}  // namespace othello
