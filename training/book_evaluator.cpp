// Three passes: find every position a book move leads to that is not itself in the book, search
// those (the costly part, on several threads), then negamax from the deepest book positions back
// to the start, each position's children being either searched leaves or deeper book positions.
#include "training/book_evaluator.h"

#include <algorithm>
#include <chrono>
#include <limits>
#include <unordered_map>
#include <variant>

#include "engine/parallel_for.h"
#include "engine/symmetry.h"
#include "training/search_labeller.h"

namespace othello::training {

namespace {

struct PositionHash {
    std::size_t operator()(const Position& p) const { return static_cast<std::size_t>(hash(p)); }
};

// Where the value of a move comes from, from the view of the side that plays it.
struct MoveSource {
    // A finished game's score, a book position or a position to search (canonical); each valued
    // for its own side to move.
    std::variant<int, Position> target;
    bool passes = false;  // the opponent had to pass: the target's mover is the one who moved
};

// The book's key of a position: its canonical form with the colour dropped (the book stores the
// mover's and the opponent's discs only).
Position book_position(const Position& p) {
    const Position c = canonical_form(p).position;
    return Position::from_mover(c.player(), c.opponent(), Color::Black);
}

MoveSource source_of(const Position& p, Square move) {
    Position child = p.play_unchecked(move);
    if (child.has_legal_move()) return {book_position(child), false};
    if (child.is_game_over()) return {child.final_disc_difference(child.side_to_move()), false};
    return {book_position(child.pass()), true};
}

// Values every position of `targets` by search, on `threads` threads.
std::vector<double> search_all(const std::vector<Position>& targets,
                               const patterns::PatternWeights& weights,
                               const BookEvaluationOptions& options) {
    std::vector<double> values(targets.size());
    parallel_for(targets.size(), options.threads, [&](std::size_t i) {
        values[i] = search_value(weights, targets[i], options.depth, options.exact_empties);
    });
    return values;
}

using BookValues = std::unordered_map<Position, double, PositionHash>;

// The positions book moves lead to outside the book, and their values once searched (each for
// its own side to move).
struct SearchedLeaves {
    std::unordered_map<Position, std::size_t, PositionHash> index;
    std::vector<Position> positions;
    std::vector<double> values;
};

// The values of a position's legal moves, keyed by their representative square, and the best of
// the book's stored moves and of the others (the alternative).
struct MoveValues {
    std::unordered_map<int, double> by_move;
    double best_stored = -std::numeric_limits<double>::infinity();
    double best_alternative = -std::numeric_limits<double>::infinity();
    Square alternative = Square::from_index(0);
};

// The book's positions deepest first, so that every book child (one disc more) is valued before
// its parents.
std::vector<Position> deepest_first(OpeningBook& book) {
    std::vector<Position> positions;
    for (const auto& [position, ply] : book.canonical_positions()) positions.push_back(position);
    std::sort(positions.begin(), positions.end(), [](const Position& a, const Position& b) {
        return popcount(a.occupied()) > popcount(b.occupied());
    });
    return positions;
}

// Pass 1: the leaves to search, each once.
SearchedLeaves find_leaves(const std::vector<Position>& positions, const BookValues& book_value) {
    SearchedLeaves leaves;
    for (const Position& p : positions) {
        for (int sq : Bits(p.legal_moves())) {
            const MoveSource source = source_of(p, Square::from_index(sq));
            const Position* target = std::get_if<Position>(&source.target);
            if (!target || book_value.contains(*target)) continue;
            if (leaves.index.emplace(*target, leaves.positions.size()).second)
                leaves.positions.push_back(*target);
        }
    }
    return leaves;
}

// A move's value for the side that plays it: the finished game's score, or its book position's
// or searched leaf's value.
double move_value(const Position& p, Square move, const BookValues& book_value,
                  const SearchedLeaves& leaves) {
    const MoveSource source = source_of(p, move);
    if (const int* score = std::get_if<int>(&source.target)) return -*score;
    const Position& target = std::get<Position>(source.target);
    const auto in_book = book_value.find(target);
    const double target_value =
        in_book != book_value.end() ? in_book->second : leaves.values[leaves.index.at(target)];
    return source.passes ? target_value : -target_value;
}

MoveValues value_moves(const Position& p, Bitboard stored, const BookValues& book_value,
                       const SearchedLeaves& leaves) {
    MoveValues values;
    for (int sq : Bits(p.legal_moves())) {
        const Square move = Square::from_index(sq);
        const double value = move_value(p, move, book_value, leaves);
        const Square key = representative_move(p, move);
        values.by_move[key.index()] = value;
        if (stored & key.bit()) {
            values.best_stored = std::max(values.best_stored, value);
        } else if (value > values.best_alternative) {
            values.best_alternative = value;
            values.alternative = key;
        }
    }
    return values;
}

// The book's rows of `p` to value: an earlier evaluation's alternatives are not book moves, they
// are chosen afresh.
std::vector<BookMove> stored_rows(OpeningBook& book, const Position& p) {
    std::vector<BookMove> rows = book.canonical_moves(p);
    std::erase_if(rows, [](const BookMove& m) {
        return m.stats.games == 0 && m.comment == OpeningBook::kSearchedAlternative;
    });
    return rows;
}

// The rows to write for `p`: its stored moves with their values, and its best alternative.
void add_entries(const Position& p, const std::vector<BookMove>& rows, const MoveValues& values,
                 std::vector<BookEntry>& entries, BookEvaluationSummary& summary) {
    const int ply = popcount(p.occupied()) - 4;
    for (const BookMove& row : rows) {
        const auto found = values.by_move.find(row.move.index());
        if (found == values.by_move.end()) continue;  // a row naming no legal move
        BookEntry entry{{p.player(), p.opponent(), row.move}, ply, {}, "", "", found->second};
        entries.push_back(std::move(entry));
        ++summary.rows_valued;
    }
    if (values.best_alternative > -std::numeric_limits<double>::infinity()) {
        entries.push_back({{p.player(), p.opponent(), values.alternative},
                           ply,
                           {},
                           "",
                           OpeningBook::kSearchedAlternative,
                           values.best_alternative});
        ++summary.rows_added;
        if (values.best_alternative > values.best_stored) ++summary.alternatives_best;
    }
}

}  // namespace

BookEvaluationSummary evaluate_book(OpeningBook& book, const patterns::PatternWeights& weights,
                                    const BookEvaluationOptions& options, std::ostream* log) {
    const auto start = std::chrono::steady_clock::now();
    auto seconds = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    BookEvaluationSummary summary;
    const std::vector<Position> positions = deepest_first(book);
    BookValues book_value;
    for (const Position& p : positions) book_value.emplace(p, 0.0);

    // Pass 1: the leaves to search.
    SearchedLeaves leaves = find_leaves(positions, book_value);
    if (log) {
        *log << "book: " << positions.size() << " positions, " << leaves.positions.size()
             << " leaves to search at depth " << options.depth << "\n"
             << std::flush;
    }
    // Pass 2: search them.
    leaves.values = search_all(leaves.positions, weights, options);
    if (log) *log << "searched " << leaves.positions.size() << " leaves (" << seconds() << " s)\n";

    // Pass 3: negamax back, and the rows to write.
    std::vector<BookEntry> entries;
    for (const Position& p : positions) {
        const std::vector<BookMove> rows = stored_rows(book, p);
        Bitboard stored = 0;
        for (const BookMove& row : rows) stored |= row.move.bit();
        const MoveValues values = value_moves(p, stored, book_value, leaves);
        if (!p.has_legal_move()) continue;  // only hand-edited rows could put one here
        book_value[p] = std::max(values.best_stored, values.best_alternative);
        ++summary.positions;
        add_entries(p, rows, values, entries, summary);
    }
    const auto start_position = book_value.find(book_position(Position::start()));
    if (start_position != book_value.end()) summary.start_value = start_position->second;
    summary.leaf_searches = leaves.positions.size();
    book.replace_values(entries, "evaluate: depth " + std::to_string(options.depth) +
                                     ", exact from " + std::to_string(options.exact_empties) +
                                     " empties");
    if (log) *log << "wrote " << entries.size() << " values (" << seconds() << " s)\n";
    return summary;
}

}  // namespace othello::training
