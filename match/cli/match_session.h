// The match session: `othello-match` with its options parsed. Checks every output before the
// first game, resumes from the journal, plays the (remaining) games, stops early on an SPRT
// decision, refreshes the report page, and writes the results, records and page at the end.
#pragma once

#include "match/results/match_options.h"

namespace othello {

// The exit status: 0, or 1 when an output could not be written, the match stopped before its end
// or an engine failed to start. Throws std::exception for what stops the match before its first
// game (an output refused, a journal of another match), with a message to print.
int run_match_session(const MatchOptions& options);

}  // namespace othello
