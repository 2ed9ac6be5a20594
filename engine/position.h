// Position: the board as two bitboards seen from the side to move, plus that side's colour.
// A value type: play() returns the next position and never changes this one.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>

#include "engine/bitboard.h"
#include "engine/movegen.h"
#include "engine/square.h"

namespace othello {

// Thrown when a move is not legal in a position; the message says which move and why.
class IllegalMove : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

class Position {
  public:
    // The standard start: white d4 e5, black d5 e4, black to move.
    static Position start();
    // Throws std::invalid_argument if the two boards overlap.
    static Position from_colors(Bitboard black, Bitboard white, Color to_move);
    static constexpr Position from_mover(Bitboard player, Bitboard opponent, Color to_move) {
        return Position(player, opponent, to_move);
    }

    constexpr Bitboard player() const { return player_; }      // discs of the side to move
    constexpr Bitboard opponent() const { return opponent_; }  // discs of the other side
    constexpr Color side_to_move() const { return side_; }
    constexpr Bitboard discs(Color c) const { return c == side_ ? player_ : opponent_; }
    constexpr Bitboard occupied() const { return player_ | opponent_; }
    constexpr Bitboard empties() const { return ~occupied(); }
    std::optional<Color> at(Square s) const;

    // The rules below that read the legal moves take the instruction set of the kernel they run
    // in as Isa (engine/instruction_set.h; the game loops' kernels pass theirs), the build's own
    // by default; every set gives the same answers. Always inlined, as a kernel needs.
    template <InstructionSet Isa = InstructionSet::kBaseline>
    [[gnu::always_inline]] constexpr Bitboard legal_moves() const {
        return legal_moves_on<Isa>(player_, opponent_);
    }
    template <InstructionSet Isa = InstructionSet::kBaseline>
    [[gnu::always_inline]] constexpr bool has_legal_move() const {
        return legal_moves<Isa>() != 0;
    }
    // A pass is legal exactly when the side to move has no move and the game is not over.
    template <InstructionSet Isa = InstructionSet::kBaseline>
    [[gnu::always_inline]] bool is_legal(Move m) const {
        const Bitboard moves = legal_moves<Isa>();
        if (m.is_pass()) return moves == 0 && legal_moves_on<Isa>(opponent_, player_) != 0;
        return (moves & m.square().bit()) != 0;
    }
    // Neither side can move (this includes a full board).
    template <InstructionSet Isa = InstructionSet::kBaseline>
    [[gnu::always_inline]] constexpr bool is_game_over() const {
        return legal_moves<Isa>() == 0 && legal_moves_on<Isa>(opponent_, player_) == 0;
    }
    // Why a move is illegal here, or nullopt if it is legal.
    std::optional<std::string> illegality(Move m) const;

    // Checked: throws IllegalMove with the reason.
    template <InstructionSet Isa = InstructionSet::kBaseline>
    [[gnu::always_inline]] Position play(Move m) const {
        if (!is_legal<Isa>(m)) throw_illegal(m);
        return m.is_pass() ? pass() : play_unchecked(m.square());
    }
    // Unchecked, for hot loops: `s` must be a legal move.
    Position play_unchecked(Square s) const {
        const Bitboard flipped = flips(s.index(), player_, opponent_);
        return Position(opponent_ ^ flipped, player_ | flipped | s.bit(), opposite(side_));
    }
    // Unchecked: hands the move to the other side.
    constexpr Position pass() const { return Position(opponent_, player_, opposite(side_)); }

    int disc_count(Color c) const { return popcount(discs(c)); }
    int empty_count() const { return popcount(empties()); }
    // Final disc difference from `perspective`'s side with the empty squares given to the winner
    // (the tournament rule, final_margin_for_winner); meaningful once the game is over.
    int final_disc_difference(Color perspective) const;

    constexpr bool operator==(const Position&) const = default;

  private:
    // Throws IllegalMove saying why `m` is illegal here; out of line, off the hot path.
    [[noreturn]] void throw_illegal(Move m) const;
    constexpr Position(Bitboard player, Bitboard opponent, Color side)
        : player_(player), opponent_(opponent), side_(side) {}
    Bitboard player_;
    Bitboard opponent_;
    Color side_;
};

// The tournament rule: a finished game's empty squares go to its winner. `margin` is the winner's
// disc lead on the board; a game won by forfeit may have none, and counts as level before that.
constexpr int final_margin_for_winner(int margin, int empties) {
    return (margin > 0 ? margin : 0) + empties;
}

}  // namespace othello
