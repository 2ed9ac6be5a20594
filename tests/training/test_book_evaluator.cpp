// The book's negamaxed values (othello-book evaluate): each book move's value is the negation of
// its book child's best value or of an independent search of the position it leads to; the best
// unplayed alternative is stored; the book policy plays by value; a version-1 book is read without
// values and migrated when opened for writing.
#include <doctest/doctest.h>

#include <algorithm>
#include <limits>

#include "engine/book/book_builder.h"
#include "engine/book/book_policy.h"
#include "engine/book/sqlite_database.h"
#include "engine/policies/policy_registry.h"
#include "tests/engine/book/book_test_support.h"
#include "training/book_evaluator.h"
#include "training/search_labeller.h"

using namespace othello;
using namespace othello::training;
using testing::ScratchFile;

namespace {

void write_lines_book(const std::filesystem::path& path) {
    BookBuilder builder;
    for (int i = 0; i < 6; ++i) builder.add_game(Game::from_transcript("f5d6c3d3c4"), +10, 60);
    for (int i = 0; i < 6; ++i) builder.add_game(Game::from_transcript("f5d6c5f4"), -4, 60);
    for (int i = 0; i < 6; ++i) builder.add_game(Game::from_transcript("f5f6e6f4"), +2, 60);
    OpeningBook book(path, OpeningBook::Access::Write);
    book.add(builder.entries(1), "test");
}

double best_value(const std::vector<BookMove>& moves) {
    double best = -std::numeric_limits<double>::infinity();
    for (const BookMove& m : moves) best = std::max(best, *m.value);
    return best;
}

}  // namespace

TEST_CASE("every book move is valued by negamax over the book with searches at its leaves") {
    ScratchFile file("evaluated.db");
    write_lines_book(file.path());
    const auto weights = patterns::PatternWeights::load(patterns::default_weights_path());
    BookEvaluationOptions options;
    options.depth = 2;
    options.threads = 2;
    BookEvaluationSummary summary;
    {
        OpeningBook book(file.path(), OpeningBook::Access::Write);
        summary = evaluate_book(book, weights, options, nullptr);
    }
    OpeningBook book(file.path(), OpeningBook::Access::Read);
    CHECK(summary.positions == book.canonical_positions().size());
    CHECK(summary.rows_added > 0);

    // Walk every book position reachable from the start and check each stored value.
    std::vector<Position> frontier{Position::start()};
    int checked_children = 0, checked_leaves = 0;
    while (!frontier.empty()) {
        const Position p = frontier.back();
        frontier.pop_back();
        const std::vector<BookMove> moves = book.lookup(p);
        if (moves.empty()) continue;
        for (const BookMove& m : moves) {
            REQUIRE(m.value.has_value());
            const Position child = p.play_unchecked(m.move);
            REQUIRE(child.has_legal_move());  // no passes this early
            const std::vector<BookMove> child_moves = book.lookup(child);
            if (!child_moves.empty()) {
                CHECK(*m.value == doctest::Approx(-best_value(child_moves)));
                frontier.push_back(child);
                ++checked_children;
            } else {
                const double searched = search_value(weights, child, 2, 14);
                CHECK(*m.value == doctest::Approx(-searched).epsilon(1e-9));
                ++checked_leaves;
            }
        }
        // Every legal move not in the book is no better than the stored alternative.
        double alternative = -std::numeric_limits<double>::infinity();
        Bitboard listed = 0;
        for (const BookMove& m : moves) {
            listed |= m.move.bit();
            if (m.stats.games == 0 && m.comment == "searched alternative")
                alternative = std::max(alternative, *m.value);
        }
        for (int sq : Bits(p.legal_moves() & ~listed)) {
            const Position child = p.play_unchecked(Square::from_index(sq));
            CHECK(-search_value(weights, child, 2, 14) <= alternative + 1e-9);
        }
    }
    CHECK(checked_children >= 4);
    CHECK(checked_leaves >= 4);
    CHECK(summary.start_value == doctest::Approx(best_value(book.lookup(Position::start()))));
}

TEST_CASE("an evaluated book plays its best-valued move, an unplayed alternative included") {
    ScratchFile file("by-value.db");
    write_lines_book(file.path());
    const Game after_f5d6 = Game::from_transcript("f5d6");
    {
        // Hand-set values: c5 (lost by experts) best, c3 (won) worse, and an alternative d3 best
        // of all at f5 f6.
        OpeningBook book(file.path(), OpeningBook::Access::Write);
        const Position p = after_f5d6.current();
        book.add({{book_key(p, *Square::parse("c3")), 2, {}, "", "", -3.0},
                  {book_key(p, *Square::parse("c5")), 2, {}, "", "", +1.5}},
                 "values");
    }
    PolicyOptions options;
    options.book_path = file.str();
    {
        BookPolicy policy(options, make_policy("mobility", options));
        CHECK(policy.choose(after_f5d6) == Move(*Square::parse("c5")));
        const std::vector<MoveScore> scores = policy.evaluate(after_f5d6);
        REQUIRE(scores.size() >= 2);
        CHECK(scores[0].move == Move(*Square::parse("c5")));
        CHECK(scores[0].score == doctest::Approx(1.5));
        CHECK(scores[0].detail.find("value +1.50") != std::string::npos);
    }  // the policy holds the book's shared lock until it goes

    const Game after_f5f6 = Game::from_transcript("f5f6");
    {
        OpeningBook book(file.path(), OpeningBook::Access::Write);
        const Position p = after_f5f6.current();
        book.add({{book_key(p, *Square::parse("e6")), 2, {}, "", "", -2.0},
                  {book_key(p, *Square::parse("d3")), 2, {}, "", "searched alternative", 0.5}},
                 "values");
    }
    BookPolicy again(options, make_policy("mobility", options));
    CHECK(again.choose(after_f5f6) == Move(*Square::parse("d3")));
    const std::vector<MoveScore> f6_scores = again.evaluate(after_f5f6);
    REQUIRE(!f6_scores.empty());
    CHECK(f6_scores[0].detail == "book: no games, value +0.50, searched alternative");
}

TEST_CASE("a version-1 book is read without values and migrated when opened for writing") {
    ScratchFile file("version1.db");
    write_lines_book(file.path());
    {
        SqliteDatabase db(file.str(), SqliteDatabase::Mode::ReadWriteCreate);
        db.exec("ALTER TABLE book_moves DROP COLUMN value");
        db.exec("PRAGMA user_version = 1");
    }
    {
        OpeningBook book(file.path(), OpeningBook::Access::Read);
        CHECK(book.schema_version() == 1);
        const std::vector<BookMove> moves = book.lookup(Game::from_transcript("f5d6").current());
        REQUIRE(moves.size() == 2);
        CHECK(!moves[0].value);
        // Played by statistics as before: c3 won its games.
        PolicyOptions options;
        options.book_path = file.str();
        BookPolicy policy(options, make_policy("mobility", options));
        CHECK(policy.choose(Game::from_transcript("f5d6")) == Move(*Square::parse("c3")));
    }
    {
        OpeningBook book(file.path(), OpeningBook::Access::Write);
        CHECK(book.schema_version() == 2);
    }
    SqliteDatabase db(file.str(), SqliteDatabase::Mode::ReadOnly);
    CHECK(db.query_int("PRAGMA user_version") == 2);
    CHECK(db.query_int("SELECT count(*) FROM book_moves WHERE value IS NULL") ==
          db.query_int("SELECT count(*) FROM book_moves"));
}
