// A board to play from, as the runner takes it for an opening (an OBF line) and the engine for
// othello-set_position: one check for both, so that an engine never accepts a position the
// runner would refuse to open a game with.
#pragma once

#include <string_view>

#include "engine/game.h"

namespace othello {

// The 64 squares as one word, then the side to move (parse_board's forms). Throws NotationError
// when the squares are not one word of 64, when a centre square (d4 e4 d5 e5) is empty (no game
// ever empties one, so no game reaches such a board), or when neither side has a move (the game is
// over, so there is nothing to play).
Game game_from_board(std::string_view text);

}  // namespace othello
