// Training data for the pattern regression: positions labelled with the final disc difference from
// the side to move, gathered from WTHOR expert games, transcript files or random playouts, and
// written out as CSV for inspection in other tools.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <ostream>
#include <vector>

#include "engine/game.h"

namespace othello::training {

struct TrainingSample {
    Bitboard player = 0;  // discs of the side to move (which always has a legal move)
    Bitboard opponent = 0;
    float target = 0;  // final disc difference from the side to move
    // Nonzero for a position one move after a parent (positions_one_move_after) where the
    // parent's opponent moves next: its siblings, the parent's other such children, follow it
    // with the same number. The one-ply policy chooses among exactly these; the fit's ranking
    // term (TrainerOptions::rank_weight) reads the runs. 0: no siblings.
    std::uint32_t siblings = 0;
};

using TrainingSamples = std::vector<TrainingSample>;

// Adds every position of `game` where the side to move has a move, labelled from `black_result`
// (the final disc difference from black's side). Positions with at least `exact_from_empties`
// empty squares take `black_exact` instead when it is given: WTHOR's theoretical score, the result
// under perfect play from that point, a less noisy label than the players' later mistakes.
void add_game_positions(const Game& game, int black_result, std::optional<int> black_exact,
                        int exact_from_empties, TrainingSamples& out);

// The result of a finished game from black's side, or nullopt while the game is not over.
std::optional<int> black_result(const Game& game);

struct WthorLoadOptions {
    std::filesystem::path folder;
    int validation_from_year = 2016;  // games of this year and later are held out
    bool theoretical_labels = true;   // use WTHOR's theoretical score before its depth
    int max_games = 0;                // 0: all
};

struct WthorData {
    TrainingSamples train;
    TrainingSamples validation;
    std::vector<Game> validation_games;  // for expert agreement
    int games = 0;
    int illegal_games = 0;     // records that do not replay (skipped)
    int unfinished_games = 0;  // ended before the board was decided: the recorded count is used
    int count_mismatches = 0;  // recorded final count differs from the replayed board
};

// Reads every .wtb file of the folder. Throws WthorError for an unreadable file.
WthorData load_wthor(const WthorLoadOptions& options);

// Random playouts from the start, every position labelled with its game's result.
TrainingSamples random_playout_samples(int games, std::uint64_t seed);

// The positions one move after every `every`-th sample (0, every, 2 * every, ...): for each of its
// legal moves, the position the move leads to, seen by the side that moves next (the mover again
// when its opponent must pass; none when the game is over). These are the positions the one-ply
// policy compares, bad moves' as well as good ones', while game records hold mostly the good ones.
// Their targets are 0, for a search to label (relabel_by_search). The children of one parent are
// consecutive and, except those after which the mover moves again, share a `siblings` number
// (1, 2, ... by parent). `first` starts the parents elsewhere (first, first + every, ...): the
// offsets 0 to every - 1 split every sample's children into `every` parts, labelled one at a time
// (scripts/label-children.sh). Throws std::invalid_argument when every < 1 or first is not in
// [0, every).
TrainingSamples positions_one_move_after(const TrainingSamples& samples, int every, int first = 0);

// One finished game per line as a transcript ("f5d6c3..."), '#' comments and blank lines allowed.
// Throws NotationError naming the file and line of a bad transcript; unfinished games are counted
// in *unfinished and skipped.
TrainingSamples transcript_samples(const std::filesystem::path& path, int* unfinished = nullptr);

// CSV: header "phase,target,f0,...,f89" then one row per sample (f = table entries of the phase).
void write_csv(std::ostream& out, const TrainingSamples& samples);

}  // namespace othello::training
