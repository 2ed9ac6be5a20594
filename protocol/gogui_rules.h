// GoGui's rules extension (the gogui-rules_* GTP commands): what GoGui asks an engine that plays a
// game other than Go, so that it can draw the board, offer the legal moves and announce the result.
// GoGui numbers rows from the bottom, as Go does; the engine keeps Othello's names (d3 is d3) and
// sends row 8 first, so GoGui shows the board upside down from Othello diagrams, a mirror image
// that plays the same game.
#pragma once

#include <string>

#include "engine/position.h"

namespace othello {

// "Othello": GoGui compares it with the ruler's and names the game with it.
inline constexpr const char* kGoguiGameId = "Othello";

// Eight lines of '.', 'X' (black) and 'O' (white), row 8 first, squares separated by spaces.
std::string gogui_board(const Position& position);
// The side to move's moves in upper case ("C4 D3 E6 F5"); "pass" when it has none but the other
// side has; "" when the game is over, which is how GoGui learns that it is.
std::string gogui_legal_moves(const Position& position);
// "black" or "white".
std::string gogui_side_to_move(const Position& position);
// The sentence GoGui shows when the game is over ("Black wins 36-28 ..."); "unknown" before.
std::string gogui_final_result(const Position& position);

}  // namespace othello
