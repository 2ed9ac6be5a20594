// MatchOutput: what a match session tells its outputs (journal, tables, report page, results and
// game record files) as the games are played and at the end, so that the session's steps do not
// depend on which outputs a run asked for.
#pragma once

#include <vector>

#include "match/record/game_record.h"
#include "match/stats/standings.h"

namespace othello {

class MatchOutput {
  public:
    virtual ~MatchOutput() = default;

    // On the thread that played `games`, before on_game for any of them, possibly from several
    // threads at once. Throwing stops the match: a game that could not be recorded (a full disk)
    // is not counted either, so --resume plays it again.
    virtual void on_games_played(const std::vector<GameRecord>& games) = 0;
    // Each game once, one at a time, `standings` already counting it. May move from `game`.
    virtual void on_game(GameRecord& game, const Standings& standings) = 0;
    // After the last game, or when the match stopped early: writes what is written at the end,
    // attempting each output and saying each failure on stderr. False when one failed.
    virtual bool finish(const Standings& standings) = 0;
};

}  // namespace othello
