// The book policy: its choice rule, symmetric answers, evaluation details, randomness, fallback,
// the shipped default book and the registry's `book` row.
#include <doctest/doctest.h>

#include <map>
#include <set>

#include "engine/book/book_builder.h"
#include "engine/book/book_policy.h"
#include "engine/policies/policy_registry.h"
#include "tests/engine/book/book_test_support.h"

using namespace othello;
using testing::ScratchFile;
using testing::sq;

namespace {

// Out of book: the lowest legal square, so the tests can tell the fallback played.
class LowestSquarePolicy : public Policy {
  public:
    Move choose(const Game& game) override {
        const Bitboard moves = game.current().legal_moves();
        return moves ? Move(Square::from_index(lowest_index(moves))) : Move::pass();
    }
    void reseed(std::uint64_t) override {}
    std::vector<MoveScore> evaluate(const Game& game) override {
        std::vector<MoveScore> scores;
        double score = 0;
        for (int i : Bits(game.current().legal_moves()))
            scores.push_back({Square::from_index(i), score--, "lowest"});
        return scores;
    }
};

// A book where, after f5 d6, c3 won five games by 10 and c5 lost five by 4, and f5 f6 was
// played only three times (below the minimum).
void write_test_book(const std::filesystem::path& path) {
    BookBuilder builder;
    for (int i = 0; i < 5; ++i) builder.add_game(Game::from_transcript("f5d6c3d3c4"), +10, 60);
    for (int i = 0; i < 5; ++i) builder.add_game(Game::from_transcript("f5d6c5"), -4, 60);
    for (int i = 0; i < 3; ++i) builder.add_game(Game::from_transcript("f5f6"), +2, 60);
    OpeningBook book(path, OpeningBook::Access::Write);
    book.add(builder.entries(1), "test");
}

BookPolicy test_policy(const ScratchFile& file, double randomness = 0, std::uint64_t seed = 1) {
    PolicyOptions options;
    options.book_path = file.str();
    options.book_randomness = randomness;
    options.seed = seed;
    return BookPolicy(options, std::make_unique<LowestSquarePolicy>());
}

}  // namespace

TEST_CASE("the book plays its best-rated move and hands over out of book") {
    ScratchFile file("policy.db");
    write_test_book(file.path());
    BookPolicy policy = test_policy(file);
    const Move first = policy.choose(Game());
    CHECK(
        std::set<int>{sq("f5").index(), sq("d3").index(), sq("c4").index(), sq("e6").index()}.count(
            first.square().index()) == 1);
    CHECK(policy.choose(Game::from_transcript("f5d6")) == Move(sq("c3")));
    CHECK(policy.choose(Game::from_transcript("f5d6c3d3")) == Move(sq("c4")));
    // Three games are too few: f5 f6 is out of book, and so is anything past the lines.
    const Game thin = Game::from_transcript("f5f6");
    CHECK(policy.choose(thin) ==
          Move(Square::from_index(lowest_index(thin.current().legal_moves()))));
    const Game past = Game::from_transcript("f5d6c3d3c4f4");
    CHECK(policy.choose(past) ==
          Move(Square::from_index(lowest_index(past.current().legal_moves()))));
    CHECK(BookPolicy::rating({5, 5, 0, 0, 50}) == doctest::Approx(50.0 / 9));
}

TEST_CASE("symmetric positions get symmetric answers") {
    ScratchFile file("policy-symmetry.db");
    write_test_book(file.path());
    BookPolicy policy = test_policy(file);
    const Position p = Game::from_transcript("f5d6").current();
    REQUIRE(stabilizer(canonical_form(p).position) == 1u);
    for (Symmetry s = 0; s < kSymmetryCount; ++s) {
        CAPTURE(s);
        CHECK(policy.choose(Game(transform(s, p))) == Move(transform(s, sq("c3"))));
    }
}

TEST_CASE("evaluate shows the book statistics, then the other moves as the fallback ranks them") {
    ScratchFile file("policy-evaluate.db");
    write_test_book(file.path());
    BookPolicy policy = test_policy(file);
    const Game game = Game::from_transcript("f5d6");
    const auto scores = policy.evaluate(game);
    REQUIRE(scores.size() == static_cast<std::size_t>(popcount(game.current().legal_moves())));
    CHECK(scores[0].move == Move(sq("c3")));
    CHECK(scores[0].detail == "book: 5 games, 100.0% score (+5 =0 -0), mean +10.00 discs");
    CHECK(scores[0].book_games == 5);
    CHECK(scores[1].move == Move(sq("c5")));
    CHECK(scores[1].detail == "book: 5 games, 0.0% score (+0 =0 -5), mean -4.00 discs");
    CHECK(scores[0].score > scores[1].score);
    for (std::size_t i = 2; i < scores.size(); ++i) {
        CHECK(scores[i].detail == "not in book; lowest");
        CHECK_FALSE(scores[i].book_games.has_value());
    }
    // Out of book the fallback's evaluation is returned as it is.
    CHECK(policy.evaluate(Game::from_transcript("f5f6"))[0].detail == "lowest");
}

TEST_CASE("with --book-randomness the book picks among its moves by weight") {
    ScratchFile file("policy-random.db");
    write_test_book(file.path());
    std::map<int, int> counts;
    BookPolicy policy = test_policy(file, 20.0, 7);
    for (int i = 0; i < 400; ++i)
        counts[policy.choose(Game::from_transcript("f5d6")).square().index()]++;
    REQUIRE(counts.size() == 2);
    // Weights exp(0) and exp((-20/9 - 50/9) / 20) = 0.68: c3 is chosen more often.
    CHECK(counts[sq("c3").index()] > counts[sq("c5").index()]);
    CHECK(counts[sq("c5").index()] > 80);
    // Without randomness it is always the best move.
    BookPolicy steady = test_policy(file, 0, 7);
    for (int i = 0; i < 20; ++i)
        CHECK(steady.choose(Game::from_transcript("f5d6")) == Move(sq("c3")));
}

TEST_CASE("the shipped book is the default and answers symmetrically") {
    auto policy = make_policy("book", {});
    const auto scores = policy->evaluate(Game());
    REQUIRE(scores.size() == 4);
    CHECK(scores[0].detail.rfind("book: ", 0) == 0);
    // Follow the book's own line while it lasts and check every position's images (out of book
    // the fallback answers, which need not be symmetric).
    Game game;
    int plies_in_book = 0;
    for (; policy->evaluate(game)[0].detail.rfind("book: ", 0) == 0; ++plies_in_book) {
        const Position p = game.current();
        const Move m = policy->choose(game);
        REQUIRE(p.is_legal(m));
        for (Symmetry s = 1; s < kSymmetryCount; ++s) {
            const Move image = policy->choose(Game(transform(s, p)));
            CHECK(book_key(transform(s, p), image.square()) == book_key(p, m.square()));
        }
        game.play_passing_if_needed(m);
    }
    CHECK(plies_in_book >= 10);
}

TEST_CASE("the registry builds book chains and reports a bad book") {
    ScratchFile file("policy-registry.db");
    write_test_book(file.path());
    PolicyOptions options;
    options.book_path = file.str();
    CHECK(make_policy("book,mobility", options)->choose(Game::from_transcript("f5d6")) ==
          Move(sq("c3")));
    CHECK(make_policy("book,random", options)->choose(Game::from_transcript("f5d6")) ==
          Move(sq("c3")));
    options.book_path = "/nonexistent/book.db";
    CHECK_THROWS_WITH_AS(make_policy("book,mobility", options),
                         "/nonexistent/book.db: no such opening book", BookError);
}
