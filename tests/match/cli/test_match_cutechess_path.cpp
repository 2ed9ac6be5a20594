// A cutechess-cli user's first runs, through the real othello-match: every refusal of a command
// line said in one run, board openings refused before the match when an engine cannot set a
// board, no files left by a match that played no game, a note when --resign and --draw cannot
// fire, and no note for the fields cutechess writes into every engines file.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "match/players/engine_protocols.h"
#include "tests/match/match_test_support.h"
#include "tests/support/programs.h"

using namespace othello::testing;
namespace fs = std::filesystem;

namespace {

const std::string kBoards = OTHELLO_SOURCE_DIR "/tests/data/positions.obf";

// The files in `dir` other than the streams run_shell keeps there.
std::vector<std::string> files_left(const fs::path& dir) {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(dir)) {
        const std::string name = entry.path().filename().string();
        if (name != "out.txt" && name != "err.txt") names.push_back(name);
    }
    return names;
}

}  // namespace

TEST_CASE("every refusal of a cutechess-cli command line is said in one run") {
    const fs::path dir = temp_dir("cutechess_refusals");
    const Run r = run_othello_match(
        "-engine cmd=" + kEngine + " ponder -engine cmd=" + kEngine +
            " proto=uci -variant atomic -games 2 -pgnout games.pgn min -debug -openings "
            "file=o.epd format=epd --resultss r.json",
        dir);
    CHECK(r.status == 2);
    CHECK(r.err ==
          "othello-match: 7 problems with the command line:\n"
          "  -engine ponder: GTP and NBoard engines are not asked to ponder\n"
          "  -engine proto=uci: a chess protocol; othello-match speaks " +
              othello::engine_protocol_names() +
              "\n"
              "  -variant: chess variants; othello-match plays Othello only\n"
              "  -pgnout: PGN is chess's game format; --records FILE.ggf writes GGF records\n"
              "  -debug: --log FILE writes every line sent to and received from the engines\n"
              "  -openings format=epd: EPD holds chess positions; give OBF lines (format=obf) or "
              "move transcripts (no format=)\n"
              "  unrecognised option '--resultss'\n"
              "(see othello-match --help)\n");
    CHECK(files_left(dir).empty());
    // The rest of the line is read too: its first problem comes with the refusals.
    const Run rest = run_othello_match(
        "-engine cmd=" + kEngine + " ponder -engine cmd=" + kEngine + " -games 2 -concurrency 0",
        dir);
    CHECK(rest.status == 2);
    // Every engine's problem, and each later step's first, in othello-match's own spelling too.
    const Run many = run_othello_match(
        "--engine 'foo=1,policy:random' --engine policy:nosuch --games 0 -pgnout x.pgn", dir);
    CHECK(many.status == 2);
    CHECK(contains(many.err,
                   "othello-match: 4 problems with the command line:\n"
                   "  -pgnout: PGN is chess's game format; --records FILE.ggf writes GGF records\n"
                   "  engine spec 'foo=1,policy:random': unknown option 'foo' (known: "));
    CHECK(contains(many.err, "\n  unknown policy 'nosuch' (known: "));
    CHECK(contains(many.err, "\n  --games must be at least 1\n(see othello-match --help)\n"));
    CHECK(files_left(dir).empty());
    CHECK(contains(rest.err,
                   "othello-match: 2 problems with the command line:\n"
                   "  -engine ponder: GTP and NBoard engines are not asked to ponder\n"
                   "  --concurrency 0: expected 1 to 1024\n"));
    fs::remove_all(dir);
}

TEST_CASE("board openings and an engine that cannot set a board: refused before the match") {
    const fs::path dir = temp_dir("cutechess_boards_refused");
    for (const std::string& line :
         {"--engine 'name=plain,cmd:" + kFake + "' --engine policy:random --openings " + kBoards +
              " --games 2 --results r.json --records r.ggf --log r.log --no-progress",
          // cutechess's spelling, as its users give an OBF file.
          "-engine name=plain cmd=" + kFake + " -engine cmd=" + kEngine + " -openings file=" +
              kBoards + " format=obf -games 2 -epdout final.obf --results r.json --log r.log"}) {
        CAPTURE(line);
        const Run r = run_othello_match(line, dir);
        CHECK(r.status == 2);
        CHECK(contains(r.err,
                       "othello-match: engine 'plain' cannot play the match's board "
                       "openings: it does not know othello-set_position"));
        CHECK(contains(r.err,
                       "no game was played. Give transcript openings instead, which every "
                       "engine plays from the standard start: --openings balanced, or a "
                       "file of move sequences (`othello-match balanced-openings > "
                       "openings.txt`"));
        CHECK(r.out.empty());
        CHECK(files_left(dir).empty());
    }
    // An engine that can set a board plays them.
    const Run played =
        run_match("--engine 'cmd:" + kEngine + "' --engine policy:random --openings " + kBoards +
                      " --games 2 --results r.json",
                  dir);
    INFO(played.err);
    CHECK(played.status == 0);
    CHECK(games_of(dir / "r.json").size() == 2);
    fs::remove_all(dir);
}

TEST_CASE("a match that plays no game leaves no files, so the same line runs again") {
    const fs::path dir = temp_dir("cutechess_no_game");
    const std::string line =
        "--engine policy:random --engine 'name=gone,cmd:/nonexistent/engine' --games 2 "
        "--results r.json --records r.ggf --log r.log --html r.html --positions-out final.obf";
    for (int run = 0; run < 2; ++run) {
        const Run r = run_match(line, dir);
        CHECK(r.status == 1);  // the engine's failure, not an existing r.json
        CHECK(r.out == "No game was played.\n");
        CHECK(contains(r.err, "engine 'gone' failed to start"));
        CHECK(contains(r.err, "othello-match: no game was played, so no output file was kept\n"));
        CHECK(files_left(dir).empty());
    }
    fs::remove_all(dir);
}

TEST_CASE("--resign and --draw with engines that report no evals: a note") {
    const fs::path dir = temp_dir("cutechess_rules_without_evals");
    const std::string fixed = "--games 2 --concurrency 1 --no-progress";
    const std::string note =
        "othello-match: note: --resign and --draw act on the evals engines "
        "report with their moves, which NBoard engines do and GTP engines, "
        "in-process policies and humans do not; ";
    Run r = run_othello_match("--engine policy:mobility --engine policy:random " + fixed +
                                  " --resign moves=3,score=4 --draw moves=8,score=0.1",
                              dir);
    CHECK(r.status == 0);
    CHECK(contains(r.err, note + "'mobility', 'random' report none, so no game of this match can "
                                 "end by --resign and --draw\n"));
    // cutechess's words, centipawns; one engine of two reports evals.
    r = run_othello_match("-engine name=nb cmd=" + kFakeNboard + " proto=nboard -engine cmd=" +
                              kEngine + " name=gtp " + fixed + " -resign movecount=3 score=400",
                          dir);
    CHECK(r.status == 0);
    CHECK(contains(r.err,
                   "othello-match: note: --resign acts on the evals engines report with "
                   "their moves, which NBoard engines do and GTP engines, in-process "
                   "policies and humans do not; 'gtp' reports none, so it never resigns\n"));
    // Every engine reports evals: nothing to say.
    r = run_othello_match("--engine 'name=a,nboard:" + kFakeNboard + "' --engine 'name=b,nboard:" +
                              kFakeNboard + "' " + fixed + " --draw moves=4,score=1",
                          dir);
    CHECK(r.status == 0);
    CHECK(!contains(r.err, "note"));
    fs::remove_all(dir);
}

TEST_CASE("the fields cutechess writes into every engines file get no note at their defaults") {
    const fs::path dir = temp_dir("cutechess_default_fields");
    write_bytes(dir / "engines.json", R"([
  {"name": "mob", "command": ")" + kEngine +
                                          R"( --policy mobility", "workingDirectory": "",
   "stderrFile": "", "protocol": "gtp", "timeoutScaleFactor": 1.0, "validateClaims": true,
   "debug": false, "variants": ["standard"]},
  {"name": "slow", "command": ")" + kEngine +
                                          R"( --policy random", "workingDirectory": "",
   "stderrFile": "", "protocol": "gtp", "timeoutScaleFactor": 2.5}
])");
    const Run r = run_othello_match(
        "-engine conf=mob -engine conf=slow -games 2 -concurrency 1 --no-progress", dir);
    INFO(r.err);
    CHECK(r.status == 0);
    CHECK(!contains(r.err, "entry 1"));
    CHECK(contains(r.err,
                   "othello-match: note: engines file 'engines.json': entry 2 (\"slow\"): "
                   "field \"timeoutScaleFactor\" ignored"));
    CHECK(lines_of(r.err).size() == 1);
    fs::remove_all(dir);
}
