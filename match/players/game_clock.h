// GameClock: one engine's time control (tc=SECONDS[+INC], tc=MOVES/SECONDS[+INC], st=SECONDS) and
// the clock that applies it to one side during a game.
#pragma once

#include <string>
#include <string_view>

namespace othello {

struct ClockRules {
    double seconds = 0;    // tc: the time of a period; 0 (and per_move 0): no clock
    double increment = 0;  // tc: added after each move
    int moves = 0;         // tc=MOVES/...: moves per period, the period repeating; 0: whole game
    double per_move = 0;   // st: a fixed time for every move, nothing carried over

    bool active() const { return seconds > 0 || per_move > 0; }
    bool operator==(const ClockRules&) const = default;
};

// "60", "60+0.5", "40/60", "40/60+0.5" (the value of tc=). Throws std::invalid_argument.
ClockRules parse_tc(std::string_view text);
// "2.5" (the value of st=). Throws std::invalid_argument.
ClockRules parse_st(std::string_view text);
// "60+0.5", "40/60", "st=2", "none": the spec text that gives these rules back.
std::string to_string(const ClockRules& rules);

class GameClock {
  public:
    explicit GameClock(const ClockRules& rules);

    const ClockRules& rules() const { return rules_; }
    // Seconds on the clock for the coming move (the whole move time with st=).
    double left() const { return left_; }
    // Moves still to play in this period, this one included; 0 when the period is the game.
    int moves_to_go() const { return moves_to_go_; }
    // Charges a move that took `seconds`. False when the flag fell: more than `margin` over.
    // Then adds the increment, and a new period's time when this period's moves are played.
    bool charge(double seconds, double margin);

  private:
    ClockRules rules_;
    double left_ = 0;
    int moves_to_go_ = 0;
};

}  // namespace othello
