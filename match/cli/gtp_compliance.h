// The compliance checks of a GTP engine: the start-up commands, legal moves and passes from fixed
// positions, no double answers, the time commands, a new game, a set position, and quit.
#pragma once

#include "match/cli/compliance_check.h"
#include "protocol/engine_connection.h"

namespace othello {

// Runs every check against the engine at `where` (`name` in messages), telling `sink` each
// finding in turn. A check that leaves the engine out of step (a timeout, a double answer, a
// crash) has it started again for the next.
void check_gtp_engine(const EngineConnection& where, const std::string& name,
                      const ComplianceLimits& limits, const FindingSink& sink);

}  // namespace othello
