// GameRecord: everything known about one finished (or forfeited) game — who, which opening, the
// moves, the discs, the winner and why. The unit of the journal, the results file and the report.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace othello {

enum class Winner { Black, White, Draw };

std::string to_string(Winner w);                  // "black", "white", "draw"
Winner winner_from_string(const std::string& s);  // throws std::invalid_argument

struct GameRecord {
    int id = 0;         // index in the schedule: resume skips ids already done
    int pair = 0;       // the two games of an opening with colours swapped share this
    std::string black;  // engine names
    std::string white;
    std::string opening;  // the opening's transcript ("" = start position)
    std::string opening_name;
    std::string moves;  // full transcript from the standard start, opening included
    int black_discs = 0;
    int white_discs = 0;
    Winner winner = Winner::Draw;
    std::string reason;  // "normal", "illegal move", "malformed reply", "crash", "timeout",
                         // "disconnection", "time forfeit"
    std::string detail;  // for people: "white played a1, which is not legal: ..."
    double black_seconds = 0;
    double white_seconds = 0;
    // Per move played after the opening (passes are implicit): the seconds the mover took (0 for
    // in-process players) and the evaluation the engine reported, in discs from its own view.
    // Both empty when both players are in-process.
    std::vector<double> move_seconds;
    std::vector<std::optional<double>> move_evals;
    // A forfeited game only: the offending engine's last protocol lines.
    std::vector<std::string> last_lines;
};

}  // namespace othello
