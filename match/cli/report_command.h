// `othello-match report --html FILE RESULTS.json`: the HTML report page of a finished match (or of
// shard results merged into one file), built from its results file or its journal (.jsonl).
#pragma once

namespace othello {

// argv[0] is "report". Returns the exit status: 0 done, 2 bad arguments, unreadable results or a
// record that does not check out (the message on stderr names the file, and the line or entry).
int run_report_command(int argc, char** argv);

}  // namespace othello
