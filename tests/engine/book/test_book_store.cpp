// The book store: symmetry of keys and lookups, round trips of named openings and WTHOR games,
// refusal of files that are not books, transactional imports.
#include <doctest/doctest.h>

#include <cctype>
#include <map>
#include <set>

#include "engine/book/book_import.h"
#include "engine/book/opening_book.h"
#include "engine/wthor.h"
#include "tests/engine/book/book_test_support.h"
#include "tests/support/test_support.h"

using namespace othello;
using testing::ScratchFile;
using testing::sq;

namespace {

Position after(const std::string& transcript) {
    return Game::from_transcript(transcript).current();
}

std::set<int> squares_of(const std::vector<BookMove>& moves) {
    std::set<int> out;
    for (const auto& m : moves) out.insert(m.move.index());
    return out;
}

std::string to_upper(std::string s) {
    for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

std::set<int> squares_of_board(Bitboard b) {
    std::set<int> out;
    for (int i : Bits(b)) out.insert(i);
    return out;
}

}  // namespace

TEST_CASE("equivalent moves of a symmetric position share one key") {
    // The four first moves are one move; after f5 the three replies are three openings.
    const Position start = Position::start();
    CHECK(stabilizer(start) ==
          0b10011001u);  // symmetries 0, 3, 4, 7: identity, half turn, both diagonals
    CHECK(book_key(start, sq("f5")) == book_key(start, sq("d3")));
    CHECK(book_key(start, sq("f5")) == book_key(start, sq("c4")));
    CHECK(book_key(start, sq("f5")) == book_key(start, sq("e6")));
    const Position f5 = after("f5");
    CHECK_FALSE(book_key(f5, sq("d6")) == book_key(f5, sq("f4")));
    CHECK_FALSE(book_key(f5, sq("d6")) == book_key(f5, sq("f6")));
    // A position without symmetry keeps its moves apart.
    const Position tiger = after("f5d6c3d3");
    CHECK(stabilizer(canonical_form(tiger).position) == 1u);
    CHECK_FALSE(book_key(tiger, sq("c4")) == book_key(tiger, sq("c5")));
}

TEST_CASE("every one of the 8 images of a position returns the transformed book move") {
    ScratchFile file("images.db");
    BookBuilder builder;
    builder.add_line(Game::from_transcript("f5d6c3d3c4"), "Tiger");
    {
        OpeningBook book(file.path(), OpeningBook::Access::Write);
        book.add(builder.entries(1), "test");
    }
    OpeningBook book(file.path(), OpeningBook::Access::Read);
    const Position p = after("f5d6c3d3");
    for (Symmetry s = 0; s < kSymmetryCount; ++s) {
        CAPTURE(s);
        const auto moves = book.lookup(transform(s, p));
        REQUIRE(moves.size() == 1);
        CHECK(moves[0].move == transform(s, sq("c4")));
        CHECK(moves[0].name == "Tiger");
    }
    // The start is symmetric: its images each list all four first moves, which share one row.
    for (Symmetry s = 0; s < kSymmetryCount; ++s) {
        CAPTURE(s);
        const Position image = transform(s, Position::start());
        const auto moves = book.lookup(image);
        CHECK(squares_of(moves) == squares_of_board(image.legal_moves()));
        CHECK(moves.size() == 4);
    }
}

TEST_CASE("lookups commute with symmetry over a book of random games") {
    ScratchFile file("random.db");
    BookBuilder builder;
    import_simulated_games(builder, 300, 12, 5);
    {
        OpeningBook book(file.path(), OpeningBook::Access::Write);
        book.add(builder.entries(1), "test");
    }
    OpeningBook book(file.path(), OpeningBook::Access::Read);
    OpeningBook locked(file.path(), OpeningBook::Access::ReadLocked);
    Rng rng(9);
    int in_book = 0;
    for (int g = 0; g < 60; ++g) {
        Position p = Position::start();
        for (int ply = 0; ply < 12 && p.has_legal_move(); ++ply) {
            const auto moves = book.lookup(p);
            in_book += !moves.empty();
            REQUIRE(squares_of(locked.lookup(p)) == squares_of(moves));
            for (Symmetry s = 1; s < kSymmetryCount; ++s) {
                const auto image = book.lookup(transform(s, p));
                REQUIRE(image.size() == moves.size());
                std::map<int, std::int64_t> expected, got;
                for (const auto& m : moves)
                    expected[transform(s, m.move).index()] =
                        m.stats.disc_sum * 1000 + m.stats.games;
                for (const auto& m : image)
                    got[m.move.index()] = m.stats.disc_sum * 1000 + m.stats.games;
                REQUIRE(expected == got);
            }
            p = p.play_unchecked(Square::from_index(rng.pick_bit(p.legal_moves())));
        }
    }
    CHECK(in_book > 60);
}

TEST_CASE("named openings round-trip: the last move of each line carries its name") {
    ScratchFile file("named.db");
    const std::string tsv = testing::test_data("openings/named-openings.tsv");
    BookBuilder builder;
    CHECK(import_lines(builder, tsv) == 71);
    {
        OpeningBook book(file.path(), OpeningBook::Access::Write);
        book.add(builder.entries(1), "named openings");
    }
    OpeningBook book(file.path(), OpeningBook::Access::Read);
    // Lines that end in the same (position, move) up to symmetry keep the last name read.
    std::map<std::tuple<Bitboard, Bitboard, int>, std::string> expected;
    std::vector<std::pair<Game, std::string>> lines;
    std::ifstream in(tsv);
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        const auto tab = line.find('\t');
        Game game = Game::from_transcript(line.substr(0, tab));
        const BookKey key =
            book_key(game.positions()[game.moves().size() - 1], game.moves().back().square());
        expected[{key.player, key.opponent, key.move.index()}] = line.substr(tab + 1);
        lines.emplace_back(std::move(game), line.substr(tab + 1));
    }
    REQUIRE(lines.size() == 71);
    for (const auto& [game, name] : lines) {
        CAPTURE(name);
        const Position before = game.positions()[game.moves().size() - 1];
        const Square last = game.moves().back().square();
        const BookKey key = book_key(before, last);
        bool found = false;
        for (const BookMove& m : book.lookup(before)) {
            if (m.move != last) continue;
            found = true;
            CHECK(m.name == expected[{key.player, key.opponent, key.move.index()}]);
            CHECK(m.stats.games == 0);
        }
        CHECK(found);
        // Every earlier move of the line is in the book too.
        for (std::size_t i = 0; i + 1 < game.moves().size(); ++i) {
            CHECK(squares_of(book.lookup(game.positions()[i]))
                      .count(game.moves()[i].square().index()) == 1);
        }
    }
    CHECK(book.summary().named_moves == static_cast<std::int64_t>(expected.size()));
}

TEST_CASE("WTHOR games round-trip with their outcomes") {
    ScratchFile file("wthor.db");
    const auto files = std::vector<std::filesystem::path>{testing::test_data("wthor/WTH_1980.wtb")};
    BookBuilder builder;
    const WthorImportReport report = import_wthor(builder, files, 60);
    const WthorFile wthor = read_wthor(files[0]);
    REQUIRE(report.games == static_cast<std::int64_t>(wthor.games.size()));
    {
        OpeningBook book(file.path(), OpeningBook::Access::Write);
        book.add(builder.entries(1), "wthor 1980");
    }
    OpeningBook book(file.path(), OpeningBook::Access::Read);
    // The start position's one row counts every game, with black's outcomes.
    BookStats black;
    for (const WthorGame& record : wthor.games) {
        const Game game = replay(record);
        black.add_outcome(game.is_over() ? game.current().final_disc_difference(Color::Black)
                                         : 2 * record.black_discs - 64);
        // Every move of every game (up to the depth of 60 plies, passes counted) is found.
        for (std::size_t i = 0; i < std::min<std::size_t>(game.moves().size(), 60); ++i) {
            if (game.moves()[i].is_pass()) continue;
            const auto moves = book.lookup(game.positions()[i]);
            CAPTURE(i);
            CAPTURE(game.transcript());
            REQUIRE(squares_of(moves).count(game.moves()[i].square().index()) == 1);
        }
    }
    const auto root = book.lookup(Position::start());
    REQUIRE(root.size() == 4);
    CHECK(root[0].stats.games == black.games);
    CHECK(root[0].stats.wins == black.wins);
    CHECK(root[0].stats.draws == black.draws);
    CHECK(root[0].stats.losses == black.losses);
    CHECK(root[0].stats.disc_sum == black.disc_sum);
    // Whole games: the final move of a 60-move game is at ply 59.
    CHECK(book.summary().deepest_ply == 59);
}

TEST_CASE("transcript game files count each game with its final outcome") {
    ScratchFile games("games.txt");
    Rng rng(21);
    std::string text = "# two random games\n";
    BookStats expected;
    for (int g = 0; g < 2; ++g) {
        Game game;
        while (!game.is_over()) {
            const Bitboard moves = game.current().legal_moves();
            game.play_passing_if_needed(Square::from_index(
                rng.pick_bit(moves ? moves : game.current().pass().legal_moves())));
        }
        expected.add_outcome(game.current().final_disc_difference(Color::Black));
        text += (g == 0 ? game.transcript() : to_upper(game.transcript())) + "\n";
    }
    games.write(text);
    BookBuilder builder;
    CHECK(import_transcript_games(builder, games.path(), 20) == 2);
    const auto entries = builder.entries(2);
    REQUIRE(entries.size() == 1);  // only the first move is shared by two random games
    CHECK(entries[0].stats.games == 2);
    CHECK(entries[0].stats.disc_sum == expected.disc_sum);
    CHECK(entries[0].stats.wins == expected.wins);
}

TEST_CASE("the minimum game count drops rare moves but keeps opening lines") {
    BookBuilder builder;
    import_simulated_games(builder, 2, 60, 3);
    CHECK(builder.games_added() == 2);
    const auto all = builder.entries(1);
    const auto kept = builder.entries(2);
    CHECK(kept.size() < all.size());
    // Every first move is one move up to symmetry: both games share the start row.
    const BookKey start = book_key(Position::start(), sq("f5"));
    bool has_start = false;
    for (const BookEntry& e : kept) {
        CHECK(e.stats.games == 2);
        has_start |= e.key == start;
    }
    CHECK(has_start);
    builder.add_line(Game::from_transcript("f5d6c3d3c4f4"));
    CHECK(builder.entries(2).size() >= kept.size() + 1);
}

TEST_CASE("files that are not books are refused with the reason") {
    auto message = [](const std::filesystem::path& path, OpeningBook::Access access) {
        try {
            OpeningBook book(path, access);
        } catch (const BookError& e) {
            return std::string(e.what());
        }
        return std::string("opened");
    };
    ScratchFile missing("missing.db");
    CHECK(message(missing.path(), OpeningBook::Access::Read).find("no such opening book") !=
          std::string::npos);

    ScratchFile text("text.db");
    text.write(
        "f5d6c3\tTiger\nthis is not a database at all, just some text long enough for a header\n");
    const std::string not_sqlite = message(text.path(), OpeningBook::Access::Read);
    CHECK(not_sqlite.find(text.str()) != std::string::npos);
    CHECK(not_sqlite.find("not a database") != std::string::npos);
    CHECK(message(text.path(), OpeningBook::Access::Write).find("not a database") !=
          std::string::npos);

    ScratchFile other("other.db");
    {
        SqliteDatabase db(other.str(), SqliteDatabase::Mode::ReadWriteCreate);
        db.exec("CREATE TABLE players (name TEXT)");
    }
    const std::string foreign = message(other.path(), OpeningBook::Access::Write);
    CHECK(foreign.find(other.str() + ": not an opening book") != std::string::npos);

    ScratchFile future("future.db");
    { OpeningBook book(future.path(), OpeningBook::Access::Write); }
    {
        SqliteDatabase db(future.str(), SqliteDatabase::Mode::ReadWriteCreate);
        db.exec("PRAGMA user_version = 99");
    }
    const std::string version = message(future.path(), OpeningBook::Access::Read);
    CHECK(version.find("schema version 99") != std::string::npos);
    CHECK(version.find("reads version 2") != std::string::npos);
}

TEST_CASE("bad import lines name the file and line") {
    ScratchFile lines("bad-lines.txt");
    lines.write("# openings\nf5d6c3\tTiger start\n\nF5D6C3D3C4\tTiger\nf5d6z9\tBroken\n");
    BookBuilder builder;
    try {
        import_lines(builder, lines.path());
        FAIL("no error");
    } catch (const BookImportError& e) {
        const std::string what = e.what();
        CHECK(what.find(lines.str() + ":5:") == 0);
        CHECK(what.find("z9") != std::string::npos);
    }
    ScratchFile illegal("illegal-lines.txt");
    illegal.write("f5f5\n");
    CHECK_THROWS_WITH_AS(import_lines(builder, illegal.path()),
                         doctest::Contains((illegal.str() + ":1:").c_str()), BookImportError);
    ScratchFile unfinished("unfinished-games.txt");
    unfinished.write("f5d6c3d3c4\n");
    CHECK_THROWS_WITH_AS(
        import_transcript_games(builder, unfinished.path(), 20),
        doctest::Contains((unfinished.str() + ":1: the game is not finished").c_str()),
        BookImportError);
    CHECK_THROWS_WITH_AS(import_lines(builder, "/nonexistent/lines.txt"),
                         doctest::Contains("cannot open"), BookImportError);
}

TEST_CASE("a failing write leaves the book as it was") {
    ScratchFile file("rollback.db");
    BookBuilder first;
    first.add_line(Game::from_transcript("f5d6c3d3c4"), "Tiger");
    {
        OpeningBook book(file.path(), OpeningBook::Access::Write);
        book.add(first.entries(1), "first");
    }
    BookBuilder second;
    second.add_line(Game::from_transcript("f5f6e6f4"), "Second");
    {
        OpeningBook book(file.path(), OpeningBook::Access::Write);
        CHECK_THROWS_AS(
            book.add(second.entries(1), "second", [] { throw std::runtime_error("disk full"); }),
            std::runtime_error);
    }
    OpeningBook book(file.path(), OpeningBook::Access::Read);
    const BookSummary s = book.summary();
    CHECK(s.moves == 5);
    CHECK(s.imports.size() == 1);
    CHECK(book.lookup(after("f5f6e6")).empty());
}
