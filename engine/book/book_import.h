// Importers that feed a BookBuilder: opening lines (transcripts, `moves<TAB>name`), game
// transcripts, WTHOR files and simulated games. Bad input throws BookImportError naming file and
// line.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <stdexcept>
#include <vector>

#include "engine/book/book_builder.h"

namespace othello {

class BookImportError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// One line per opening: a transcript (`f5d6c3`, `F5D6C3`, any case) optionally followed by a TAB
// and a name. Blank lines and lines starting with '#' are skipped. Returns the number of lines.
std::int64_t import_lines(BookBuilder& builder, const std::filesystem::path& path);

// One finished game per line, as a transcript; '#' comments and blank lines skipped.
// Returns the number of games.
std::int64_t import_transcript_games(BookBuilder& builder, const std::filesystem::path& path,
                                     int max_plies);

struct WthorImportReport {
    std::int64_t games = 0;
    std::int64_t unfinished = 0;  // ended before the board was decided: outcome from the record
    std::int64_t count_mismatches = 0;  // finished, but the recorded count differs from the replay
};

// Every game of the .wtb files. The replayed board is the truth for finished games; a game that
// stops early (a resignation) is scored by its recorded disc count.
WthorImportReport import_wthor(BookBuilder& builder,
                               const std::vector<std::filesystem::path>& files, int max_plies);

// Chooses a move for the side to move (never called when the game is over).
using MoveChooser = std::function<Move(const Game&)>;

// `games` games from the start, black played by `black` and white by `white` (uniformly random
// when empty), recording the first `max_plies` moves of each with the outcome.
void import_simulated_games(BookBuilder& builder, std::int64_t games, int max_plies,
                            std::uint64_t seed, const MoveChooser& black = {},
                            const MoveChooser& white = {});

}  // namespace othello
