// The small value types every file shares: Color, Square and Move (a square or a pass).
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "engine/bitboard.h"

namespace othello {

enum class Color : std::uint8_t { Black, White };

constexpr Color opposite(Color c) {
    return c == Color::Black ? Color::White : Color::Black;
}
std::string_view to_string(Color c);  // "black" / "white"

// Thrown for text that does not name a square, move or transcript; the message says what and where.
class NotationError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

class Square {
  public:
    static constexpr Square at(int column, int row) { return Square(row * 8 + column); }
    static constexpr Square from_index(int index) { return Square(index); }
    // "d3" or "D3"; nullopt for anything else.
    static std::optional<Square> parse(std::string_view text);

    constexpr int index() const { return index_; }
    constexpr int column() const { return index_ & 7; }  // 0 = a
    constexpr int row() const { return index_ >> 3; }    // 0 = row 1 (top)
    constexpr Bitboard bit() const { return othello::bit(index_); }
    std::string to_string() const;  // lower case, "d3"

    constexpr bool operator==(const Square&) const = default;
    constexpr auto operator<=>(const Square&) const = default;

  private:
    constexpr explicit Square(int index) : index_(static_cast<std::int8_t>(index)) {}
    std::int8_t index_;
};

// A move is a square or a pass.
class Move {
  public:
    static constexpr Move pass() { return Move(kPass); }
    constexpr Move(Square s)
        : index_(static_cast<std::int8_t>(s.index())) {}  // NOLINT: implicit on purpose
    // "d3", "D3", "pass", "PASS", "PA" (GGF); nullopt for anything else.
    static std::optional<Move> parse(std::string_view text);
    // As parse, but throws NotationError naming the text.
    static Move parse_or_throw(std::string_view text);

    constexpr bool is_pass() const { return index_ == kPass; }
    constexpr Square square() const { return Square::from_index(index_); }  // not for a pass
    std::string to_string() const;                                          // "d3" or "pass"

    constexpr bool operator==(const Move&) const = default;

  private:
    static constexpr std::int8_t kPass = 64;
    constexpr explicit Move(std::int8_t index) : index_(index) {}
    std::int8_t index_;
};

}  // namespace othello
