// The othello-book tool as a real process: build, show, stats, refused files, and imports that
// fail or are killed before COMMIT leaving the previous book intact.
#include <doctest/doctest.h>
#include <sys/wait.h>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>

#include "engine/book/opening_book.h"
#include "engine/book/sqlite_database.h"
#include "engine/game.h"
#include "tests/engine/book/book_test_support.h"
#include "tests/support/gtp_test_client.h"
#include "tests/support/programs.h"

using namespace othello;
using testing::ScratchFile;

namespace {

struct Run {
    int status;  // as from waitpid
    std::string out;
    std::string err;
};

// Runs othello-book with `args` (already quoted where needed), capturing both outputs.
Run othello_book(const std::string& args) {
    ScratchFile out("tool-out.txt"), err("tool-err.txt");
    const std::string command = othello::testing::program_dir() + "/othello-book " + args + " >" +
                                out.str() + " 2>" + err.str();
    Run run{std::system(command.c_str()), {}, {}};
    std::stringstream o, e;
    o << std::ifstream(out.path()).rdbuf();
    e << std::ifstream(err.path()).rdbuf();
    run.out = o.str();
    run.err = e.str();
    return run;
}

bool exited_ok(const Run& r) {
    return WIFEXITED(r.status) && WEXITSTATUS(r.status) == 0;
}

const std::string kNamed = testing::test_data("openings/named-openings.tsv");
const std::string kWthor1980 = testing::test_data("wthor/WTH_1980.wtb");

}  // namespace

TEST_CASE("build, show and stats") {
    ScratchFile book("tool.db");
    const Run built = othello_book("build --book " + book.str() + " --lines " + kNamed +
                                   " --wthor " + kWthor1980 + " --depth 20 --min-games 2");
    REQUIRE(exited_ok(built));
    CHECK(built.out.find("71 lines") != std::string::npos);

    const Run shown = othello_book("show --book " + book.str() + " F5D6C3D3");
    REQUIRE(exited_ok(shown));
    CHECK(shown.out.find("c4") != std::string::npos);
    CHECK(shown.out.find("Tiger") != std::string::npos);

    const Run out_of_book = othello_book("show --book " + book.str() + " f5d6c3d3c4f4f6f3e6e7d7c6");
    REQUIRE(exited_ok(out_of_book));
    CHECK(out_of_book.out.find("not in book") != std::string::npos);

    const Run stats = othello_book("stats --book " + book.str());
    REQUIRE(exited_ok(stats));
    CHECK(stats.out.find("(71 named)") != std::string::npos);
    CHECK(stats.out.find("schema       version 2") != std::string::npos);

    const Run bad_transcript = othello_book("show --book " + book.str() + " f5f5");
    CHECK(WEXITSTATUS(bad_transcript.status) == 1);
    CHECK(bad_transcript.err.find("f5") != std::string::npos);
}

TEST_CASE("evaluate values the book and lines lists distinct book openings") {
    ScratchFile book("tool-evaluate.db");
    REQUIRE(exited_ok(othello_book("build --book " + book.str() + " --wthor " + kWthor1980 +
                                   " --depth 8 --min-games 4")));
    const Run evaluated = othello_book("evaluate --book " + book.str() + " --depth 2");
    REQUIRE(exited_ok(evaluated));
    CHECK(evaluated.out.find("positions valued") != std::string::npos);
    CHECK(evaluated.out.find("start position value") != std::string::npos);
    const Run shown = othello_book("show --book " + book.str() + " f5");
    REQUIRE(exited_ok(shown));
    CHECK(shown.out.find("       -  ") == std::string::npos);  // every move has a value

    // Evaluating again replaces the values: as many rows, one alternative per position at most.
    const auto rows = [&] {
        SqliteDatabase db(book.str(), SqliteDatabase::Mode::ReadOnly);
        return db.query_int("SELECT count(*) FROM book_moves");
    };
    const auto before = rows();
    REQUIRE(exited_ok(othello_book("evaluate --book " + book.str() + " --depth 1")));
    CHECK(rows() == before);
    {
        SqliteDatabase db(book.str(), SqliteDatabase::Mode::ReadOnly);
        CHECK(db.query_int("SELECT count(*) FROM book_moves WHERE value IS NULL") == 0);
        CHECK(db.query_int("SELECT max(n) FROM (SELECT count(*) AS n FROM book_moves WHERE "
                           "comment = 'searched alternative' GROUP BY player, opponent)") == 1);
    }
    // An import after evaluate warns that the values are stale.
    const Run imported = othello_book("import --book " + book.str() + " --lines " + kNamed);
    REQUIRE(exited_ok(imported));
    CHECK(imported.err.find("values predate this import") != std::string::npos);
    CHECK(evaluated.out.find("alternatives stored    ") != std::string::npos);
    CHECK(evaluated.out.find("alternatives stored    0 ") == std::string::npos);

    const Run lines = othello_book("lines --book " + book.str() + " --plies 6 --count 5");
    REQUIRE(exited_ok(lines));
    std::istringstream in(lines.out);
    std::set<std::uint64_t> seen;  // distinct positions up to symmetry
    OpeningBook opened(book.path(), OpeningBook::Access::Read);
    for (std::string line; std::getline(in, line);) {
        const Game listed_line = Game::from_transcript(line);
        Game game;
        for (const Move m : listed_line.moves()) {
            bool listed = false;
            for (const BookMove& b : opened.lookup(game.current()))
                listed = listed || (b.move == m.square() && b.stats.games >= 4);
            CHECK_MESSAGE(listed, line);
            game.play(m);
        }
        CHECK(game.moves().size() == 6);
        CHECK(seen.insert(canonical_hash(game.current())).second);
    }
    CHECK(seen.size() == 5);
    // Asking for more than the book holds lists what there is and says so.
    const Run few = othello_book("lines --book " + book.str() + " --plies 2 --count 50");
    REQUIRE(exited_ok(few));
    // f5 d6, f5 f4 and f5 f6 (every first move is a mirror image of f5)
    CHECK(std::count(few.out.begin(), few.out.end(), '\n') == 3);
    CHECK(few.err.find("only 3 distinct positions") != std::string::npos);
}

TEST_CASE("a book that cannot be created says so") {
    const Run r = othello_book("build --book /nonexistent-folder/book.db --lines " + kNamed);
    CHECK(WEXITSTATUS(r.status) == 1);
    CHECK(r.err.find("/nonexistent-folder/book.db.building: cannot open") != std::string::npos);
}

TEST_CASE("a file that is not a book is refused by every command") {
    ScratchFile text("tool-text.db");
    text.write("just some text, long enough to look like it could be a header of a file\n");
    for (const std::string command : {"show", "stats", "import"}) {
        CAPTURE(command);
        const Run r = othello_book(command + " --book " + text.str());
        CHECK(WEXITSTATUS(r.status) == 1);
        CHECK(r.err.find(text.str()) != std::string::npos);
        CHECK(r.err.find("not a database") != std::string::npos);
    }
}

TEST_CASE("an import killed before COMMIT leaves the previous book intact") {
    ScratchFile book("tool-kill.db");
    REQUIRE(exited_ok(othello_book("build --book " + book.str() + " --lines " + kNamed)));
    const std::string before = othello_book("stats --book " + book.str()).out;

    const Run killed = othello_book("import --book " + book.str() + " --wthor " + kWthor1980 +
                                    " --test-kill-before-commit");
    // std::system runs a shell, which reports the child's death by signal as exit 128 + signal.
    const bool died_by_kill =
        (WIFSIGNALED(killed.status) && WTERMSIG(killed.status) == SIGKILL) ||
        (WIFEXITED(killed.status) && WEXITSTATUS(killed.status) == 128 + SIGKILL);
    REQUIRE(died_by_kill);
    CHECK(othello_book("stats --book " + book.str()).out == before);
    {
        OpeningBook reopened(book.path(), OpeningBook::Access::Read);
        CHECK(reopened.summary().imports.size() == 1);
    }

    // A new build killed the same way leaves the old file where it was.
    const Run rebuild = othello_book("build --book " + book.str() + " --wthor " + kWthor1980 +
                                     " --test-kill-before-commit");
    CHECK_FALSE(exited_ok(rebuild));
    CHECK(othello_book("stats --book " + book.str()).out == before);

    // A later build is not confused by what the killed one left behind (file and hot journal).
    ScratchFile rebuilt("tool-kill-rebuilt.db");
    REQUIRE_FALSE(exited_ok(othello_book("build --book " + rebuilt.str() + " --lines " + kNamed +
                                         " --test-kill-before-commit")));
    REQUIRE(exited_ok(othello_book("build --book " + rebuilt.str() + " --lines " + kNamed)));
    {
        OpeningBook fresh(rebuilt.path(), OpeningBook::Access::Read);
        CHECK(fresh.summary().named_moves == 71);
        CHECK(fresh.summary().imports.size() == 1);
    }

    // And the import, not killed, goes through.
    REQUIRE(exited_ok(othello_book("import --book " + book.str() + " --wthor " + kWthor1980)));
    OpeningBook grown(book.path(), OpeningBook::Access::Read);
    CHECK(grown.summary().imports.size() == 2);
}

TEST_CASE("an import with a bad file fails naming it and writes nothing") {
    ScratchFile book("tool-fail.db");
    REQUIRE(exited_ok(othello_book("build --book " + book.str() + " --lines " + kNamed)));
    const std::string before = othello_book("stats --book " + book.str()).out;
    ScratchFile bad("tool-bad-lines.txt");
    bad.write("f5d6c3\ne6f4e3\nf5d6c3d3c4\nf5 d6 c3 x9\n");
    const Run r = othello_book("import --book " + book.str() + " --wthor " + kWthor1980 +
                               " --lines " + bad.str());
    CHECK(WEXITSTATUS(r.status) == 1);
    CHECK(r.err.find(bad.str() + ":4:") != std::string::npos);
    CHECK(othello_book("stats --book " + book.str()).out == before);
}

TEST_CASE("simulated games between registered policies") {
    ScratchFile book("tool-simulated.db");
    const Run r = othello_book("build --book " + book.str() +
                               " --simulate 50 --black mobility --white random --depth 4");
    REQUIRE(exited_ok(r));
    CHECK(r.out.find("simulated 50 games, mobility (black) vs random (white)") !=
          std::string::npos);
    OpeningBook built(book.path(), OpeningBook::Access::Read);
    const BookSummary s = built.summary();
    CHECK(s.start_games == 50);
    CHECK(s.deepest_ply == 3);
    const Run bad = othello_book("build --book " + book.str() + " --simulate 5 --black nonsense");
    CHECK(WEXITSTATUS(bad.status) == 1);
    CHECK(bad.err.find("unknown policy 'nonsense'") != std::string::npos);
}

TEST_CASE("the engine process plays and analyses from the book over GTP") {
    ScratchFile book("tool-engine.db");
    REQUIRE(exited_ok(othello_book("build --book " + book.str() + " --wthor " + kWthor1980 +
                                   " --depth 10 --min-games 4")));
    ScratchFile input("engine-input.txt"), output("engine-output.txt"), errors("engine-errors.txt");
    input.write("play b f5\nothello-evaluate\ngenmove w\nquit\n");
    const std::string engine = othello::testing::program_dir() + "/othello-engine";
    const int status = std::system((engine + " --policy book,mobility --book " + book.str() + " <" +
                                    input.str() + " >" + output.str() + " 2>" + errors.str())
                                       .c_str());
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);
    std::stringstream text;
    text << std::ifstream(output.path()).rdbuf();
    CAPTURE(text.str());
    CHECK(text.str().find(" book: ") != std::string::npos);
    CHECK(text.str().find(" games, ") != std::string::npos);

    const int refused = std::system((engine + " --policy book --book " + input.str() +
                                     " </dev/null >" + output.str() + " 2>" + errors.str())
                                        .c_str());
    CHECK(WEXITSTATUS(refused) != 0);
    std::stringstream error;
    error << std::ifstream(errors.path()).rdbuf();
    CHECK(error.str().find(input.str() + ": not an opening book") != std::string::npos);
}

TEST_CASE("a book damaged while the engine runs: one warning, then the fallback plays on") {
    ScratchFile book("tool-damaged.db"), errors("damaged-errors.txt");
    REQUIRE(exited_ok(othello_book("build --book " + book.str() + " --wthor " + kWthor1980 +
                                   " --depth 10 --min-games 4")));
    testing::GtpProcess engine(testing::engine_path(),
                               {"--policy", "book,mobility", "--book", book.str()}, errors.str());
    const auto send = [&](const std::string& command) { return engine.send(command); };
    REQUIRE(send("name") == "= othello book,mobility\n");  // the book is open; no move read yet
    // Overwrite every page after the first (the header and schema stay, the moves are garbage).
    const auto size = std::filesystem::file_size(book.path());
    REQUIRE(size > 8192);
    {
        std::fstream file(book.path(), std::ios::in | std::ios::out | std::ios::binary);
        file.seekp(4096);
        for (std::uintmax_t i = 4096; i < size; ++i) file.put(static_cast<char>(i * 131 % 251));
    }
    CHECK(send("play b f5") == "=\n");
    const std::string evaluation = send("othello-evaluate");
    CHECK(evaluation.rfind("= ", 0) == 0);
    CHECK(evaluation.find("book") == std::string::npos);  // the mobility policy's scores
    for (int i = 0; i < 6; ++i) CHECK(send(i % 2 ? "genmove b" : "genmove w").rfind("= ", 0) == 0);
    CHECK(send("quit") == "=\n");
    CHECK(engine.process().wait() == 0);
    std::stringstream text;
    text << std::ifstream(errors.path()).rdbuf();
    CAPTURE(text.str());
    const std::string warning = "warning: the opening book failed, playing on without it: ";
    CHECK(text.str().find(warning + book.str()) != std::string::npos);
    CHECK(text.str().find(warning) == text.str().rfind(warning));  // once
}

TEST_CASE("every subcommand answers --help with its usage and options") {
    for (const std::string command :
         {"build", "import", "show", "stats", "bench", "evaluate", "lines"}) {
        CAPTURE(command);
        const Run run = othello_book(command + " --help");
        CHECK(exited_ok(run));
        CHECK(run.out.rfind("Usage: othello-book " + command, 0) == 0);
        CHECK(run.out.find("--book") != std::string::npos);
        CHECK(run.err.empty());
    }
    CHECK(othello_book("build --help").out.find("--wthor") != std::string::npos);
    CHECK(othello_book("bench -h").out.find("--walks") != std::string::npos);
}

TEST_CASE("a directory given as a book or weights file is called one") {
    const std::string folder = std::filesystem::temp_directory_path().string();
    const Run stats = othello_book("stats --book " + folder);
    CHECK(WEXITSTATUS(stats.status) == 1);
    CHECK(stats.err == "othello-book stats: " + folder + ": not a regular file (a folder)\n");
    const std::string engine = othello::testing::program_dir() + "/othello-engine";
    CHECK(testing::run_with_input(
              "/bin/sh", {"-c", "\"$0\" --policy book --book \"$1\" 2>&1", engine, folder}, "") ==
          "othello-engine: " + folder + ": not a regular file (a folder)\n");
    CHECK(testing::run_with_input(
              "/bin/sh", {"-c", "\"$0\" --policy regression --weights \"$1\" 2>&1", engine, folder},
              "") == "othello-engine: " + folder + ": not a regular file (a folder)\n");
}
