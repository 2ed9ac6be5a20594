// Gives every move of an opening book a value: the negamax, over the book's own lines, of offline
// searches at its leaves. At each book position every legal move is valued: a move into another
// book position takes that position's negamaxed value, any other move the value of a search of
// the position it leads to with the regression weights. The best move no expert played is stored
// too (a row with no games), so the book plays it where the search prefers it to every book move:
// `book,regression` then never plays a move the offline search rates below the alternatives.
// An offline training tool: the book policy only reads the stored values.
#pragma once

#include <ostream>

#include "engine/book/opening_book.h"
#include "engine/patterns/pattern_weights.h"

namespace othello::training {

struct BookEvaluationOptions {
    int depth = 6;           // plies of the search at the book's leaves
    int exact_empties = 14;  // leaves with at most this many empties are solved exactly
    int threads = 2;
};

struct BookEvaluationSummary {
    std::size_t positions = 0;          // book positions valued
    std::size_t leaf_searches = 0;      // distinct positions searched
    std::size_t rows_valued = 0;        // stored moves given a value
    std::size_t rows_added = 0;         // best unplayed alternatives added
    std::size_t alternatives_best = 0;  // positions where that alternative beats every book move
    double start_value = 0;             // the negamaxed value of the start position, black to move
};

// Values every move of `book` (opened for writing) and writes the values in one transaction.
BookEvaluationSummary evaluate_book(OpeningBook& book, const patterns::PatternWeights& weights,
                                    const BookEvaluationOptions& options, std::ostream* log);

}  // namespace othello::training
