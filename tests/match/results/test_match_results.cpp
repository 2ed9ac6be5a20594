// Results you can trust, through the real othello-match: a failing in-process policy costs its
// game and nothing else, policy specs take the engine's data options, and bad inputs are named.
#include <doctest/doctest.h>
#include <sys/mount.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <vector>

#include "engine/book/sqlite_database.h"
#include "tests/match/match_test_support.h"
#include "tests/support/programs.h"

namespace fs = std::filesystem;
using namespace othello::testing;

namespace {

const std::string kBook = OTHELLO_SOURCE_DIR "/data/book.db";

}  // namespace

TEST_CASE(
    "a book that fails at lookup in the middle of a match costs nothing: no abort, one "
    "warning, every game played") {
    // Before: the SQLite error escaped the worker thread and the runner died by SIGABRT with no
    // results and no table. Now the book policy falls back to the next policy in its chain (with
    // one warning) and anything else a policy throws is that game's "policy error" forfeit
    // (tests/match/run/test_match_referee.cpp, through the referee the runner uses).
    const fs::path dir = temp_dir("match_policy_error");
    // A real book whose rows from the third ply on raise an SQLite error when read: the book
    // opens and plays its first move, then every lookup fails, as a damaged file would.
    fs::copy_file(kBook, dir / "bad.db");
    {
        othello::SqliteDatabase db((dir / "bad.db").string(),
                                   othello::SqliteDatabase::Mode::ReadWriteCreate);
        db.exec("ALTER TABLE book_moves RENAME TO book_rows");
        db.exec(
            "CREATE VIEW book_moves AS SELECT * FROM book_rows "
            "WHERE CASE WHEN ply >= 3 THEN abs(-9223372036854775808) ELSE 1 END");
    }
    const Run run = run_match(
        "--engine book=bad.db,name=damaged,policy:book --engine policy:random --openings start "
        "--games 6 --concurrency 2 --results r.json",
        dir);
    CAPTURE(run.err);
    CHECK(run.status == 0);
    CHECK(run.err.find("failed to start") == std::string::npos);
    CHECK(run.err.find("integer overflow") != std::string::npos);
    CHECK(run.err.find("warning") == run.err.rfind("warning"));              // said once
    CHECK(run.out.find("damaged vs random: 6 games") != std::string::npos);  // the table
    const auto results = read_json(dir / "r.json");
    REQUIRE(results.at("games").size() == 6);
    for (const auto& g : results.at("games")) {
        CAPTURE(g.dump());
        CHECK(g.at("reason") == "normal");
    }
    fs::remove_all(dir);
}

TEST_CASE("policy specs take book=, weights=, temperature= and book-randomness=") {
    const fs::path dir = temp_dir("match_policy_options");
    SUBCASE("weights= loads the file given, temperature= samples moves") {
        const auto games = [&](const std::string& spec) {
            const Run run = run_match("--engine " + spec +
                                          " --engine policy:regression --openings start --games 8 "
                                          "--results r.json --overwrite",
                                      dir);
            CAPTURE(run.err);
            REQUIRE(run.status == 0);
            const auto results = read_json(dir / "r.json");
            std::vector<std::string> moves;
            for (const auto& g : results.at("games")) moves.push_back(g.at("moves"));
            return moves;
        };
        const auto plain = games("policy:regression");
        CHECK(games("weights=" OTHELLO_SOURCE_DIR "/data/weights.bin,policy:regression") == plain);
        CHECK(games("temperature=0,policy:regression") == plain);
        // Seeded ties aside, the plain policy repeats itself; sampling at temperature 3 does not.
        const auto sampled = games("temperature=3,policy:regression");
        CHECK(std::set<std::string>(plain.begin(), plain.end()).size() < 8);
        CHECK(std::set<std::string>(sampled.begin(), sampled.end()).size() == 8);
    }
    SUBCASE("book-randomness makes the book vary its openings") {
        const Run run = run_match(
            "--engine book-randomness=4,book=" + kBook +
                ",policy:book,mobility --engine policy:mobility --openings start --games 8 "
                "--results r.json",
            dir);
        CAPTURE(run.err);
        REQUIRE(run.status == 0);
        const auto results = read_json(dir / "r.json");
        std::set<std::string> moves;
        for (const auto& g : results.at("games")) moves.insert(g.at("moves"));
        CHECK(moves.size() > 2);
    }
    SUBCASE("data files that cannot be loaded are named before any game") {
        Run run = run_match(
            "--engine weights=missing.bin,policy:regression --engine policy:random "
            "--results r.json",
            dir);
        CHECK(run.status == 2);
        CHECK(run.err.find("missing.bin") != std::string::npos);
        CHECK_FALSE(fs::exists(dir / "r.json"));
        run = run_match("--engine book=nothing.db,policy:book --engine policy:random", dir);
        CHECK(run.status == 2);
        CHECK(run.err.find("nothing.db: no such opening book") != std::string::npos);
        run = run_match("--engine temperature=hot,policy:regression --engine policy:random", dir);
        CHECK(run.status == 2);
        CHECK(run.err.find("temperature 'hot' is not a number >= 0") != std::string::npos);
        run = run_match("--engine book=x.db,cmd:true --engine policy:random", dir);
        CHECK(run.status == 2);
        CHECK(run.err.find("book= is for policy: engines") != std::string::npos);
    }
    fs::remove_all(dir);
}

TEST_CASE("an openings file that is a directory is named as one") {
    const fs::path dir = temp_dir("match_openings_dir");
    fs::create_directories(dir / "book-lines");
    const Run run =
        run_match("--engine policy:random --engine policy:random --openings book-lines", dir);
    CHECK(run.status == 2);
    CHECK(run.err == "othello-match: openings file 'book-lines' is a directory\n");
    fs::remove_all(dir);
}

TEST_CASE("unwritable outputs are refused before the first game") {
    const fs::path dir = temp_dir("match_outputs");
    fs::create_directories(dir / "a-folder");
    const std::string engines = "--engine policy:random --engine policy:random --games 2 ";
    Run run = run_match(engines + "--results a-folder", dir);
    CHECK(run.status == 2);
    CHECK(run.err == "othello-match: --results 'a-folder': is a directory\n");
    CHECK(run.out.empty());  // no game was played: no table
    run = run_match(engines + "--records no/such/folder/games.txt", dir);
    CHECK(run.status == 2);
    CHECK(run.err ==
          "othello-match: --records 'no/such/folder/games.txt': folder 'no/such/folder' does not "
          "exist\n");
    // A folder nobody may write in (root included): a read-only bind of the folder would need
    // privileges, so /proc, which refuses new files to everyone, stands in.
    run = run_match(engines + "--results /proc/results.json", dir);
    CHECK(run.status == 2);
    CHECK(
        run.err.starts_with("othello-match: --results '/proc/results.json': cannot create a "
                            "file there: "));
    CHECK(run.out.empty());
    CHECK(fs::is_empty(dir / "a-folder"));
    fs::remove_all(dir);
}

namespace {

// A tmpfs of `size` mounted on `folder` for the test's lifetime; mounted() false when this process
// may not mount (not root, or a container without the privilege).
class SmallDisk {
  public:
    SmallDisk(fs::path folder, const std::string& size) : folder_(std::move(folder)) {
        fs::create_directories(folder_);
        const std::string options = "size=" + size;
        if (::mount("tmpfs", folder_.c_str(), "tmpfs", 0, options.c_str()) == 0)
            mounted_ = true;
        else
            why_ = std::strerror(errno);
    }
    ~SmallDisk() {
        if (mounted_) ::umount2(folder_.c_str(), MNT_DETACH);
    }
    bool mounted() const { return mounted_; }
    const std::string& why_not() const { return why_; }
    bool grow(const std::string& size) {
        const std::string options = "size=" + size;
        return ::mount("tmpfs", folder_.c_str(), "tmpfs", MS_REMOUNT, options.c_str()) == 0;
    }

  private:
    fs::path folder_;
    bool mounted_ = false;
    std::string why_;
};

}  // namespace

TEST_CASE("a full disk: the system's reason, the table still printed, --resume completes it") {
    const fs::path dir = temp_dir("match_disk_full");
    struct RemovedAtEnd {  // destroyed after the disk is unmounted
        fs::path path;
        ~RemovedAtEnd() {
            std::error_code ignored;
            fs::remove_all(path, ignored);
        }
    } removed{dir};
    SmallDisk disk(dir / "disk", "64k");
    if (!disk.mounted()) {
        MESSAGE("skipped: cannot mount a small tmpfs here ("
                << disk.why_not() << "); run as root to test a full disk");
        return;
    }
    const std::string match =
        "--engine policy:random --engine policy:mobility --games 1000 --concurrency 2 "
        "--results disk/r.json";
    Run run = run_match(match, dir);
    CAPTURE(run.err);
    CHECK(run.status == 1);
    CHECK(run.err.find("cannot append to journal 'disk/r.jsonl': No space left on device") !=
          std::string::npos);
    CHECK(run.err.find("Success") == std::string::npos);
    CHECK(run.err.find("--resume completes it") != std::string::npos);
    CHECK(run.out.find("random vs mobility: ") != std::string::npos);  // the table
    // The journal holds whole lines only: the line cut short by the full disk was taken back.
    const std::string journal = slurp(dir / "disk" / "r.jsonl");
    REQUIRE_FALSE(journal.empty());
    CHECK(journal.back() == '\n');
    std::istringstream lines(journal);
    int kept = 0;  // game lines, after the configuration line
    for (std::string line; std::getline(lines, line);) {
        const auto j = nlohmann::json::parse(line);
        if (j.contains("id")) ++kept;
    }
    CHECK(kept > 10);
    CHECK(kept < 1000);

    REQUIRE(disk.grow("16m"));
    run = run_match(match + " --resume", dir);
    CAPTURE(run.err);
    CHECK(run.status == 0);
    CHECK(run.err.find("Resuming: " + std::to_string(kept) + " games already played.") !=
          std::string::npos);
    const auto results = read_json(dir / "disk" / "r.json");
    std::set<int> ids;
    for (const auto& g : results.at("games")) ids.insert(g.at("id").get<int>());
    CHECK(ids.size() == 1000);
    CHECK(*ids.begin() == 0);
    CHECK(*ids.rbegin() == 999);
    CHECK(results.at("summary").at("games") == 1000);
}

TEST_CASE("three engines or more: a joint rating list, printed and in the JSON results") {
    const fs::path dir = temp_dir("match_ratings");
    Run run = run_match(
        "--engine policy:random --engine policy:mobility --engine policy:regression --games 20 "
        "--results r.json",
        dir);
    CAPTURE(run.err);
    REQUIRE(run.status == 0);
    CHECK(run.out.find("Ratings (joint maximum likelihood over all games, mean 0, 95% error):") !=
          std::string::npos);
    const auto results = read_json(dir / "r.json");
    const auto& ratings = results.at("ratings");
    REQUIRE(ratings.size() == 3);
    double sum = 0;
    std::set<std::string> engines;
    for (std::size_t i = 0; i < ratings.size(); ++i) {
        CHECK(ratings[i].size() == 3);
        engines.insert(ratings[i].at("engine").get<std::string>());
        sum += ratings[i].at("elo").get<double>();
        CHECK(ratings[i].at("error").get<double>() > 0);
        if (i > 0) CHECK(ratings[i - 1].at("elo") >= ratings[i].at("elo"));  // best first
        // The printed row matches the JSON.
        char row[64];
        std::snprintf(row, sizeof row, "%+.1f", ratings[i].at("elo").get<double>());
        CHECK(run.out.find(row) != std::string::npos);
    }
    CHECK(engines == std::set<std::string>{"random", "mobility", "regression"});
    CHECK(std::abs(sum) < 1e-6);
    CHECK(ratings.back().at("engine") == "random");

    run = run_match(
        "--engine policy:random --engine policy:mobility --games 4 --results r.json --overwrite",
        dir);
    CHECK(run.out.find("Ratings") == std::string::npos);
    CHECK_FALSE(read_json(dir / "r.json").contains("ratings"));
    fs::remove_all(dir);
}

TEST_CASE("default openings do not replay one game; repeated games are warned about") {
    const fs::path dir = temp_dir("match_repeats");
    const std::string engines = "--engine policy:regression --engine policy:book,regression ";
    Run run = run_match(engines + "--games 100 --results r.json", dir);
    CAPTURE(run.err);
    REQUIRE(run.status == 0);
    auto results = read_json(dir / "r.json");
    // Out of book the two engines play alike, so the two games of a pair may be the same moves
    // with colours swapped: a fair 1-1. No game repeats with the same colours.
    std::set<std::string> distinct;
    for (const auto& g : results.at("games"))
        distinct.insert(g.at("black").get<std::string>() + " " + g.at("moves").get<std::string>());
    CHECK(distinct.size() == 100);
    CHECK(results.at("summary").at("repeated_games") == 0);
    CHECK(run.err.find("repeat") == std::string::npos);
    CHECK(run.out.find("Warning") == std::string::npos);

    // Both engines are deterministic from the start position: 3 game pairs, played over and over.
    run = run_match(engines + "--games 100 --openings start --results r.json --overwrite", dir);
    REQUIRE(run.status == 0);
    results = read_json(dir / "r.json");
    distinct.clear();
    for (const auto& g : results.at("games"))
        distinct.insert(g.at("black").get<std::string>() + " " + g.at("moves").get<std::string>());
    const long repeated = 100 - static_cast<long>(distinct.size());
    CHECK(repeated > 90);
    CHECK(results.at("summary").at("repeated_games") == repeated);
    CHECK(run.err == "othello-match: warning: " + std::to_string(repeated) +
                         " of 100 games repeat an earlier game between the same engines move for "
                         "move; the statistics treat them as independent (use more openings, e.g. "
                         "--openings balanced or random:K)\n");
    CHECK(run.out.find("  Warning: " + std::to_string(repeated) +
                       " of these 100 games repeat an earlier game move for move") !=
          std::string::npos);
    fs::remove_all(dir);
}

TEST_CASE("a large openings file: only the openings the match needs are read") {
    const fs::path dir = temp_dir("match_large_openings");
    {
        // 300,000 openings and, far beyond what a 4-game match needs, a bad line.
        std::ofstream out(dir / "many.txt");
        const char* lines[] = {"f5d6c3d3c4", "f5f6e6f4e3", "f5d6c5f4e3", "f5f4e3f6d3"};
        for (int i = 0; i < 300000; ++i) out << lines[i % 4] << "\t#" << i << "\n";
        out << "f5d6zz\n";
    }
    const std::string match = "--engine policy:random --engine policy:mobility --games 4 ";
    Run run = run_match(match + "--openings many.txt --results r.json", dir);
    CAPTURE(run.err);
    CHECK(run.status == 0);
    auto results = read_json(dir / "r.json");
    std::set<std::string> openings;
    for (const auto& g : results.at("games")) openings.insert(g.at("opening"));
    CHECK(openings == std::set<std::string>{"f5d6c3d3c4", "f5f6e6f4e3"});  // the first two

    // In random order two lines drawn from the whole file; the bad one was not drawn.
    run = run_match(
        match + "--openings many.txt --openings-order random --results r.json --overwrite", dir);
    CHECK(run.status == 0);
    results = read_json(dir / "r.json");
    CHECK(results.at("games").size() == 4);

    // A bad line among those needed is named with its line number.
    {
        std::ofstream out(dir / "bad.txt");
        out << "f5d6c3d3c4\nf5d6zz\n";
        for (int i = 0; i < 1000; ++i) out << "f5f6e6f4e3\n";
    }
    run = run_match(match + "--openings bad.txt", dir);
    CHECK(run.status == 2);
    CHECK(run.err.starts_with("othello-match: bad.txt:2: bad opening: "));
    fs::remove_all(dir);
}
