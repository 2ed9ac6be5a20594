// `othello-match report --html FILE RESULTS.json`: the HTML report page of a finished match (or of
// shard results merged into one file), built from its results file.
#pragma once

namespace othello {

// argv[0] is "report". Returns the exit status: 0 done, 2 bad arguments or unreadable results
// (the message on stderr names the file).
int run_report_command(int argc, char** argv);

}  // namespace othello
