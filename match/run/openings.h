// Openings: the start positions of a match's games — the start position, all distinct positions
// after k random moves, a generated balanced set, or a file of transcripts and boards.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/game.h"

namespace othello {

struct Opening {
    std::string name;        // from the file's second column, or generated
    std::string transcript;  // "" for the start position and for a board
    Game game;  // the opening played out (passes included); a board's game starts from it
};

// The board a game from `opening` starts from, as to_board_string writes it ("--XO... X"), or ""
// when it starts from the standard start position (a transcript opening).
std::string start_board_of(const Opening& opening);

// `source` is:
//   "start"          the standard start position only;
//   "random:K"       every distinct position (up to symmetry) after K plies, in seeded order
//                    (K <= 6 lists them all; larger K samples `wanted` distinct ones, or lists
//                    them all, cut to `wanted`, when that is more than half of them);
//   "balanced[:K]"   `wanted` positions after K (default 8) plies whose random-playout outcome
//                    is near even: for K = 8 drawn from the shipped set (balanced_openings.h),
//                    otherwise sampled from random plies;
//   anything else    a file: one opening per line, optional TAB and name, '#' comments: a
//                    transcript, or a board in OBF form (64 squares of X, O or '-', '*' for X,
//                    a space and the side to move, anything after ';' ignored);
//                    only `wanted` lines are parsed and kept: the first ones, or with
//                    `random_order` a uniform sample of the file's lines, however long it is.
//                    Written "plies=N,start=M,FILE" (either key, as cutechess's -openings
//                    plies= start=): each transcript cut after N plies (squares played; boards
//                    are kept whole), and the file's openings read from its Mth on.
// With `random_order` the openings come in a seeded random order (the "random" order).
// Throws std::runtime_error naming the file and line of a bad transcript or board (one whose
// centre squares are not all occupied, or whose game is over).
std::vector<Opening> load_openings(const std::string& source, std::uint64_t seed,
                                   std::size_t wanted, bool random_order = false);

// The warning for a match that needs `wanted` distinct openings from a generated `source`
// ("random:K", "balanced[:K]") that gave only `available`, saying how many exist when that is
// known; "" when there are enough, or for a file or "start".
std::string repeated_openings_warning(const std::string& source, std::size_t available,
                                      std::size_t wanted);

// Shuffles openings with a seeded generator (the "random" order).
void shuffle_openings(std::vector<Opening>& openings, std::uint64_t seed);

}  // namespace othello
