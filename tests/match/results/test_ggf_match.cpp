// GGF records written by the match runner: the record of one game, forfeits, and the file the real
// othello-match writes with --records FILE.ggf read back and rewritten character for character.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "engine/ggf.h"
#include "match/results/game_record_writer.h"
#include "tests/support/child_process.h"
#include "tests/support/file_contents.h"
#include "tests/support/programs.h"

using namespace othello;
using othello::testing::lines_of;
using othello::testing::slurp;

namespace {

const std::string kStartBoard =
    "BO[8 ---------------------------O*------*O--------------------------- *]";

}  // namespace

TEST_CASE("a finished game and forfeits as GGF records") {
    GameRecord r;
    r.id = 3;
    r.black = "mobility";
    r.white = "random";
    // The shortest game: black wipes white out after nine moves.
    r.moves = "d3c3b3d2e1d6d7e3f4";
    r.black_discs = 13;
    r.white_discs = 0;
    r.winner = Winner::Black;
    r.reason = Outcome::Normal;
    CHECK(to_ggf(ggf_record_of(r)) ==
          "(;GM[Othello]PC[othello-match]PB[mobility]PW[random]TY[8]RE[+64.000]" + kStartBoard +
              "B[d3]W[c3]B[b3]W[d2]B[e1]W[d6]B[d7]W[e3]B[f4];)");

    r.moves = "f5d6";
    r.winner = Winner::White;
    r.reason = Outcome::IllegalMove;
    CHECK(ggf_record_of(r).result == GgfResult{-64, "r"});
    r.reason = Outcome::TimeForfeit;
    r.winner = Winner::Black;
    CHECK(ggf_record_of(r).result == GgfResult{64, "t"});

    r.moves = "f5a1";
    CHECK_THROWS_WITH_AS(ggf_record_of(r), doctest::Contains("game 3: transcript move 2 (a1)"),
                         std::runtime_error);
}

TEST_CASE("othello-match --records FILE.ggf writes records that read back and rewrite exactly") {
    const auto dir =
        std::filesystem::temp_directory_path() / ("ggf_match_test_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const auto ggf = dir / "games.ggf";
    const auto txt = dir / "games.txt";
    for (const auto& records : {ggf, txt}) {
        const int status = othello::testing::run_quietly(
            othello::testing::program_dir() + "/othello-match",
            {"--engine", "policy:mobility", "--engine", "policy:random", "--games", "6",
             "--openings", "random:6", "--concurrency", "1", "--no-progress", "--records",
             records.string()});
        REQUIRE(status == 0);
    }
    const auto ggf_lines = lines_of(slurp(ggf));
    const auto txt_lines = lines_of(slurp(txt));
    REQUIRE(ggf_lines.size() == 6);
    REQUIRE(txt_lines.size() == 6);
    const std::vector<GgfRecord> games = read_ggf_file(ggf.string());
    REQUIRE(games.size() == 6);
    for (std::size_t i = 0; i < games.size(); ++i) {
        const GgfRecord& g = games[i];
        CHECK(to_ggf(g) == ggf_lines[i]);  // written, read, written again: the same text
        CHECK(g.start == Position::start());
        const Game game = g.game();
        // The same games as the transcript file (same seed), whose lines start with the transcript.
        CHECK(txt_lines[i].rfind(game.transcript() + "\t", 0) == 0);
        REQUIRE(g.result.has_value());
        if (game.is_over())
            CHECK(g.result->black_disc_difference ==
                  game.current().final_disc_difference(Color::Black));
        CHECK(g.tag("PB").has_value());
        CHECK(g.tag("PW").has_value());
    }
    std::filesystem::remove_all(dir);
}
