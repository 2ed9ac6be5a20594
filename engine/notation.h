// Text forms of games and boards: transcripts, the 64-square board string, the ASCII board.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/position.h"

namespace othello {

// "f5d6c3" or "F5 D6 c3" or "f5-d6": squares, optionally separated by spaces, commas or dashes;
// "pass" / "PA" accepted as explicit passes. Throws NotationError naming the offending text and
// its character offset. Legality is not checked here (see Game::from_transcript).
std::vector<Move> parse_moves(std::string_view text);

// The squares of `moves` written together in lower case, passes omitted.
std::string to_transcript(const std::vector<Move>& moves);

// A board as 64 characters row by row from a1 ('-' or '.' empty; 'X', '*', 'B' black; 'O', 'W'
// white; any case), then whitespace and the side to move ('X'/'*'/'B'/"black" or
// 'O'/'W'/"white"), which must be given. Throws NotationError naming the offending character.
Position parse_board(std::string_view text);
// The inverse of parse_board: 64 characters of '-', 'X', 'O', a space, then 'X' or 'O'.
std::string to_board_string(const Position& p);

// An ASCII board with coordinates, rows numbered top to bottom, black 'X', white 'O', legal moves
// of the side to move as '.', and the disc counts and side to move below.
std::string to_ascii(const Position& p);

}  // namespace othello
