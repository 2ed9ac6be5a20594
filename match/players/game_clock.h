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
    // tc=inf: no clock, whatever --game-time says (cutechess's infinite time control); the
    // engine's answers are then limited by --move-timeout only.
    bool infinite = false;
    // timemargin=MS (cutechess's): this engine's own --time-margin, in seconds; negative: the
    // match's --time-margin.
    double margin = -1;

    bool active() const { return seconds > 0 || per_move > 0; }
    bool operator==(const ClockRules&) const = default;
};

// "60", "60+0.5", "40/60", "40/60+0.5" (the value of tc=); the time of a period may also be
// MINUTES:SECONDS as cutechess writes it ("40/1:30+1": 90 s), and "inf" is no clock at all.
// Throws std::invalid_argument.
ClockRules parse_tc(std::string_view text);
// "2.5" (the value of st=). Throws std::invalid_argument.
ClockRules parse_st(std::string_view text);
// "60+0.5", "40/60", "st=2", "inf", "none": the spec text that gives these rules back.
std::string to_string(const ClockRules& rules);

// The clock of one side during one game. The margin (communication delay) is forgiven once a
// game, not after every move: an overdraft is carried (tc=) or taken from what is left of the
// margin (st=, where nothing else carries over), so a side never uses more than its time, its
// increments and one margin in all.
class GameClock {
  public:
    GameClock(const ClockRules& rules, double margin);

    const ClockRules& rules() const { return rules_; }
    // Seconds on the clock for the coming move (the whole move time with st=), never negative:
    // what the engine is told.
    double left() const { return left_ > 0 ? left_ : 0; }
    // Seconds the side may still take before its flag falls: the clock plus the margin left.
    double limit() const { return left_ + margin_left_; }
    // The margin this clock started with, and what is left of it.
    double margin() const { return margin_; }
    double margin_left() const { return margin_left_; }
    // Moves still to play in this period, this one included; 0 when the period is the game.
    int moves_to_go() const { return moves_to_go_; }
    // Charges `seconds` spent answering a command other than a move (an opponent's move, setting
    // up the game): they count against the coming move. False when the flag fell.
    bool spend(double seconds);
    // Charges a move that took `seconds`. False when the flag fell. Then adds the increment, and
    // a new period's time when this period's moves are played.
    bool charge(double seconds);

  private:
    ClockRules rules_;
    double left_ = 0;
    double margin_ = 0;
    double margin_left_ = 0;
    int moves_to_go_ = 0;
};

// The clock a side plays with: its engine's own tc=/st=, else --game-time (`game_time` seconds,
// 0: none) as sudden death; tc=inf: none.
ClockRules clock_rules_for(const ClockRules& own, double game_time);

}  // namespace othello
