// Offline search labels for training (the regression policy itself never searches): the value of a
// position by an alpha-beta search over the current weights, or its exact value from the endgame
// solver when few squares are empty, to replace or blend with a sample's game-result label.
#pragma once

#include <cstdint>
#include <memory>
#include <ostream>

#include "engine/patterns/pattern_weights.h"
#include "training/training_set.h"

namespace othello::training {

struct SearchLabelOptions {
    int depth = 2;          // plies searched, the weights' evaluation at the leaves
    int exact_empties = 0;  // positions with at most this many empties get their exact value
    // New target = share * search value + (1 - share) * the old target (e.g. the game result).
    double search_share = 1.0;
    // Samples with fewer empties keep their label (e.g. exact endgame values already there).
    int from_empties = 0;
    int threads = 2;
};

// A labelling search over one set of weights: principal-variation alpha-beta, moves ordered by the
// move a transposition table remembers for the position, then by the evaluation of the position
// each leads to (two plies from the leaves, by the opponent's mobility there). The table is kept
// from one position to the next, where the siblings a one-ply policy compares share most of their
// trees. A bound is taken from the table only for the depth it was searched to, so the value is the
// depth-limited negamax value whatever the table holds: the same for any order of the positions,
// any thread, any table size.
class SearchLabeller {
  public:
    // 2^table_bits entries of 32 bytes each.
    explicit SearchLabeller(const patterns::PatternWeights& weights, int table_bits = 18);
    ~SearchLabeller();
    SearchLabeller(const SearchLabeller&) = delete;
    SearchLabeller& operator=(const SearchLabeller&) = delete;

    // As search_value below.
    double value(const Position& p, int depth, int exact_empties);
    // Positions visited so far (the solver's included).
    std::uint64_t nodes() const { return nodes_; }

  private:
    struct Table;
    std::int32_t search(Bitboard player, Bitboard opponent, int depth, std::int32_t alpha,
                        std::int32_t beta);
    std::int32_t evaluate(Bitboard player, Bitboard opponent) const;

    const patterns::PatternWeights& weights_;
    std::unique_ptr<Table> table_;
    std::uint64_t nodes_ = 0;
};

// The negamax value in discs of `p` (whose side to move may have to pass) searched `depth` plies
// deep with `weights` at the leaves; exact (solve_endgame) when p has at most `exact_empties`
// empties; a finished game scores its result. depth 0 is the evaluation itself. A passing move
// uses no depth.
double search_value(const patterns::PatternWeights& weights, const Position& p, int depth,
                    int exact_empties);

// Relabels every sample as SearchLabelOptions says, on several threads (the result does not
// depend on the thread count). Progress lines go to *log when given, and a last line gives the
// positions labelled a second of CPU time.
void relabel_by_search(TrainingSamples& samples, const patterns::PatternWeights& weights,
                       const SearchLabelOptions& options, std::ostream* log);

}  // namespace othello::training
