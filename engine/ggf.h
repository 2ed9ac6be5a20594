// GGF, the game format of the GGS servers and the NBoard GUI: parse and write game records with
// their header tags, a start board (standard or not), moves with evals and times, passes, results.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/game.h"
#include "engine/square.h"

namespace othello {

// Thrown for malformed GGF; the message names the line, column and what was expected.
class GgfError : public NotationError {
  public:
    using NotationError::NotationError;
};

// One move of a record: "f5", "f5/1.5/0.3", "f5//2", "PA" (a pass).
struct GgfMove {
    Move move;
    std::optional<double> eval;     // from the mover's side, in discs
    std::optional<double> seconds;  // time the mover used

    bool operator==(const GgfMove&) const = default;
};

// "f5", "F5/-2.0/0.5", "PA/0/1": the move text of a GGF B[...]/W[...] tag and of NBoard's
// `move` command. Throws NotationError naming the text.
GgfMove parse_ggf_move(std::string_view text);
// The inverse: "f5", "f5/1.5", "f5//0.3", "f5/1.5/0.3", "PA" for a pass; numbers as short as they
// can be written without losing precision.
std::string to_ggf_move(const GgfMove& move);

// A game result as GGF writes it in RE[...]: black's disc difference and how the game ended.
struct GgfResult {
    double black_disc_difference = 0;
    // "" the game was played out, "r" resignation, "t" time, "s" agreed score.
    std::string ending;

    bool operator==(const GgfResult&) const = default;
};

struct GgfRecord {
    // Header tags other than GM, BO, RE and the moves, in the order read (PC, DT, PB, PW, RB, RW,
    // TI, TY, ...). Values are unescaped.
    std::vector<std::pair<std::string, std::string>> tags;
    Position start = Position::start();
    // Every move in order, passes included (the GGF record writes them as PA).
    std::vector<GgfMove> moves;
    // Empty when RE is missing or unknown ("?").
    std::optional<GgfResult> result;

    // The value of a header tag, if present.
    std::optional<std::string> tag(std::string_view name) const;
    // Replaces the value of a tag, or appends it.
    void set_tag(std::string_view name, std::string value);

    // The game replayed from the start board (the moves were checked when the record was parsed
    // or built, so this does not throw for records made by this module).
    Game game() const;
    // A record of `game` (moves without evals or times); the result is filled in when the game
    // is over.
    static GgfRecord from_game(const Game& game);

    bool operator==(const GgfRecord&) const = default;
};

// Exactly one game "(;GM[Othello]...;)", surrounding whitespace allowed. Moves are checked for
// legality; a square played by the side whose turn it is not is accepted when the other side had
// to pass (the pass is then written into the record). Throws GgfError.
GgfRecord parse_ggf(std::string_view text);
// Zero or more games, as in a GGF file of many games (whitespace between them).
std::vector<GgfRecord> parse_ggf_games(std::string_view text);
// Reads a file of GGF games; errors name the file.
std::vector<GgfRecord> read_ggf_file(const std::string& path);

// One line: "(;GM[Othello]<tags>RE[..]BO[8 ... *]B[f5]W[d6]...;)".
std::string to_ggf(const GgfRecord& record);
// The BO value: "8 <64 squares row by row: - * O> <side to move: * or O>".
std::string to_ggf_board(const Position& position);
// "+4.000", "-64.000:r", "0.000".
std::string to_ggf_result(const GgfResult& result);

}  // namespace othello
