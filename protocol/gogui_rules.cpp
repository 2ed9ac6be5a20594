// GoGui's rules commands as text, from a Position.
#include "protocol/gogui_rules.h"

#include <cctype>

namespace othello {

namespace {

std::string upper(std::string text) {
    for (char& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return text;
}

std::string score_line(int winner_discs, int loser_discs) {
    return std::to_string(winner_discs) + "-" + std::to_string(loser_discs);
}

}  // namespace

std::string gogui_board(const Position& position) {
    std::string out;
    for (int row = 7; row >= 0; --row) {
        for (int column = 0; column < 8; ++column) {
            const auto disc = position.at(Square::at(column, row));
            out += !disc ? '.' : *disc == Color::Black ? 'X' : 'O';
            out += column < 7 ? ' ' : '\n';
        }
    }
    return out;
}

std::string gogui_legal_moves(const Position& position) {
    if (position.is_game_over()) return "";
    if (!position.has_legal_move()) return "pass";
    std::string out;
    const Bitboard moves = position.legal_moves();
    for (int index = 0; index < 64; ++index) {
        if (!((moves >> index) & 1)) continue;
        if (!out.empty()) out += ' ';
        out += upper(Square::from_index(index).to_string());
    }
    return out;
}

std::string gogui_side_to_move(const Position& position) {
    return std::string(to_string(position.side_to_move()));
}

std::string gogui_final_result(const Position& position) {
    if (!position.is_game_over()) return "unknown";
    const int difference = position.final_disc_difference(Color::Black);
    if (difference == 0) return "Draw 32-32";
    const Color winner = difference > 0 ? Color::Black : Color::White;
    const int empties = position.empty_count();
    // The tournament rule, as final_score: the empty squares go to the winner.
    std::string out =
        std::string(winner == Color::Black ? "Black" : "White") + " wins " +
        score_line(position.disc_count(winner) + empties, position.disc_count(opposite(winner))) +
        " (" + (winner == Color::Black ? "B+" : "W+") +
        std::to_string(difference > 0 ? difference : -difference);
    if (empties > 0) {
        out += "; " + std::to_string(empties) + " empty square" + (empties > 1 ? "s" : "") +
               " counted for the winner";
    }
    return out + ")";
}

}  // namespace othello
