// What a GTP engine is told of its clock: GTP counts whole seconds and knows no increment, so
// every figure is rounded down and an increment is announced only as far as it never overstates.
#pragma once

#include <string>

#include "match/players/game_clock.h"

namespace othello {

// The arguments of `time_settings` ("MAIN BYOYOMI STONES") for `rules` (an active clock):
//   tc=S[+I]    MAIN BYO 1 with BYO = I and S rounded down (the smaller of them) and MAIN = S -
//   BYO,
//               or S 0 0 (absolute time) when BYO is 0: never more in all, move by move, than
//               S plus the increments so far, as the clock gives;
//   tc=M/S[+I]  0 S M (Canadian byo-yomi without main time);
//   st=S        0 S 1.
std::string gtp_time_settings(const ClockRules& rules);

// The arguments of `time_left` ("SECONDS STONES") before a move: SECONDS are those the side may
// still take by its clock (never the margin, but up to 10 ms of grace while more than half the
// margin is left, for the fraction of a second acknowledging a move costs), rounded down, less
// the byo-yomi announced for tc=S+I, which the engine adds to them; STONES are 0 in main time, the
// moves to go in a Canadian period, 1 for st= and for tc=S+I once no more than BYO is left.
std::string gtp_time_left(const GameClock& clock);

}  // namespace othello
