// The compliance checks of an NBoard engine: the handshake and its name, ping, legal moves and
// passes from fixed games (a board among them), no second reply to go, evals within 64 discs either
// way, set depth, a new game, and quit.
#pragma once

#include "match/cli/compliance_check.h"
#include "match/players/engine_spec.h"

namespace othello {

// Runs every check against the engine of `spec` (its connection, its name in messages, and the
// keys a match honours for its protocol), telling `sink` each
// finding in turn; a check that leaves the engine out of step has it started again for the next.
void check_nboard_engine(const EngineSpec& spec, const ComplianceLimits& limits,
                         const FindingSink& sink);

}  // namespace othello
