// WTHOR: the French Othello Federation's binary game database (WTH_<year>.wtb), and its player
// (WTHOR.JOU) and tournament (WTHOR.TRN) name tables. Format: ../shared/data/README.md.
#pragma once

#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/game.h"

namespace othello {

// A malformed WTHOR file; the message names the file and the record.
class WthorError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

struct WthorGame {
    int tournament = 0;
    int black_player = 0;
    int white_player = 0;
    int black_discs = 0;        // black's final disc count as recorded
    int theoretical_score = 0;  // black's discs under perfect play from the header's depth on
    std::vector<Square> moves;  // passes are not recorded
};

struct WthorFile {
    int year = 0;                // year of the games (header)
    int theoretical_depth = 22;  // empties from which theoretical_score is exact
    std::vector<WthorGame> games;
};

// Reads a .wtb file. Throws WthorError for a short file, a bad header or a bad move byte.
WthorFile read_wthor(const std::filesystem::path& path);
// Parses the bytes of a .wtb file; `name` is used in error messages.
WthorFile parse_wthor(const std::string& bytes, const std::string& name);

// The .wtb files of a folder, sorted by name (so by year).
std::vector<std::filesystem::path> wthor_files_in(const std::filesystem::path& folder);

// Replays a WTHOR game from the start, passing where needed. Throws IllegalMove (with the move
// number) if the record is not a legal game.
Game replay(const WthorGame& record);

}  // namespace othello
