// HumanPlayer: a person at the terminal — shown the board with coordinates, the move number and
// the legal moves, asked for a move like "d3" until the entry is legal.
#pragma once

#include <iostream>

#include "match/players/player.h"

namespace othello {

class HumanPlayer : public Player {
  public:
    HumanPlayer(std::string name, std::istream& in = std::cin, std::ostream& out = std::cout)
        : name_(std::move(name)), in_(in), out_(out) {}

    const std::string& name() const override { return name_; }
    void new_game(const Game&, const TimeControl&, std::uint64_t) override;
    void opponent_played(const Game& game, Move move, const Deadline&) override;
    // Throws PlayerError(Crash) when the input ends. The deadline is not enforced on a person.
    Move choose(const Game& game, const Deadline&, const GameClock*) override;
    bool is_timed() const override { return false; }

  private:
    std::string name_;
    std::istream& in_;
    std::ostream& out_;
};

}  // namespace othello
