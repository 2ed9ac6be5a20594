// MergeCommand: `othello-match merge --results OUT.json IN...` — merges the results or journals
// of a match's shards into one results file and prints the table one run would have printed.
#pragma once

#include <ostream>

namespace othello {

// argv[0] is "merge". Returns the exit status: 0 merged (a partial set says what is missing),
// 2 for bad arguments, inputs that are not shards of one match, a record that does not check out
// or two inputs that disagree about a game (nothing written).
int run_merge_command(int argc, char** argv, std::ostream& out, std::ostream& err);

}  // namespace othello
