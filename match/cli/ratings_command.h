// RatingsCommand: `othello-match ratings --results OUT.json IN...` — one joint rating list over
// the games of any number of matches (results files or journals), as Ordo or BayesElo rate the
// games of many PGN files.
#pragma once

#include <ostream>

namespace othello {

// argv[0] is "ratings". Engines are matched by name; a game found in two inputs (the same match
// configuration, shard aside, and game id, or the same record) is counted once. Prints the list
// and writes {"ratings": [...], ...} to OUT (refused if it exists, unless --overwrite). Returns
// 0, or 2 for bad arguments or an input that cannot be read (nothing written).
int run_ratings_command(int argc, char** argv, std::ostream& out, std::ostream& err);

}  // namespace othello
