// Positions as openings, through the real othello-match: an openings file of OBF boards mixed
// with transcripts (tests/data/positions.obf) — results and journals carry start_board, GGF
// records BO[...], --resume and merge read the boards back, --adjudicate gives the exact result,
// GTP engines get othello-set_position or are refused, and bad boards are named by file and line.
#include <doctest/doctest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/ggf.h"
#include "engine/notation.h"
#include "tests/match/match_test_support.h"
#include "tests/support/programs.h"

namespace fs = std::filesystem;
using namespace othello;
using namespace othello::testing;

namespace {

const std::string kPositions = OTHELLO_SOURCE_DIR "/tests/data/positions.obf";

// The boards of an OBF file's board lines, in order, as the results write them ('*' as X).
std::vector<std::string> boards_in(const std::string& path) {
    std::vector<std::string> out;
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#' || line.size() < 66 || line[64] != ' ') continue;
        std::string board = line.substr(0, 66);
        std::replace(board.begin(), board.end(), '*', 'X');
        out.push_back(board);
    }
    return out;
}

// Perfect play by plain negamax, independent of the engine's solver: the final disc difference
// for the side to move, empty squares to the winner.
int negamax(const Position& p) {
    const Bitboard moves = p.legal_moves();
    if (!moves) {
        if (p.is_game_over()) return p.final_disc_difference(p.side_to_move());
        return -negamax(p.pass());
    }
    int best = -65;
    for (int sq : Bits(moves))
        best = std::max(best, -negamax(p.play_unchecked(Square::from_index(sq))));
    return best;
}

}  // namespace

TEST_CASE("boards and transcripts in one openings file: start_board, moves from it, GGF BO") {
    const fs::path dir = temp_dir("board_openings");
    const std::vector<std::string> boards = boards_in(kPositions);
    REQUIRE(boards.size() == 4);
    const Run run =
        run_match("--engine policy:mobility --engine policy:random --games 10 --openings " +
                      kPositions + " --results r.json --records r.ggf",
                  dir);
    INFO(run.err);
    REQUIRE(run.status == 0);
    const nlohmann::json results = read_json(dir / "r.json");
    REQUIRE(results.at("games").size() == 10);
    std::map<std::string, std::vector<nlohmann::json>> by_board;
    for (const auto& g : results.at("games")) {
        CAPTURE(g.dump());
        CHECK(g.at("reason") == "normal");
        const std::string board = g.value("start_board", "");
        by_board[board].push_back(g);
        // The moves replay from the board (or the standard start) to the recorded discs.
        const Game game =
            Game::from_transcript(g.at("moves").get<std::string>(),
                                  board.empty() ? Position::start() : parse_board(board));
        CHECK(game.is_over());
        CHECK(game.current().disc_count(Color::Black) == g.at("black_discs"));
        CHECK(game.current().disc_count(Color::White) == g.at("white_discs"));
        if (board.empty()) {
            CHECK(g.at("opening") == "f5d6c3d3c4");
            CHECK(g.at("moves").get<std::string>().starts_with("f5d6c3d3c4"));
        } else {
            CHECK(g.at("opening") == "");
        }
    }
    // Every board (and the transcript) twice, colours swapped.
    REQUIRE(by_board.size() == 5);
    for (const std::string& board : boards) {
        CAPTURE(board);
        REQUIRE(by_board[board].size() == 2);
        CHECK(by_board[board][0].at("black") == by_board[board][1].at("white"));
    }
    CHECK(by_board[boards[3]][0].at("opening_name") == "endgame");          // the line's TAB name
    CHECK(by_board[boards[0]][0].at("opening_name") == "positions.obf:4");  // else file:line
    // The board where black cannot move: white plays first.
    const std::string first_move =
        by_board[boards[2]][0].at("moves").get<std::string>().substr(0, 2);
    CHECK(parse_board(boards[2]).pass().is_legal(*Move::parse(first_move)));

    // GGF: BO[...] is the board, the moves replay from it.
    const std::vector<GgfRecord> ggf = read_ggf_file((dir / "r.ggf").string());
    REQUIRE(ggf.size() == 10);
    for (std::size_t i = 0; i < ggf.size(); ++i) {
        const nlohmann::json& g = results.at("games").at(i);
        CAPTURE(g.dump());
        const std::string board = g.value("start_board", "");
        CHECK(ggf[i].start == (board.empty() ? Position::start() : parse_board(board)));
        CHECK(ggf[i].game().current().disc_count(Color::Black) == g.at("black_discs"));
    }
    CHECK(slurp(dir / "r.ggf").find("BO[8 " + to_ggf_board(parse_board(boards[1])).substr(2)) !=
          std::string::npos);

    // CSV results end each row with the board (a board starting with '-' is a formula-like cell:
    // quoted, with the apostrophe that keeps a spreadsheet from evaluating it).
    REQUIRE(run_match("--engine policy:mobility --engine policy:random --games 10 --openings " +
                          kPositions + " --results r.csv",
                      dir)
                .status == 0);
    std::istringstream csv(slurp(dir / "r.csv"));
    std::string header, row;
    std::getline(csv, header);
    CHECK(header.ends_with(",white_seconds,start_board"));
    std::map<std::string, int> csv_boards;
    while (std::getline(csv, row)) {
        std::string cell = row.substr(row.rfind(',') + 1);
        if (cell.starts_with("\"'")) cell = cell.substr(2, cell.size() - 3);
        ++csv_boards[cell];
    }
    for (const std::string& board : boards) CHECK(csv_boards[board] == 2);
    CHECK(csv_boards[""] == 2);
    fs::remove_all(dir);
}

TEST_CASE("games from boards resume from the journal and merge from shards, game for game") {
    const fs::path dir = temp_dir("board_openings_resume");
    const std::string match =
        "--engine policy:mobility --engine policy:random --games 10 "
        "--openings " +
        kPositions;
    REQUIRE(run_match(match + " --results whole.json", dir).status == 0);
    const nlohmann::json whole = read_json(dir / "whole.json");

    // A match killed after its config line and four games: --resume reads the boards back.
    std::istringstream journal(slurp(dir / "whole.jsonl"));
    {
        std::ofstream cut(dir / "cut.jsonl");
        std::string line;
        for (int i = 0; i < 5 && std::getline(journal, line); ++i) cut << line << "\n";
    }
    const Run resumed = run_match(match + " --resume --results cut.json", dir);
    INFO(resumed.err);
    REQUIRE(resumed.status == 0);
    CHECK(resumed.err.find("4 games already played") != std::string::npos);
    CHECK(read_json(dir / "cut.json").at("games") == whole.at("games"));

    // Two shards merge into the same games.
    REQUIRE(run_match(match + " --shard 0/2 --results s0.json", dir).status == 0);
    REQUIRE(run_match(match + " --shard 1/2 --results s1.json", dir).status == 0);
    const std::string merge = "cd '" + dir.string() + "' && " + kMatch +
                              " merge --results all.json s0.jsonl s1.json >merge.txt 2>&1";
    REQUIRE(std::system(merge.c_str()) == 0);
    CHECK(slurp(dir / "merge.txt").find("complete") != std::string::npos);
    CHECK(read_json(dir / "all.json").at("games") == whole.at("games"));
    fs::remove_all(dir);
}

TEST_CASE("--adjudicate from an endgame board gives the perfect-play result") {
    const fs::path dir = temp_dir("board_openings_adjudicate");
    const std::string board = boards_in(kPositions).at(3);
    { std::ofstream(dir / "end.obf") << board << "; 10 empties\n"; }
    const Run run = run_match(
        "--engine policy:random --engine policy:mobility --games 2 "
        "--openings end.obf --adjudicate 12 --results r.json --records r.ggf",
        dir);
    INFO(run.err);
    REQUIRE(run.status == 0);
    const Position start = parse_board(board);
    const int for_black = start.side_to_move() == Color::Black ? negamax(start) : -negamax(start);
    const nlohmann::json results = read_json(dir / "r.json");
    REQUIRE(results.at("games").size() == 2);
    for (const auto& g : results.at("games")) {
        CAPTURE(g.dump());
        CHECK(g.at("reason") == "adjudicated");
        CHECK(g.at("start_board") == board);
        CHECK(g.at("moves") == "");  // adjudicated before the first move
        CHECK(g.at("black_discs").get<int>() - g.at("white_discs").get<int>() == for_black);
        CHECK(g.at("winner") == (for_black > 0 ? "black" : for_black < 0 ? "white" : "draw"));
    }
    const std::vector<GgfRecord> ggf = read_ggf_file((dir / "r.ggf").string());
    REQUIRE(ggf.size() == 2);
    CHECK(ggf[0].start == start);
    REQUIRE(ggf[0].result);
    CHECK(ggf[0].result->black_disc_difference == for_black);
    fs::remove_all(dir);
}

TEST_CASE("GTP engines get the board with othello-set_position; one without it is refused") {
    const fs::path dir = temp_dir("board_openings_gtp");
    const Run run =
        run_match("--engine 'cmd:" + kEngine +
                      " --policy mobility' --engine policy:random --games 8 --openings " +
                      kPositions + " --results r.json --log gtp.log",
                  dir);
    INFO(run.err);
    REQUIRE(run.status == 0);
    const nlohmann::json results = read_json(dir / "r.json");  // outlives the loop over its games
    for (const auto& g : results.at("games")) {
        CAPTURE(g.dump());
        CHECK(g.at("reason") == "normal");  // every move the engine chose was legal on the board
    }
    CHECK(slurp(dir / "gtp.log").find("> othello-set_position " + boards_in(kPositions).at(2)) !=
          std::string::npos);

    // An engine that does not know the command: refused before the match, with the reason.
    const Run refused = run_match("--engine 'name=plain,cmd:" + kFake +
                                      "' --engine policy:random --games 2 --openings " + kPositions,
                                  dir);
    CHECK(refused.status == 2);
    CHECK(refused.err.find("engine 'plain' cannot play the match's board openings: it does not "
                           "know othello-set_position") != std::string::npos);
    fs::remove_all(dir);
}

TEST_CASE("NBoard engines get the board in set game's BO[...]") {
    const fs::path dir = temp_dir("board_openings_nboard");
    const Run run = run_match("--engine 'nboard:" + kEngine +
                                  " --protocol nboard --policy mobility' --engine policy:random "
                                  "--games 8 --openings " +
                                  kPositions + " --results r.json --log nboard.log",
                              dir);
    INFO(run.err);
    REQUIRE(run.status == 0);
    const nlohmann::json results = read_json(dir / "r.json");  // outlives the loop over its games
    for (const auto& g : results.at("games")) {
        CAPTURE(g.dump());
        CHECK(g.at("reason") == "normal");
    }
    CHECK(slurp(dir / "nboard.log")
              .find("BO[" + to_ggf_board(parse_board(boards_in(kPositions).at(0)))) !=
          std::string::npos);
    fs::remove_all(dir);
}

TEST_CASE("a bad board is an error naming the file and line") {
    const fs::path dir = temp_dir("board_openings_bad");
    const std::string good = boards_in(kPositions).at(0);
    const std::vector<std::pair<std::string, std::string>> cases = {
        {std::string(64, '-') + " X", "centre squares"},             // no discs
        {std::string(64, 'X') + " O", "already over"},               // a full board
        {good.substr(0, 63) + " X", "63 squares given, 64 needed"},  // a square short
        {good.substr(0, 64) + " Z", "side to move 'z'"},             // no such side
        {good.substr(0, 64), "no side to move after the 64 squares (give X or O)"},
    };
    for (const auto& [line, why] : cases) {
        CAPTURE(line);
        { std::ofstream(dir / "bad.obf") << good << "\n" << line << "; comment\n"; }
        const Run run = run_match(
            "--engine policy:random --engine policy:random --games 4 "
            "--openings bad.obf",
            dir);
        CHECK(run.status == 2);
        CHECK(run.err.find("bad.obf:2: bad opening: board: ") != std::string::npos);
        CHECK(run.err.find(why) != std::string::npos);
    }
    fs::remove_all(dir);
}

TEST_CASE("the engine's othello-set_position refuses a board without a side to move") {
    const fs::path dir = temp_dir("board_without_side");
    const std::string board = boards_in(kPositions).at(1);  // white to move
    const Run run =
        run_shell("printf '1 othello-set_position " + board.substr(0, 64) +
                      "\\n2 othello-set_position " + board + "\\n3 showboard\\n' | " + kEngine,
                  dir);
    CHECK(run.status == 0);
    CHECK(run.out.rfind("?1 invalid position: board: no side to move after the 64 squares (give X "
                        "or O)\n\n=2\n\n",
                        0) == 0);
    CHECK(run.out.find("white to move") != std::string::npos);
    fs::remove_all(dir);
}
