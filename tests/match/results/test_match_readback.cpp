// Games read back are checked, not trusted, through the real othello-match: --resume, merge and
// report replay every record of a journal or results file on a board, refuse (naming the file and
// line) a record whose moves, discs, winner, opening or pair do not check out, tell a torn last
// journal line from a corrupt one, refuse two inputs that disagree about a game, and never echo
// a file's (or an engine's) control characters to the terminal.
#include <doctest/doctest.h>

#include <bit>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "engine/game.h"
#include "match/config/match_config.h"
#include "match/record/game_record.h"
#include "match/results/match_file.h"
#include "match/results/record_check.h"
#include "match/results/results_file.h"
#include "tests/match/match_test_support.h"
#include "tests/match/results/journal_edit_support.h"
#include "tests/support/programs.h"

using namespace othello;
using namespace othello::testing;
namespace fs = std::filesystem;

namespace {

std::string other_winner(const nlohmann::json& g) {
    return g.at("winner") == "black" ? "white" : "black";
}

}  // namespace

TEST_CASE("--resume replays every journal record: each bad one is named by line and replayed") {
    const fs::path dir = temp_dir("match_readback_resume");
    REQUIRE(run_othello_match(kTwoPolicyMatch + " --results r.json", dir).status == 0);
    const nlohmann::json played = read_json(dir / "r.json").at("games");
    std::vector<std::string> lines = lines_of(slurp(dir / "r.jsonl"));
    REQUIRE(lines.size() == 13);

    // Game 2 opens like game 0 (same colours, the next opening): a record of game 0's opening
    // and moves under game 2's id and pair replays fine but is not the scheduled game.
    REQUIRE(played[0].at("opening") != played[2].at("opening"));
    const std::string flipped =
        edit_game(lines, 1, [](nlohmann::json& g) { g["winner"] = other_winner(g); });
    const std::string discs = edit_game(
        lines, 3, [](nlohmann::json& g) { g["black_discs"] = g["black_discs"].get<int>() + 1; });
    const std::string illegal = edit_game(lines, 4, [](nlohmann::json& g) {
        std::string moves = g["moves"];
        g["moves"] = moves.substr(0, 8) + "a1" + moves.substr(10);
    });
    const std::string garbage = edit_game(lines, 5, [](nlohmann::json& g) { g["moves"] = "f5zz"; });
    // A record with a terminal escape sequence where the winner goes.
    const std::string escape =
        edit_game(lines, 8, [](nlohmann::json& g) { g["winner"] = "\x1b[2J"; });
    const std::string wrong_opening = edit_game(lines, 2, [&](nlohmann::json& g) {
        g = played[0];
        g["id"] = 2;
        g["pair"] = 1;
    });
    const std::string wrong_pair = edit_game(lines, 6, [](nlohmann::json& g) { g["pair"] = 0; });
    // A record with a 2 MB detail: longer than any record, refused unread.
    const std::string long_line =
        edit_game(lines, 10, [](nlohmann::json& g) { g["detail"] = std::string(2 << 20, 'x'); });
    const std::string huge_id = edit_game(lines, 7, [](nlohmann::json& g) {
        g["id"] = 1e300;  // read as an int this was -2147483648, some other game's number
    });
    // A corrupt line mid-journal.
    const std::size_t corrupt = line_of_game(lines, 9);
    lines[corrupt] = "{\"id\": 9, garbage";
    // The torn last line a kill leaves (no line end): normal, dropped with a note.
    REQUIRE(line_of_game(lines, 11) == 12);
    lines.pop_back();
    write_lines(dir / "r.jsonl", lines);
    std::ofstream(dir / "r.jsonl", std::ios::app) << played[11].dump().substr(0, 40);
    // A journal that replays: --resume must not go to the results file instead.
    fs::remove(dir / "r.json");

    const Run r = run_othello_match(kTwoPolicyMatch + " --resume --results r.json", dir);
    INFO(r.err);
    REQUIRE(r.status == 0);
    const auto refused = [&](const std::string& line, const std::string& why) {
        CAPTURE(line);
        CAPTURE(why);
        CHECK(contains(r.err, "'r.jsonl' " + line + ": "));
        const std::size_t at = r.err.find("'r.jsonl' " + line + ": ");
        CHECK(contains(r.err.substr(at, r.err.find('\n', at) - at), why));
    };
    refused(flipped, "game 1 (random - mobility): winner " + other_winner(played[1]) +
                         ", but the moves leave");
    refused(discs, "game 3 (random - mobility): discs black");
    refused(illegal, "moves do not replay: transcript move 5 (a1)");
    refused(garbage, "moves do not replay");
    refused(wrong_opening, "game 2: opening '" + played[0].at("opening").get<std::string>() +
                               "', but the schedule has game 2 open with '" +
                               played[2].at("opening").get<std::string>() + "'");
    refused(wrong_pair, "game 6: pair 0, but the schedule has game 6 in pair 3");
    refused(huge_id, "\"id\" is 1e+300, not an integer from 0 to 2147483647");
    refused("line " + std::to_string(corrupt + 1), "not JSON");
    refused(escape, "not a game record: bad game record: winner '\\x1b[2J' is not black");
    refused(long_line, "longer than 1048576 bytes, more than any record; not read");
    CHECK(contains(r.err, "refused, that game is played again"));
    CHECK(contains(r.err, "note: 'r.jsonl' line 13 is cut short"));
    // The file's escape sequence is shown, not sent to the terminal.
    CHECK(!contains(r.err, "\x1b"));
    CHECK(contains(r.err, "Resuming: 1 games already played."));  // 0
    // Every refused game was played again: the results are the match's own.
    CHECK(read_json(dir / "r.json").at("games") == played);
    fs::remove_all(dir);
}

TEST_CASE("a resumed journal names its engines by position: two of one spec keep their names") {
    const std::string text = "cmd:othello-engine --policy mobility";
    const nlohmann::json config = {{"engines",
                                    {{{"spec", text}, {"name", "first"}},
                                     {{"spec", text}, {"name", "second"}},
                                     {{"spec", "policy:random"}, {"name", 7}}}}};
    CHECK(recorded_engine_names(config, {text, text, "policy:random"}) ==
          std::vector<std::string>{"first", "second", ""});
    // Another engine at a place is named by none of the journal's names.
    CHECK(recorded_engine_names(config, {"policy:random", text}) ==
          std::vector<std::string>{"", "second"});
    CHECK(recorded_engine_names(nlohmann::json::array(), {text}) == std::vector<std::string>{""});
}

TEST_CASE("--resume of a journal of other engines starts none and leaves the --log as it was") {
    const fs::path dir = temp_dir("match_readback_resume_log");
    const std::string engines = "--engine 'cmd:" + kEngine + " --policy mobility' ";
    const std::string rest =
        " --engine policy:random --games 2 --openings random:3 --seed 5 "
        "--concurrency 1 --no-progress --results r.json --log m.log";
    REQUIRE(run_othello_match(engines + rest, dir).status == 0);
    const std::string log = slurp(dir / "m.log");
    REQUIRE(log.find("mobility") != std::string::npos);
    // Another engine at the journal's first place: it would be started to learn its name.
    const Run r = run_othello_match(
        "--engine 'cmd:" + kEngine + " --policy random' " + rest + " --resume", dir);
    CHECK(r.status != 0);
    CHECK(r.err.find("--resume: ") != std::string::npos);
    CHECK(slurp(dir / "m.log") == log);
    fs::remove_all(dir);
}

TEST_CASE("an adjudicated record is checked against perfect play") {
    const fs::path dir = temp_dir("match_readback_adjudicated");
    const std::string match = kTwoPolicyMatch + " --adjudicate 6";
    REQUIRE(run_othello_match(match + " --results r.json", dir).status == 0);
    const nlohmann::json played = read_json(dir / "r.json").at("games");
    REQUIRE(played[0].at("reason") == "adjudicated");
    REQUIRE(played[1].at("reason") == "adjudicated");
    std::vector<std::string> lines = lines_of(slurp(dir / "r.jsonl"));
    // A score that adds up and names its winner, but is not the position's.
    const std::string shifted = edit_game(lines, 0, [](nlohmann::json& g) {
        const int black = g["black_discs"].get<int>() + (g["black_discs"] == 64 ? -2 : 2);
        g["black_discs"] = black;
        g["white_discs"] = 64 - black;
        g["winner"] = black > 32 ? "black" : black < 32 ? "white" : "draw";
    });
    // Adjudicated earlier than the match does.
    const std::string early = edit_game(lines, 1, [](nlohmann::json& g) {
        std::string moves = g["moves"];
        g["moves"] = moves.substr(0, moves.size() - 2);
    });
    write_lines(dir / "r.jsonl", lines);
    fs::remove(dir / "r.json");
    const Run r = run_othello_match(match + " --resume --results r.json", dir);
    INFO(r.err);
    REQUIRE(r.status == 0);
    CHECK(contains(r.err, "'r.jsonl' " + shifted +
                              ": game 0 (mobility - random): adjudicated "
                              "score"));
    CHECK(contains(r.err, "but perfect play gives black " +
                              std::to_string(played[0].at("black_discs").get<int>())));
    CHECK(contains(r.err, "'r.jsonl' " + early +
                              ": game 1 (random - mobility): adjudicated at 7 "
                              "empty squares, but the match adjudicates at 6"));
    CHECK(read_json(dir / "r.json").at("games") == played);
    fs::remove_all(dir);
}

TEST_CASE("merge refuses records that do not check out and inputs that disagree, naming both") {
    const fs::path dir = temp_dir("match_readback_merge");
    for (int k : {0, 1}) {
        REQUIRE(run_othello_match(kTwoPolicyMatch + " --shard " + std::to_string(k) +
                                      "/2 --results s" + std::to_string(k) + ".json",
                                  dir)
                    .status == 0);
    }
    REQUIRE(run_othello_match("merge --results m.json s0.json s1.jsonl", dir).status == 0);
    const std::string merged = slurp(dir / "m.json");

    // A flipped winner in one shard's journal: the merge fails and writes nothing.
    const std::vector<std::string> original = lines_of(slurp(dir / "s1.jsonl"));
    std::vector<std::string> lines = original;
    const int id = read_json(dir / "s1.json").at("games")[0].at("id");
    const std::string line =
        edit_game(lines, id, [](nlohmann::json& g) { g["winner"] = other_winner(g); });
    write_lines(dir / "s1.jsonl", lines);
    Run r = run_othello_match("merge --overwrite --results m.json s0.json s1.jsonl", dir);
    CHECK(r.status == 2);
    CHECK(contains(r.err, "1 record does not check out:\n  's1.jsonl' " + line + ": game " +
                              std::to_string(id)));
    CHECK(slurp(dir / "m.json") == merged);
    write_lines(dir / "s1.jsonl", original);

    // The same game, different in two inputs: neither is taken on trust.
    nlohmann::json s0 = read_json(dir / "s0.json");
    const int changed = s0.at("games")[1].at("id");
    s0["games"][1]["black_seconds"] = 12.5;
    std::ofstream(dir / "s0.json") << s0.dump(1);
    r = run_othello_match("merge --overwrite --results m.json s0.jsonl s1.json s0.json", dir);
    CHECK(r.status == 2);
    CHECK(contains(r.err, "game " + std::to_string(changed) + ": 's0.jsonl' line "));
    CHECK(contains(r.err, " and 's0.json' games[1] hold different games"));
    CHECK(slurp(dir / "m.json") == merged);
    // The games merged wait on disk beside the output, and go with a failed merge too.
    for (const auto& entry : fs::directory_iterator(dir))
        CHECK_MESSAGE(entry.path().filename().string().find(".spool-") == std::string::npos,
                      entry.path());

    // The right moves under the wrong game: game 5's opening and moves as game 1 (same colours).
    const std::vector<std::string> journal0 = lines_of(slurp(dir / "s0.jsonl"));
    lines = journal0;
    const nlohmann::json game5 = nlohmann::json::parse(lines[line_of_game(lines, 5)]);
    const std::string moved = edit_game(lines, 1, [&](nlohmann::json& g) {
        g = game5;
        g["id"] = 1;
        g["pair"] = 0;
    });
    write_lines(dir / "s0.jsonl", lines);
    r = run_othello_match("merge --overwrite --results m.json s0.jsonl s1.json", dir);
    CHECK(r.status == 2);
    CHECK(contains(r.err, "'s0.jsonl' " + moved + ": game 1: opening '" +
                              game5.at("opening").get<std::string>() +
                              "', but the schedule has game 1 open with '"));
    CHECK(slurp(dir / "m.json") == merged);
    write_lines(dir / "s0.jsonl", journal0);

    // A torn last line is dropped with a note; its game is missing, not refused.
    std::ofstream(dir / "s1.jsonl", std::ios::app) << "{\"id\": 3, \"pa";
    r = run_othello_match("merge --overwrite --results m2.json s0.jsonl s1.jsonl", dir);
    INFO(r.err);
    CHECK(r.status == 0);
    CHECK(contains(r.err, "note: 's1.jsonl' line 8 is cut short"));
    CHECK(contains(r.out, "Merged 2 files: 12 of 12 games, complete."));
    fs::remove_all(dir);
}

TEST_CASE("merge without the openings file still checks each opening against its other games") {
    const fs::path dir = temp_dir("match_readback_merge_openings");
    std::ofstream(dir / "openings.txt") << "f5\nf5d6\nf5f6\nf5f4\nd3\nc4\n";
    const std::string match =
        "--engine policy:mobility --engine policy:random --games 12 --openings openings.txt "
        "--seed 5 --concurrency 1 --no-progress";  // one game at a time: journal lines by id
    REQUIRE(run_othello_match(match + " --shard 0/2 --results s0.json", dir).status == 0);
    REQUIRE(run_othello_match(match + " --shard 1/2 --results s1.json", dir).status == 0);
    fs::remove(dir / "openings.txt");
    std::vector<std::string> lines = lines_of(slurp(dir / "s0.jsonl"));
    const nlohmann::json game5 = nlohmann::json::parse(lines[line_of_game(lines, 5)]);
    const std::string moved = edit_game(lines, 1, [&](nlohmann::json& g) {
        g = game5;
        g["id"] = 1;
        g["pair"] = 0;
    });
    write_lines(dir / "s0.jsonl", lines);
    const Run r = run_othello_match("merge --results m.json s0.jsonl s1.json", dir);
    CHECK(r.status == 2);
    CHECK(contains(r.err, "'s0.jsonl' " + moved +
                              ": game 1 opens with 'f5f6', but 's0.jsonl' "
                              "line 2 has another game of that opening open "
                              "with 'f5'"));
    CHECK(!fs::exists(dir / "m.json"));
    fs::remove_all(dir);
}

TEST_CASE("report reads journals, replays their games, and refuses a rating list of bad types") {
    const fs::path dir = temp_dir("match_readback_report");
    REQUIRE(run_othello_match(
                "--engine policy:mobility --engine policy:random --engine "
                "policy:mobility-max --games 4 --openings random:2 --seed 3 --no-progress "
                "--results r.json",
                dir)
                .status == 0);
    Run r = run_othello_match("report --html j.html r.jsonl", dir);
    INFO(r.err);
    CHECK(r.status == 0);
    CHECK(contains(r.out, "Wrote j.html (12 games)"));
    CHECK(fs::exists(dir / "j.html"));

    nlohmann::json results = read_json(dir / "r.json");
    results["ratings"][1]["elo"] = "\x1b]0;owned\x07";
    std::ofstream(dir / "bad.json") << results.dump(1);
    r = run_othello_match("report --html bad.html bad.json", dir);
    CHECK(r.status == 2);
    CHECK(contains(r.err, "'bad.json': \"ratings\"[1] \"elo\" is string, not a number"));
    CHECK(!fs::exists(dir / "bad.html"));

    results = read_json(dir / "r.json");
    results["games"][3]["winner"] = other_winner(results["games"][3]);
    std::ofstream(dir / "flipped.json") << results.dump(1);
    r = run_othello_match("report --html bad.html flipped.json", dir);
    CHECK(r.status == 2);
    CHECK(contains(r.err, "'flipped.json' games[3]: game 3"));
    CHECK(!fs::exists(dir / "bad.html"));

    // A line of JSON that is not a game, with a control character: escaped, never raw.
    std::ofstream(dir / "r.jsonl", std::ios::app) << "{\"id\": \"\\u001b[31m\"}\n";
    r = run_othello_match("report --html j2.html r.jsonl", dir);
    CHECK(r.status == 2);
    CHECK(contains(r.err, "'r.jsonl' line 14: not a game record"));
    CHECK(!contains(r.err, "\x1b"));
    fs::remove_all(dir);
}

TEST_CASE("replay_problem: forfeits are lost by the side that failed, on a game still going") {
    GameRecord r;
    r.black = "a";
    r.white = "b";
    r.opening = "f5";
    r.moves = "f5d6c3";  // white to move, with moves
    r.black_discs = 5;
    r.white_discs = 2;
    r.reason = Outcome::Crash;
    r.winner = Winner::Black;  // white crashed: black wins
    CHECK(replay_problem(r, std::nullopt) == "");
    r.winner = Winner::White;
    CHECK(replay_problem(r, std::nullopt) ==
          "crash by white, the side to move, but the winner is white");
    r.winner = Winner::Draw;
    CHECK(replay_problem(r, std::nullopt) == "crash recorded as a draw");
    // No game goes on past the match's adjudication point, however it ended.
    r.winner = Winner::Black;
    CHECK(replay_problem(r, 57) == "");
    CHECK(replay_problem(r, 58) == "ends at 57 empty squares, past the match's adjudication at 58");
    // Before the first move after the opening either side may fail to set up.
    r.moves = "f5";
    r.black_discs = 4;
    r.white_discs = 1;
    r.winner = Winner::White;
    CHECK(replay_problem(r, std::nullopt) == "");
    // A finished game cannot have been forfeited.
    Game game;
    while (!game.is_over()) {
        const Position& p = game.current();
        const Bitboard moves = p.has_legal_move() ? p.legal_moves() : p.pass().legal_moves();
        game.play_passing_if_needed(Square::from_index(std::countr_zero(moves)));
    }
    r.opening = "";
    r.moves = game.transcript();
    r.black_discs = game.current().disc_count(Color::Black);
    r.white_discs = game.current().disc_count(Color::White);
    CHECK(replay_problem(r, std::nullopt) == "crash, but the game is over on the board");
    r.reason = Outcome::Normal;
    r.winner = r.black_discs > r.white_discs   ? Winner::Black
               : r.black_discs < r.white_discs ? Winner::White
                                               : Winner::Draw;
    CHECK(replay_problem(r, std::nullopt) == "");
}

TEST_CASE("an engine's control characters are escaped in the runner's messages") {
    const fs::path dir = temp_dir("match_readback_engine_text");
    const fs::path engine = dir / "escapes.sh";
    std::ofstream(engine) << "#!/bin/sh\nwhile read l; do printf '\\033[2Jgarbage\\n\\n'; done\n";
    fs::permissions(engine, fs::perms::owner_all);
    const Run r = run_othello_match(
        "--engine cmd:" + engine.string() + " --engine policy:random --games 2 --no-progress", dir);
    CHECK(r.status == 1);
    CHECK(contains(r.err, "reply to 'protocol_version' is not GTP: '\\x1b[2Jgarbage'"));
    CHECK(!contains(r.err, "\x1b"));
    fs::remove_all(dir);
}

TEST_CASE("a results file is parsed a game at a time: its games are handed over, not kept") {
    std::vector<std::string> seen;
    const auto collect = [&](const nlohmann::json& game, std::size_t i) {
        seen.push_back(std::to_string(i) + ":" + game.dump());
    };
    std::istringstream in(R"({"config": {"games": [9]}, "games": [{"id": 0, "moves": [1]},
        5, [1, 2], {"id": 1}], "summary": {"games": 2}})");
    const nlohmann::json j = parse_results_file(in, collect);
    CHECK(seen ==
          std::vector<std::string>{R"(0:{"id":0,"moves":[1]})", "1:5", "2:[1,2]", R"(3:{"id":1})"});
    CHECK(j.at("games") == nlohmann::json::array());
    // Lists named "games" below the top level are the document's own.
    CHECK(j.at("config").at("games") == nlohmann::json{9});
    CHECK(j.at("summary").at("games") == 2);

    seen.clear();
    std::istringstream not_a_list(R"({"games": {"id": 0}})");
    CHECK(parse_results_file(not_a_list, collect).at("games").is_object());
    CHECK(seen.empty());
    std::istringstream twice(R"({"games": [], "games": [{"id": 0}]})");
    CHECK_THROWS_WITH(parse_results_file(twice, collect), "\"games\" is given twice");
    std::istringstream cut(R"({"games": [{"id": 0}, {"id")");
    CHECK_THROWS_AS(parse_results_file(cut, collect), nlohmann::json::parse_error);
}
