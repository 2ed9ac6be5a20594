// Parsing and printing of colours, squares and moves.
#include "engine/square.h"

#include <cctype>

#include "engine/ascii_text.h"

namespace othello {

std::string_view to_string(Color c) {
    return c == Color::Black ? "black" : "white";
}

std::optional<Square> Square::parse(std::string_view text) {
    if (text.size() != 2) return std::nullopt;
    const char column = ascii_lower(text[0]);
    const char row = text[1];
    if (column < 'a' || column > 'h' || row < '1' || row > '8') return std::nullopt;
    return Square::at(column - 'a', row - '1');
}

std::string Square::to_string() const {
    return {static_cast<char>('a' + column()), static_cast<char>('1' + row())};
}

std::optional<Move> Move::parse(std::string_view text) {
    if (equals_ignoring_case(text, "pass") || equals_ignoring_case(text, "pa")) return Move::pass();
    if (auto square = Square::parse(text)) return Move(*square);
    return std::nullopt;
}

Move Move::parse_or_throw(std::string_view text) {
    if (auto move = parse(text)) return *move;
    throw NotationError("not a move: '" + std::string(text) +
                        "' (expected a square a1..h8 or pass)");
}

std::string Move::to_string() const {
    return is_pass() ? "pass" : square().to_string();
}

}  // namespace othello
