// The match session: `othello-match` with its options parsed. Checks every output before the
// first game, resumes from the journal, plays the (remaining) games, stops early on an SPRT
// decision, and hands every game and the end of the match to its outputs (match_outputs.h).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "match/cli/match_output.h"
#include "match/config/match_options.h"
#include "match/run/match_runner.h"
#include "match/stats/standings.h"

namespace othello {

// The exit status: 0, or 1 when an output could not be written, the match stopped before its end
// or an engine failed to start; 128 + the signal when interrupted (protocol/interruption.h: the
// table of the finished games is printed, then the command that resumes the match, or that its
// games were not saved). Throws std::exception for what stops the match before its first
// game (an output refused, a journal of another match), with a message to print.
// Before all that, the engines given no name= are started and asked their names, once
// (match/players/reported_names.h), and play their first games on that start.
int run_match_session(MatchOptions options);

// Plays `games` on `runner`, each game counted in `standings` and handed to `output`, until all
// are played or, with `sprt_stop`, the SPRT test of the first engine against the second decides.
// `also` sees each game before it is counted. Returns why the match stopped before its end (an
// output could not record a game), or "".
std::string play_games(MatchRunner& runner, const std::vector<ScheduledGame>& games,
                       Standings& standings, MatchOutput& output,
                       const std::optional<SprtParameters>& sprt_stop,
                       const std::function<void(const GameRecord&)>& also = {});

}  // namespace othello
