// Transcripts, board strings and the ASCII board.
#include "engine/notation.h"

#include <cctype>

#include "engine/ascii_text.h"

namespace othello {

namespace {

bool is_separator(char c) {
    return std::isspace(static_cast<unsigned char>(c)) || c == ',' || c == '-';
}

}  // namespace

std::vector<Move> parse_moves(std::string_view text) {
    std::vector<Move> moves;
    std::size_t i = 0;
    while (i < text.size()) {
        if (is_separator(text[i])) {
            ++i;
            continue;
        }
        // "pass" before "pa": both are passes, and neither can start a square.
        if (i + 4 <= text.size() && ascii_lower(text[i]) == 'p' &&
            ascii_lower(text[i + 1]) == 'a' && ascii_lower(text[i + 2]) == 's' &&
            ascii_lower(text[i + 3]) == 's') {
            moves.push_back(Move::pass());
            i += 4;
            continue;
        }
        const std::string_view token = text.substr(i, 2);
        if (auto move = Move::parse(token)) {
            moves.push_back(*move);
            i += 2;
            continue;
        }
        std::string shown;
        for (char c : text.substr(i, 4)) {
            shown += std::isprint(static_cast<unsigned char>(c))
                         ? std::string(1, c)
                         : "\\x" + std::to_string(static_cast<unsigned char>(c));
        }
        throw NotationError("transcript: not a move at character " + std::to_string(i + 1) +
                            " (move " + std::to_string(moves.size() + 1) + "): '" + shown + "'");
    }
    return moves;
}

std::string to_transcript(const std::vector<Move>& moves) {
    std::string out;
    out.reserve(moves.size() * 2);
    for (Move m : moves) {
        if (!m.is_pass()) out += m.square().to_string();
    }
    return out;
}

Position parse_board(std::string_view text) {
    Bitboard black = 0, white = 0;
    std::size_t i = 0;
    int square = 0;
    for (; i < text.size() && square < 64; ++i) {
        const char c = ascii_lower(text[i]);
        if (std::isspace(static_cast<unsigned char>(c))) continue;
        if (c == 'x' || c == '*' || c == 'b') {
            black |= bit(square);
        } else if (c == 'o' || c == 'w') {
            white |= bit(square);
        } else if (c != '-' && c != '.') {
            throw NotationError("board: unexpected character '" + std::string(1, text[i]) +
                                "' at position " + std::to_string(i + 1) +
                                " (expected one of - . X O * B W)");
        }
        ++square;
    }
    if (square < 64) {
        throw NotationError("board: " + std::to_string(square) + " squares given, 64 needed");
    }
    std::string side;
    for (; i < text.size(); ++i) {
        if (!std::isspace(static_cast<unsigned char>(text[i]))) side += ascii_lower(text[i]);
    }
    // A board alone does not say whose turn it is: guessing would play a position other than the
    // one meant.
    if (side.empty())
        throw NotationError("board: no side to move after the 64 squares (give X or O)");
    Color to_move = Color::Black;
    if (side == "o" || side == "w" || side == "white") {
        to_move = Color::White;
    } else if (!(side == "x" || side == "*" || side == "b" || side == "black")) {
        throw NotationError("board: side to move '" + side + "' is not black (X) or white (O)");
    }
    return Position::from_colors(black, white, to_move);
}

std::string to_board_string(const Position& p) {
    std::string out;
    out.reserve(66);
    for (int i = 0; i < 64; ++i) {
        const auto c = p.at(Square::from_index(i));
        out += !c ? '-' : (*c == Color::Black ? 'X' : 'O');
    }
    out += p.side_to_move() == Color::Black ? " X" : " O";
    return out;
}

std::string to_ascii(const Position& p) {
    const Bitboard moves = p.legal_moves();
    std::string out = "  a b c d e f g h\n";
    for (int row = 0; row < 8; ++row) {
        out += static_cast<char>('1' + row);
        for (int column = 0; column < 8; ++column) {
            const Square s = Square::at(column, row);
            const auto c = p.at(s);
            out += ' ';
            out += c ? (*c == Color::Black ? 'X' : 'O') : ((moves & s.bit()) ? '.' : '-');
        }
        out += ' ';
        out += static_cast<char>('1' + row);
        out += '\n';
    }
    out += "  a b c d e f g h\n";
    out += "X (black): " + std::to_string(p.disc_count(Color::Black)) +
           "  O (white): " + std::to_string(p.disc_count(Color::White));
    out += p.is_game_over()
               ? "  game over\n"
               : std::string("  ") + std::string(to_string(p.side_to_move())) + " to move\n";
    return out;
}

}  // namespace othello
