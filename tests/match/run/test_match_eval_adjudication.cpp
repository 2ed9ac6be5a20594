// --resign and --draw: the rules on a stream of evals, their spelling, the read-back that proves a
// record ended (or went on) as they say, and whole matches through the real othello-match with
// NBoard engines that report fixed evals.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/game.h"
#include "match/results/record_check.h"
#include "match/run/eval_adjudication.h"
#include "tests/match/match_test_support.h"
#include "tests/match/results/journal_edit_support.h"
#include "tests/support/programs.h"

using namespace othello;
using namespace othello::testing;
namespace fs = std::filesystem;

namespace {

std::string error_of(const std::function<void()>& parse) {
    try {
        parse();
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    return "";
}

// The game "f5d6c3d3c4" after the opening f5, with an eval for each move after it.
GameRecord tiger_record(const std::string& moves, std::vector<std::optional<double>> evals,
                        Outcome reason, Winner winner) {
    GameRecord r;
    r.black = "a";
    r.white = "b";
    r.opening = "f5";
    r.moves = moves;
    const Game game = Game::from_transcript(moves);
    r.black_discs = game.current().disc_count(Color::Black);
    r.white_discs = game.current().disc_count(Color::White);
    r.reason = reason;
    r.winner = winner;
    for (const auto& eval : evals) r.move_records.push_back({0.0, eval});
    return r;
}

}  // namespace

TEST_CASE("--resign: a side's own last N evals at -S or lower; a move without one starts over") {
    EvalAdjudicator rules(EvalRules{ResignRule{3, 10, false}, std::nullopt});
    CHECK(!rules.after_move(Color::Black, -12, 5));
    CHECK(!rules.after_move(Color::White, 5, 6));
    CHECK(!rules.after_move(Color::Black, -10, 7));
    CHECK(!rules.after_move(Color::White, 0, 8));
    CHECK(!rules.after_move(Color::Black, std::nullopt, 9));  // no eval: black starts over
    CHECK(!rules.after_move(Color::White, -50, 10));
    CHECK(!rules.after_move(Color::Black, -11, 11));
    CHECK(!rules.after_move(Color::White, -50, 12));
    CHECK(!rules.after_move(Color::Black, -20, 13));
    CHECK(!rules.after_move(Color::White, -9.5, 14));  // above -10: white starts over
    const auto verdict = rules.after_move(Color::Black, -15, 15);
    REQUIRE(verdict);
    CHECK(verdict->reason == Outcome::Resigned);
    CHECK(verdict->winner == Winner::White);
    CHECK(verdict->detail == "black resigns by --resign: its last 3 evals were -10 discs or lower");
}

TEST_CASE("--resign twosided=true: only when the opponent's last N evals agree") {
    EvalAdjudicator rules(EvalRules{ResignRule{2, 5, true}, std::nullopt});
    CHECK(!rules.after_move(Color::Black, -6, 1));
    CHECK(!rules.after_move(Color::White, 4, 2));
    CHECK(!rules.after_move(Color::Black, -7, 3));  // black is losing, but white does not say so
    CHECK(!rules.after_move(Color::White, 6, 4));
    CHECK(!rules.after_move(Color::Black, -6, 5));
    const auto verdict = rules.after_move(Color::White, 7, 6);  // ended by the winner's move
    REQUIRE(verdict);
    CHECK(verdict->winner == Winner::White);
    CHECK(verdict->detail ==
          "black resigns by --resign: its last 2 evals were -5 discs or lower, and white's 5 or "
          "higher");
}

TEST_CASE("--draw: the last N evals of both sides within ±S, from move M on") {
    EvalAdjudicator rules(EvalRules{std::nullopt, DrawRule{4, 1, 10}});
    CHECK(!rules.after_move(Color::Black, 0, 8));  // before move 10: not counted
    CHECK(!rules.after_move(Color::White, 0, 9));
    CHECK(!rules.after_move(Color::Black, 0, 10));
    CHECK(!rules.after_move(Color::White, 1.5, 11));  // outside ±1: starts over
    CHECK(!rules.after_move(Color::Black, 0.5, 12));
    CHECK(!rules.after_move(Color::White, -1, 13));
    CHECK(!rules.after_move(Color::Black, 1, 14));
    const auto verdict = rules.after_move(Color::White, 0, 15);
    REQUIRE(verdict);
    CHECK(verdict->reason == Outcome::DrawAdjudicated);
    CHECK(verdict->winner == Winner::Draw);
    CHECK(verdict->detail == "drawn by --draw at move 15: the last 4 evals were within ±1 discs");

    // One move meeting both rules: the resignation.
    EvalAdjudicator both(EvalRules{ResignRule{1, 2, false}, DrawRule{1, 5, 0}});
    const auto first = both.after_move(Color::White, -3, 1);
    REQUIRE(first);
    CHECK(first->reason == Outcome::Resigned);
}

TEST_CASE("--resign and --draw spellings, cutechess's movecount= too, and what they refuse") {
    const ResignRule resign = parse_resign_rule("movecount=3,score=2.5,twosided=true");
    CHECK(resign.moves == 3);
    CHECK(resign.score == 2.5);
    CHECK(resign.twosided);
    const DrawRule draw = parse_draw_rule("moves=8,score=1,movenumber=30");
    CHECK(draw.moves == 8);
    CHECK(draw.movenumber == 30);
    CHECK(error_of([] { parse_resign_rule("moves=0,score=1"); }) ==
          "--resign moves=0: expected a whole number from 1 to 60");
    CHECK(error_of([] { parse_resign_rule("score=1"); }) == "--resign: needs moves=");
    CHECK(error_of([] { parse_resign_rule("moves=3,score=1,foo=2"); }) ==
          "--resign 'moves=3,score=1,foo=2': expected key=value with keys moves, score, "
          "twosided, not 'foo=2'");
    CHECK(error_of([] { parse_resign_rule("moves=3,movecount=4,score=1"); }) ==
          "--resign 'moves=3,movecount=4,score=1': 'moves' given twice");
    CHECK(error_of([] { parse_resign_rule("moves=3,score=1,twosided=yes"); }) ==
          "--resign twosided=yes: expected true or false");
    CHECK(error_of([] { parse_draw_rule("moves=2,score=65"); }) ==
          "--draw score=65: expected a number from 0 to 64");
    CHECK(error_of([] { parse_draw_rule("moves=2,score=1,movenumber=2.5"); }) ==
          "--draw movenumber=2.5: expected a whole number from 0 to 60");
}

TEST_CASE("read back: a resignation or agreed draw is proved by the record's own evals") {
    const EvalRules resign{ResignRule{2, 10, false}, std::nullopt};
    // Black's c3 and c4 (moves 3 and 5) at -12: black resigns after c4.
    GameRecord r = tiger_record("f5d6c3d3c4", {3, -12, 3, -12}, Outcome::Resigned, Winner::White);
    CHECK(replay_problem(r, std::nullopt, resign) == "");
    CHECK(replay_problem(r, std::nullopt, {}) ==
          "resign adjudication, but its match does not adjudicate resignations (no --resign in "
          "its configuration)");
    r.winner = Winner::Black;
    CHECK(replay_problem(r, std::nullopt, resign) ==
          "resign adjudication won by black, but the evals recorded give it to white");
    r.winner = Winner::White;
    r.move_records[3].eval = -9;
    CHECK(replay_problem(r, std::nullopt, resign) ==
          "resign adjudication, but the evals recorded meet its match's --resign at no move");
    r.move_records[3].eval = std::nullopt;
    CHECK(replay_problem(r, std::nullopt, resign) ==
          "resign adjudication, but the evals recorded meet its match's --resign at no move");

    // A game the rules ended cannot go on, nor end another way at that move.
    GameRecord on =
        tiger_record("f5d6c3d3c4f4", {3, -12, 3, -12, 3}, Outcome::Crash, Winner::White);
    CHECK(replay_problem(on, std::nullopt, resign) ==
          "the evals recorded meet its match's rules for a resign adjudication at move 5, where "
          "the referee ends the game, but the game goes on to move 6");
    GameRecord other = tiger_record("f5d6c3d3c4", {3, -12, 3, -12}, Outcome::Crash, Winner::Black);
    CHECK(replay_problem(other, std::nullopt, resign) ==
          "crash, but the evals recorded meet its match's rules for a resign adjudication at its "
          "last move (move 5), where the referee ends the game");

    const EvalRules draw{std::nullopt, DrawRule{2, 3, 0}};
    GameRecord drawn = tiger_record("f5d6c3", {1, 0}, Outcome::DrawAdjudicated, Winner::Draw);
    CHECK(replay_problem(drawn, std::nullopt, draw) == "");
    CHECK(replay_problem(drawn, std::nullopt, resign) ==
          "draw adjudication, but its match does not adjudicate draws (no --draw in its "
          "configuration)");
    drawn.black_discs += 1;
    CHECK(replay_problem(drawn, std::nullopt, draw) ==
          "discs black 6, white 2, but the moves leave black 5, white 2");
}

TEST_CASE("othello-match --resign: the engine whose evals say it is lost loses, and read back") {
    const fs::path dir = temp_dir("othello_resign");
    const std::string lost = "'name=gloomy,nboard:" + kFakeNboard + " --eval -20'";
    const std::string common =
        " --engine policy:random --games 2 --openings start --seed 3 "
        "--progress lines --score-every 0 --results " +
        (dir / "r.json").string() + " --records " + (dir / "r.ggf").string();
    Run run = run_shell(kMatch + " --engine " + lost + common + " --resign moves=3,score=10", dir);
    REQUIRE(run.status == 0);
    const nlohmann::json games = games_of(dir / "r.json");
    REQUIRE(games.size() == 2);
    for (const auto& g : games) {
        CAPTURE(g.dump());
        CHECK(g.at("reason") == "resign adjudication");
        const bool gloomy_black = g.at("black") == "gloomy";
        CHECK(g.at("winner") == (gloomy_black ? "white" : "black"));
        // Its third move: the 5th of the game as black, the 6th as white.
        CHECK(g.at("moves").get<std::string>().size() == (gloomy_black ? 10u : 12u));
    }
    CHECK(
        run.out.find("Finished game 0 (gloomy vs random): 0-1 {Black resigns by adjudication, ") !=
        std::string::npos);
    CHECK(slurp(dir / "r.ggf").find("RE[-64.000:r]") != std::string::npos);

    // The journal reads back: report and --resume prove each resignation from its evals.
    run = run_shell(
        kMatch + " report --html " + (dir / "r.html").string() + " " + (dir / "r.jsonl").string(),
        dir);
    CHECK(run.status == 0);
    run = run_shell(kMatch + " --engine " + lost + common + " --resign moves=3,score=10 --resume",
                    dir);
    CHECK(run.status == 0);
    // Other rules than the journal's: refused, as any other change of configuration.
    run = run_shell(kMatch + " --engine " + lost + common + " --resign moves=4,score=10 --resume",
                    dir);
    CHECK(run.status == 2);
    CHECK(run.err.find("resign") != std::string::npos);

    // A resignation edited into a played-on game, and a game edited to go on: refused.
    std::ifstream in(dir / "r.jsonl");
    std::string line, edited;
    while (std::getline(in, line)) {
        const auto at = line.find("\"resign adjudication\"");
        if (at != std::string::npos && edited.find("\"normal\"") == std::string::npos)
            line.replace(at, 21, "\"normal\"");
        edited += line + "\n";
    }
    std::ofstream(dir / "edited.jsonl") << edited;
    run = run_shell(kMatch + " report --html " + (dir / "e.html").string() + " " +
                        (dir / "edited.jsonl").string(),
                    dir);
    CHECK(run.status == 2);
    CHECK(run.err.find("normal, but the evals recorded meet its match's rules for a resign "
                       "adjudication at its last move") != std::string::npos);
    fs::remove_all(dir);
}

TEST_CASE("read back: evals on the moves of a policy or a GTP engine are forged, never proof") {
    // A real --resign match of an NBoard engine (which reports evals) against a policy; then its
    // second game rewritten as the policy's resignation at its third move, evals of -20 on its
    // moves, as an attacker would. A policy reports no evals: the record is refused, by every
    // reader. The same record with a GTP engine in the policy's place: refused too.
    const fs::path dir = temp_dir("othello_forged_evals");
    const std::string gloomy = "'name=gloomy,nboard:" + kFakeNboard + " --eval -20'";
    const std::string common =
        " --games 2 --openings start --seed 3 --no-progress --resign moves=3,score=10";
    REQUIRE(
        run_othello_match(
            "--engine " + gloomy + " --engine policy:random" + common + " --results r.json", dir)
            .status == 0);
    std::vector<std::string> lines = lines_of(slurp(dir / "r.jsonl"));
    const std::string at = edit_game(lines, 1, [](nlohmann::json& g) {
        REQUIRE(g.at("black") == "random");
        const std::string moves = g.at("moves").get<std::string>().substr(0, 10);
        const Game game = Game::from_transcript(moves);
        g["moves"] = moves;  // black's 3rd move is the 5th
        g["black_discs"] = game.current().disc_count(Color::Black);
        g["white_discs"] = game.current().disc_count(Color::White);
        g["winner"] = "white";
        g["move_evals"] = {-20.0, nullptr, -20.0, nullptr, -20.0};
        g["move_seconds"] = {0.001, 0.001, 0.001, 0.001, 0.001};
        g["detail"] = "black resigns by --resign: its last 3 evals were -10 discs or lower";
    });
    write_lines(dir / "forged.jsonl", lines);
    const std::string refusal =
        "'forged.jsonl' " + at +
        ": game 1 (random - gloomy): move_evals[0] -20 on a move of random, an in-process "
        "policy, which reports no evals";
    Run run = run_othello_match("report --html f.html forged.jsonl", dir);
    CHECK(run.status == 2);
    CHECK(contains(run.err, refusal));
    run = run_othello_match("ratings --results q.json forged.jsonl", dir);
    CHECK(run.status == 2);
    CHECK(contains(run.err, refusal));
    run = run_othello_match("merge --results m.json forged.jsonl", dir);
    CHECK(run.status == 2);
    CHECK(contains(run.err, refusal));
    CHECK(!fs::exists(dir / "m.json"));
    // --resume plays the forged game again: gloomy resigns it, as it did.
    fs::copy_file(dir / "forged.jsonl", dir / "r.jsonl", fs::copy_options::overwrite_existing);
    fs::remove(dir / "r.json");
    run = run_othello_match(
        "--engine " + gloomy + " --engine policy:random" + common + " --results r.json --resume",
        dir);
    CHECK(run.status == 0);
    CHECK(contains(run.err, "'r.jsonl' " + at +
                                ": game 1 (random - gloomy): move_evals[0] -20 on a move of "
                                "random, an in-process policy, which reports no evals; refused, "
                                "that game is played again"));
    const nlohmann::json replayed = games_of(dir / "r.json");
    REQUIRE(replayed.size() == 2);
    CHECK(replayed.at(1).at("black") == "random");
    CHECK(replayed.at(1).at("winner") == "black");

    // The same game with a GTP engine as "random" (the configuration line edited to say so).
    nlohmann::json config = nlohmann::json::parse(lines[0]);
    config["config"]["engines"][1]["spec"] = "name=random,cmd:" + kFake;
    lines[0] = config.dump();
    write_lines(dir / "forged-gtp.jsonl", lines);
    run = run_othello_match("report --html g.html forged-gtp.jsonl", dir);
    CHECK(run.status == 2);
    CHECK(contains(run.err,
                   "move_evals[0] -20 on a move of random, an engine speaking gtp, "
                   "which reports no evals"));
    fs::remove_all(dir);
}

TEST_CASE("othello-match --draw: engines agreeing the game is level from move M on") {
    const fs::path dir = temp_dir("othello_draw");
    const std::string level = "'nboard:" + kFakeNboard + " --eval 0.5'";
    Run run = run_shell(kMatch + " --engine " + level + " --engine " + level +
                            " --games 1 --openings start --progress lines --records " +
                            (dir / "r.ggf").string() + " --results " + (dir / "r.json").string() +
                            " --draw moves=4,score=1,movenumber=10",
                        dir);
    REQUIRE(run.status == 0);
    const nlohmann::json game = games_of(dir / "r.json").at(0);
    CHECK(game.at("reason") == "draw adjudication");
    CHECK(game.at("winner") == "draw");
    CHECK(game.at("moves").get<std::string>().size() == 26u);  // moves 10 to 13 were level
    CHECK(run.out.find("1/2-1/2 {Draw by adjudication, ") != std::string::npos);
    CHECK(slurp(dir / "r.ggf").find("RE[+0.000:s]") != std::string::npos);
    run = run_shell(
        kMatch + " report --html " + (dir / "r.html").string() + " " + (dir / "r.jsonl").string(),
        dir);
    CHECK(run.status == 0);

    run = run_shell(
        kMatch + " --engine policy:random --engine policy:random --draw moves=0,score=1", dir);
    CHECK(run.status == 2);
    CHECK(run.err.find("--draw moves=0: expected a whole number from 1 to 60") !=
          std::string::npos);
    fs::remove_all(dir);
}
