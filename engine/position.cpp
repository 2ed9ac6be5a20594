// Position: checked moves, disc counts and the final score.
#include "engine/position.h"

namespace othello {

Position Position::start() {
    const Bitboard white = Square::at(3, 3).bit() | Square::at(4, 4).bit();  // d4 e5
    const Bitboard black = Square::at(4, 3).bit() | Square::at(3, 4).bit();  // e4 d5
    return from_colors(black, white, Color::Black);
}

Position Position::from_colors(Bitboard black, Bitboard white, Color to_move) {
    if (black & white)
        throw std::invalid_argument("a square cannot hold both a black and a white disc");
    return to_move == Color::Black ? Position(black, white, Color::Black)
                                   : Position(white, black, Color::White);
}

std::optional<Color> Position::at(Square s) const {
    if (player_ & s.bit()) return side_;
    if (opponent_ & s.bit()) return opposite(side_);
    return std::nullopt;
}

std::optional<std::string> Position::illegality(Move m) const {
    const std::string who(to_string(side_));
    if (m.is_pass()) {
        if (legal_moves()) return who + " cannot pass: " + who + " has a legal move";
        if (is_game_over()) return "the game is over";
        return std::nullopt;
    }
    const Square s = m.square();
    if (occupied() & s.bit()) return s.to_string() + " is already taken";
    if (!(legal_moves() & s.bit())) return who + " " + s.to_string() + " flips nothing";
    return std::nullopt;
}

void Position::throw_illegal(Move m) const {
    throw IllegalMove("illegal move " + m.to_string() + ": " + illegality(m).value_or("?"));
}

int Position::final_disc_difference(Color perspective) const {
    const int own = disc_count(perspective);
    const int other = disc_count(opposite(perspective));
    const int empties = empty_count();
    if (own > other) return final_margin_for_winner(own - other, empties);
    if (own < other) return -final_margin_for_winner(other - own, empties);
    return 0;
}

}  // namespace othello
