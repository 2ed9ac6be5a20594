// The compliance checks of a GTP engine: the start-up commands, legal moves and passes from fixed
// positions, no double answers, the time commands, a new game, a set position, and quit.
#pragma once

#include "match/cli/compliance_check.h"
#include "match/players/engine_spec.h"

namespace othello {

// Runs every check against the engine of `spec` (its connection, its name in messages, and the
// keys a match honours for its protocol), telling `sink` each
// finding in turn. A check that leaves the engine out of step (a timeout, a double answer, a
// crash) has it started again for the next.
void check_gtp_engine(const EngineSpec& spec, const ComplianceLimits& limits,
                      const FindingSink& sink);

}  // namespace othello
