// ComplianceCommand: `othello-match compliance SPEC` — runs one engine through the corners of
// its protocol (start-up commands, legal moves and passes, double answers, time commands, evals,
// a new game, a set position, quit) and lists what it got right and wrong, for engine authors,
// as fastchess's --compliance does for UCI engines.
#pragma once

#include <ostream>

namespace othello {

// argv[0] is "compliance". Prints one line per check ("ok", "FAILED" or "skipped", the check,
// what the engine did) to `out` as it is made, then a summary. Returns 0 when no check failed,
// 1 when one did, 2 for bad arguments or a spec that is no engine spoken to in a protocol.
int run_compliance_command(int argc, char** argv, std::ostream& out, std::ostream& err);

}  // namespace othello
