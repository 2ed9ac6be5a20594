// TimeControl: the limits a match puts on every engine's answers and starts, whatever its own
// clock (tc=, st=: ClockRules in game_clock.h). Plain data, read by the players, the referee and
// the match's options.
#pragma once

namespace othello {

// Time control for one game: a per-move limit for engines without a clock and an optional
// per-game budget, plus a margin forgiven once a game for communication delay.
// Engines' own clocks (tc=, st=) are ClockRules, see Player::clock_rules.
struct TimeControl {
    double move_timeout = 60;   // seconds; an answer not given by then is a timeout (for an
                                // engine with a clock the referee sets it to the clock's limit)
    double game_time = 0;       // seconds per side for the whole game (tc= for engines without
                                // one); 0: no budget
    double margin = 0.1;        // seconds added to the budget before a loss on time
    double start_timeout = 10;  // seconds for starting an engine and its handshake
};

}  // namespace othello
