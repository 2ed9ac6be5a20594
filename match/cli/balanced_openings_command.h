// `othello-match balanced-openings [--plies K]`: prints every balanced position after K plies,
// the file the default openings are drawn from (data/balanced-openings-8.txt for K = 8).
#pragma once

namespace othello {

// argv[0] is "balanced-openings". Returns the exit status: 0 done, 2 bad arguments.
int run_balanced_openings_command(int argc, char** argv);

}  // namespace othello
