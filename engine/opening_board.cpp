// A board to play from: parse_board's reading, then what makes it a position a game can reach
// and go on from.
#include "engine/opening_board.h"

#include "engine/notation.h"

namespace othello {

namespace {

std::string_view first_word(std::string_view text) {
    const auto first = text.find_first_not_of(" \t");
    if (first == std::string_view::npos) return {};
    const auto end = text.find_first_of(" \t", first);
    return text.substr(first, end == std::string_view::npos ? end : end - first);
}

}  // namespace

Game game_from_board(std::string_view text) {
    // The squares are one word: a short board must not take the side to move for a square.
    if (const std::size_t squares = first_word(text).size(); squares != 64)
        throw NotationError("board: " + std::to_string(squares) +
                            " squares given, 64 needed (then a space and the side to move)");
    const Position board = parse_board(text);
    constexpr Bitboard kCentre = bit(27) | bit(28) | bit(35) | bit(36);
    if ((board.occupied() & kCentre) != kCentre)
        throw NotationError("board: the centre squares d4 e4 d5 e5 must all hold discs (" +
                            std::to_string(popcount(board.occupied())) + " discs given)");
    Game game(board);
    if (game.is_over()) throw NotationError("board: the game is already over");
    return game;
}

}  // namespace othello
