// Game: a start position and the moves played from it (passes included), with undo.
// The shared record of GTP sessions, the referee and the training and book tools.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/position.h"

namespace othello {

class Game {
  public:
    explicit Game(Position start = Position::start());

    // Replays a transcript ("f5d6c3", any case, spaces allowed, passes implicit or written as
    // "pass"/"PA"). Throws NotationError naming the move number and text of the first bad move.
    static Game from_transcript(std::string_view transcript, Position start = Position::start());

    const Position& start() const { return positions_.front(); }
    const Position& current() const { return positions_.back(); }
    // Every move played, passes included, in order.
    const std::vector<Move>& moves() const { return moves_; }
    // Position before move i (0 = start); positions().size() == moves().size() + 1.
    const std::vector<Position>& positions() const { return positions_; }
    // Isa, here and in play(): the instruction set of the kernel it runs in (Position's rules);
    // always inlined, as a kernel needs.
    template <InstructionSet Isa = InstructionSet::kBaseline>
    [[gnu::always_inline]] bool is_over() const {
        return current().is_game_over<Isa>();
    }

    // Checked: throws IllegalMove (and changes nothing) if the move is not legal.
    template <InstructionSet Isa = InstructionSet::kBaseline>
    [[gnu::always_inline]] void play(Move m) {
        positions_.push_back(current().play<Isa>(m));  // play() throws before anything is changed
        moves_.push_back(m);
    }
    // As play, but first passes for the side to move if it has no legal move and `m` is a square:
    // how transcripts and implicit-pass protocols write games.
    void play_passing_if_needed(Move m);
    // Takes back the last move (a pass counts as a move); false if there is none.
    bool undo();

    // The squares played, passes omitted: "f5d6c3d3c4".
    std::string transcript() const;

  private:
    std::vector<Position> positions_;
    std::vector<Move> moves_;
};

}  // namespace othello
