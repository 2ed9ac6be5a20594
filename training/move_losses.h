// Where a player's points go: for every move it made in recorded games, how many discs it lost
// against the best move, by the exact endgame solver at few empties and by a deep search over
// pattern weights before, gathered by the number of empty squares at the move. It decides where
// work on the search-free player pays: the endgame its evaluation plays one ply deep, or the
// middle game.
#pragma once

#include <array>
#include <ostream>
#include <string>
#include <vector>

#include "engine/ggf.h"
#include "engine/patterns/pattern_weights.h"

namespace othello::training {

struct MoveLossOptions {
    int depth = 8;           // plies of the search before exact_empties
    int exact_empties = 20;  // moves from positions with at most this many empties: exact
    int threads = 2;
};

struct EmptiesLoss {
    int moves = 0;     // the player's moves from positions with this many empties
    int choices = 0;   // of them, with two or more legal moves
    int mistakes = 0;  // moves whose value is below the best move's
    double discs = 0;  // discs lost, summed over the moves
};

struct MoveLosses {
    std::string player;
    int games = 0;                             // games the player played in
    int skipped = 0;                           // records it did not play in
    std::array<EmptiesLoss, 61> by_empties{};  // index: empties before the move
    MoveLossOptions options;
};

// The player is the one whose PB or PW tag is `player`. Throws std::invalid_argument when no
// game has it, naming the players the records do have.
MoveLosses move_losses(const std::vector<GgfRecord>& games, const std::string& player,
                       const patterns::PatternWeights& weights, const MoveLossOptions& options);

// A table in Markdown: one row per range of empties (each range on one side of the exact
// boundary), with the moves, the share of them that lost, the discs lost a move and a game, and
// the share of all discs lost.
void print_move_losses(const MoveLosses& losses, std::ostream& out);

}  // namespace othello::training
