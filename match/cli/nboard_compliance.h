// The compliance checks of an NBoard engine: the handshake and its name, ping, legal moves and
// passes from fixed games (a board among them), no second reply to go, evals within 64 discs either
// way, set depth, a new game, and quit.
#pragma once

#include "match/cli/compliance_check.h"
#include "protocol/engine_connection.h"

namespace othello {

// Runs every check against the engine at `where` (`name` in messages), telling `sink` each
// finding in turn; a check that leaves the engine out of step has it started again for the next.
void check_nboard_engine(const EngineConnection& where, const std::string& name,
                         const ComplianceLimits& limits, const FindingSink& sink);

}  // namespace othello
