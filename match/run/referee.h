// Referee: plays one game between two players on its own board, checking every move. Never sends
// a pass; turns every failure (illegal move, garbage, crash, hang, disconnection, time) into a
// result with a reason, the offender losing.
#pragma once

#include "match/players/player.h"
#include "match/run/game_record.h"
#include "match/run/openings.h"

namespace othello {

// Plays `opening` to the end. Fills every field of the record except id and pair. Each side is
// handed its own seed derived from `game_seed`. With `adjudicate_empties` >= 0 a game reaching that
// many empty squares or fewer ends with its perfect-play result (reason "adjudicated").
// PlayerStartError propagates: the game could not be played at all. Any other exception a player
// throws during the game (an in-process policy's std::invalid_argument or a damaged book included)
// is that player's forfeit with the reason Outcome::PolicyError.
GameRecord referee_game(Player& black, Player& white, const Opening& opening,
                        const TimeControl& time, std::uint64_t game_seed,
                        int adjudicate_empties = -1);

}  // namespace othello
