// Engines that cannot play a match's board openings, found before the match: each engine of a
// protocol where that depends on the engine (GTP: whether it knows othello-set_position) is started
// once and asked, so that a match that could not play their games is refused before it begins.
#pragma once

#include <string>
#include <vector>

#include "match/players/engine_spec.h"
#include "match/players/time_control.h"

namespace othello {

// The refusal of each engine in `engines` that cannot play from a board, in order ("engine 'rhino'
// cannot play the match's board openings: it does not know othello-set_position (...)"), each
// engine started (within `time.start_timeout`) and stopped. An engine that fails to start for
// another reason is not refused here: the match meets that failure and reports it as usual.
std::vector<std::string> board_opening_refusals(const std::vector<EngineSpec>& engines,
                                                const TimeControl& time);

}  // namespace othello
