// Game records made by hand for the tests of what counts them: who played which colour in which
// pair, the discs and the winner, played out normally.
#pragma once

#include "match/record/game_record.h"

namespace othello::testing {

inline GameRecord game(int pair, const char* black, const char* white, Winner w, int bd, int wd) {
    GameRecord r;
    r.pair = pair;
    r.black = black;
    r.white = white;
    r.winner = w;
    r.black_discs = bd;
    r.white_discs = wd;
    r.reason = Outcome::Normal;
    return r;
}

}  // namespace othello::testing
