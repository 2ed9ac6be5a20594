// GTP time announcements: whole seconds, rounded down, so that an engine trusting them has at
// least what it is told.
#include "match/players/gtp_time.h"

#include <algorithm>
#include <cmath>

namespace othello {

namespace {

long whole(double seconds) {
    return seconds > 0 ? static_cast<long>(std::floor(seconds)) : 0;
}

// tc=S+I's byo-yomi: at most I (the clock gives no more back a move) and at most S (the first
// move has only S).
long fischer_byoyomi(const ClockRules& rules) {
    return whole(std::min(rules.increment, rules.seconds));
}

// The seconds an engine is told it has before a move: its clock, not the margin, which pays for
// the round trips the engine cannot see (a trusting engine told the margin too flagged at
// tc=3+1 under load). A clock charged a fraction of a second for acknowledging the last move
// (st=3 at 2.9998 s) is still told 3: up to 10 ms of grace, taken from the first half of the
// margin only, so that an engine using all it is told overdraws at most half the margin in all.
double announced_seconds(const GameClock& clock) {
    constexpr double kGrace = 0.010;
    const double grace = std::clamp(clock.margin_left() - clock.margin() / 2, 0.0, kGrace);
    return clock.left() + grace;
}

}  // namespace

std::string gtp_time_settings(const ClockRules& rules) {
    if (rules.per_move > 0) return "0 " + std::to_string(whole(rules.per_move)) + " 1";
    if (rules.moves > 0)
        return "0 " + std::to_string(whole(rules.seconds)) + " " + std::to_string(rules.moves);
    const long byoyomi = fischer_byoyomi(rules);
    return std::to_string(whole(rules.seconds) - byoyomi) + " " + std::to_string(byoyomi) +
           (byoyomi > 0 ? " 1" : " 0");
}

std::string gtp_time_left(const GameClock& clock) {
    const ClockRules& rules = clock.rules();
    const long left = whole(announced_seconds(clock));
    if (rules.per_move > 0) return std::to_string(left) + " 1";
    if (rules.moves > 0) return std::to_string(left) + " " + std::to_string(clock.moves_to_go());
    const long byoyomi = fischer_byoyomi(rules);
    // In main time the engine may spend its main time and then one byo-yomi on this move.
    if (left > byoyomi) return std::to_string(left - byoyomi) + " 0";
    return std::to_string(left) + (byoyomi > 0 ? " 1" : " 0");
}

}  // namespace othello
