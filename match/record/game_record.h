// GameRecord: everything known about one finished (or forfeited) game — who, which opening, the
// moves, the discs, the winner and why. The unit of the journal, the results file and the report.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/position.h"

namespace othello {

enum class Winner { Black, White, Draw };

std::string to_string(Winner w);                  // "black", "white", "draw"
Winner winner_from_string(const std::string& s);  // throws std::invalid_argument

// Why a game ended. Every value but Normal and the three adjudications is a forfeit: the offender
// loses.
enum class Outcome {
    Normal,          // "normal": played to the end
    IllegalMove,     // "illegal move"
    MalformedReply,  // "malformed reply": not the protocol, not a move, or a command refused
    Crash,           // "crash": the engine process exited or closed its output
    Timeout,         // "timeout": no reply within the per-move limit
    Disconnection,   // "disconnection": a TCP engine's connection was lost
    TimeForfeit,     // "time forfeit": the side's clock ran out
    Adjudicated,     // "adjudicated": ended early with the endgame solver's exact result
    PolicyError,     // "policy error": an in-process policy threw (e.g. its book file went bad)
    // "resign adjudication": --resign ended the game on the loser's own evals
    // (match/run/eval_adjudication.h); "draw adjudication": --draw ended it on both sides'.
    Resigned,
    DrawAdjudicated,
};

// The strings of the results JSON, journal, CSV and report; the only mapping between the two.
std::string_view to_string(Outcome o);
Outcome outcome_from_string(std::string_view s);  // throws std::invalid_argument
// True when the game ended by a side's failure rather than on the board (or by an adjudication).
bool is_forfeit(Outcome o);

// One move played after the opening (passes are implicit): the seconds the mover took (0 for an
// in-process player) and the evaluation the engine reported, in discs from its own view.
struct MoveRecord {
    double seconds = 0;
    std::optional<double> eval;
};

struct GameRecord {
    int id = 0;         // index in the schedule: resume skips ids already done
    int pair = 0;       // the two games of an opening with colours swapped share this
    std::string black;  // engine names
    std::string white;
    std::string opening;  // the opening's transcript ("" = start position, or a board)
    std::string opening_name;
    // A game from a board opening: the board and side to move ("--XXO...-O X", as
    // to_board_string writes it); "" for a game from the standard start.
    std::string start_board;
    std::string moves;  // full transcript from the start (start_board if any), opening included
    int black_discs = 0;
    int white_discs = 0;
    Winner winner = Winner::Draw;
    Outcome reason = Outcome::Normal;
    std::string detail;  // for people: "white played a1, which is not legal: ..."
    double black_seconds = 0;
    double white_seconds = 0;
    // One per move played after the opening; empty when both players are in-process. Files keep
    // them as two lists, "move_seconds" and "move_evals" (game_record_schema.cpp).
    std::vector<MoveRecord> move_records;
    // A forfeited game only: the offending engine's last protocol lines.
    std::vector<std::string> last_lines;
    // "hmac-sha256:..." when a runner given --sign-key wrote it (match/results/record_signature.h);
    // "" otherwise.
    std::string signature;
    // When the game ended, UTC, as GGF's DT writes it ("2026.11.27_16:30:05.UTC"); set by the
    // runner, kept in memory only (not in results or journals): "" for a resumed game.
    std::string finished_at;
};

// The position the game's `moves` start from: its start_board, else the standard start.
// Throws NotationError for a start_board that is not a board.
Position start_position(const GameRecord& r);

// Black's final disc margin with the empty squares given to the winner (the tournament rule,
// engine/position.h); a winner behind on the board (a forfeit's, a resignation's) is counted as
// level before that, and a draw is level (an agreed one too, whatever the board shows).
int black_final_margin(const GameRecord& r);

}  // namespace othello
