// What no replay alone can prove, checked through the real othello-match: an adjudication only
// where the match adjudicates, exactly there and with the solver's score (past 14 empty squares
// only with a signature or within --proof-budget); a forfeit only of a kind
// the losing engine can commit; times and evals finite and in range, one per move; a journal
// without its configuration line, an edited openings hash and two different records of one game
// refused; and with --sign-key, records signed by the runner that played them and every reader
// (--resume, merge, ratings, report) refusing records not signed with the key.
#include <doctest/doctest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "engine/game.h"
#include "tests/match/match_test_support.h"
#include "tests/match/results/journal_edit_support.h"
#include "tests/support/programs.h"

using namespace othello;
using namespace othello::testing;
namespace fs = std::filesystem;

namespace {

// A process engine (random moves, `fake_args` its misbehaviour) against a policy: per-move
// times, and a real crash to edit.
std::string process_match(const std::string& fake_args = "") {
    return "--engine 'name=fake,cmd:" + kFake + fake_args +
           "' --engine policy:random --games 4 --openings random:3 --seed 5 --concurrency 1 "
           "--no-progress";
}
const std::string kProcess = process_match();

// The moves of `g` cut back to its opening, as a record of a game ended before its first move,
// with the discs on the board there.
void cut_to_opening(nlohmann::json& g) {
    g["moves"] = g["opening"];
    g.erase("move_seconds");
    g.erase("move_evals");
    const Game opened = Game::from_transcript(g["opening"].get<std::string>());
    g["black_discs"] = opened.current().disc_count(Color::Black);
    g["white_discs"] = opened.current().disc_count(Color::White);
}

// Black's discs moved by two (the winner following them): a score no solve gives.
void shift_score(nlohmann::json& g) {
    const int b = g["black_discs"].get<int>() + (g["black_discs"] == 64 ? -2 : 2);
    g["black_discs"] = b;
    g["white_discs"] = 64 - b;
    g["winner"] = b > 32 ? "black" : b < 32 ? "white" : "draw";
}

}  // namespace

TEST_CASE("an adjudication is refused where the match does not adjudicate, and re-solved") {
    const fs::path dir = temp_dir("match_claims_adjudicated");
    REQUIRE(run_othello_match(kTwoPolicyMatch + " --results r.json", dir).status == 0);
    const nlohmann::json played = read_json(dir / "r.json").at("games");
    std::vector<std::string> lines = lines_of(slurp(dir / "r.jsonl"));
    // The attack: a +9 win turned into a loss "adjudicated" right after the opening.
    const std::string early = edit_game(lines, 0, [](nlohmann::json& g) {
        cut_to_opening(g);
        g["reason"] = "adjudicated";
        g["winner"] = g["winner"] == "black" ? "white" : "black";
        g["black_discs"] = g["winner"] == "black" ? 64 : 0;
        g["white_discs"] = 64 - g["black_discs"].get<int>();
    });
    write_lines(dir / "r.jsonl", lines);
    const std::string why = "'r.jsonl' " + early +
                            ": game 0 (mobility - random): adjudicated, but its match does not "
                            "adjudicate (no --adjudicate in its configuration)";
    for (const char* reader : {"report --html p.html r.jsonl", "ratings --results q.json r.jsonl",
                               "merge --results m.json r.jsonl"}) {
        const Run r = run_othello_match(reader, dir);
        CAPTURE(reader);
        CHECK(r.status == 2);
        CHECK(contains(r.err, why));
    }
    fs::remove(dir / "r.json");
    const Run r = run_othello_match(kTwoPolicyMatch + " --resume --results r.json", dir);
    INFO(r.err);
    REQUIRE(r.status == 0);
    CHECK(contains(r.err, why + "; refused, that game is played again"));
    CHECK(read_json(dir / "r.json").at("games") == played);

    // A score edited at 12 empty squares: re-solved there (it was taken as it stood past 6).
    const std::string match = kTwoPolicyMatch + " --adjudicate 12";
    REQUIRE(run_othello_match(match + " --overwrite --results a.json", dir).status == 0);
    const nlohmann::json adjudicated = read_json(dir / "a.json").at("games");
    REQUIRE(adjudicated[2].at("reason") == "adjudicated");
    lines = lines_of(slurp(dir / "a.jsonl"));
    const int black = adjudicated[2].at("black_discs");
    const std::string shifted = edit_game(lines, 2, shift_score);
    write_lines(dir / "a.jsonl", lines);
    const Run m = run_othello_match("merge --results m.json a.jsonl", dir);
    CHECK(m.status == 2);
    CHECK(contains(m.err, "'a.jsonl' " + shifted + ": game 2 (mobility - random): adjudicated "));
    CHECK(contains(m.err, "but perfect play gives black " + std::to_string(black)));
    fs::remove_all(dir);
}

namespace {

// The budget bounds a file's solves in all too: what they took is said (`merged`, a merge of
// a.jsonl within 100000000), and a budget of one position less refuses the last record the
// solves reach (each alone fits).
void check_file_total_budget(const Run& merged, const fs::path& dir) {
    const std::string solved =
        "'a.jsonl': 12 adjudications no signature covers proved by "
        "solving them again, in ";
    REQUIRE(contains(merged.err, solved));
    const long total = std::stol(merged.err.substr(merged.err.find(solved) + solved.size()));
    CHECK(
        contains(merged.err, std::to_string(total) +
                                 " endgame-solver positions of the --proof-budget of 100000000 (a "
                                 "record, and the file in all)"));
    const std::string short_budget = std::to_string(total - 1);
    const Run r = run_othello_match(
        "merge --proof-budget " + short_budget + " --results m9.json a.jsonl", dir);
    CHECK(r.status == 2);
    CHECK(contains(r.err, "1 record does not check out"));
    CHECK(contains(r.err, " positions left of the --proof-budget of " + short_budget +
                              ", which bounds a file's solves in all"));
    CHECK(run_othello_match(
              "merge --proof-budget " + std::to_string(total) + " --results m9.json a.jsonl", dir)
              .status == 0);
}

}  // namespace

TEST_CASE("past 14 empty squares an adjudication is proved by its signature or a stated budget") {
    const fs::path dir = temp_dir("match_claims_proof_budget");
    std::ofstream(dir / "key") << "not-a-real-key-0123456789-abcdef";
    const std::string match = kTwoPolicyMatch + " --adjudicate 16";
    REQUIRE(run_othello_match(match + " --results a.json", dir).status == 0);
    REQUIRE(run_othello_match(match + " --sign-key key --results s.json", dir).status == 0);
    const nlohmann::json games = read_json(dir / "a.json").at("games");
    REQUIRE(games[0].at("reason") == "adjudicated");

    // Unsigned, with no budget: refused by every reader, saying how to prove it.
    const std::string unproved =
        "'a.jsonl' line 2: game 0 (mobility - random): adjudicated at 16 empty squares, a score "
        "no signature covers";
    for (const char* reader : {"ratings --results q.json a.jsonl", "merge --results m.json a.jsonl",
                               "report --html p.html a.jsonl"}) {
        CAPTURE(reader);
        const Run r = run_othello_match(reader, dir);
        CHECK(r.status == 2);
        CHECK(contains(r.err, unproved));
        CHECK(contains(r.err, "--proof-budget"));
    }
    // A budget too small for the solve: refused, naming it.
    Run r = run_othello_match("ratings --proof-budget 50 --results q.json a.jsonl", dir);
    CHECK(r.status == 2);
    CHECK(contains(r.err,
                   "game 0 (mobility - random): adjudicated at 16 empty squares: proving "
                   "its score takes the endgame solver more than the --proof-budget of 50 "
                   "positions"));
    // A budget that fits: solved again and accepted; an edited score is still caught.
    r = run_othello_match("ratings --proof-budget 100000000 --results q.json a.jsonl", dir);
    INFO(r.err);
    CHECK(r.status == 0);
    r = run_othello_match("merge --proof-budget 100000000 --results m.json a.jsonl", dir);
    CHECK(r.status == 0);
    check_file_total_budget(r, dir);
    CHECK(run_othello_match("report --proof-budget 100000000 --html p.html a.jsonl", dir).status ==
          0);
    std::vector<std::string> lines = lines_of(slurp(dir / "a.jsonl"));
    const std::string shifted = edit_game(lines, 0, shift_score);
    write_lines(dir / "e.jsonl", lines);
    r = run_othello_match("ratings --proof-budget 100000000 --results q2.json e.jsonl", dir);
    CHECK(r.status == 2);
    CHECK(contains(r.err, "'e.jsonl' " + shifted +
                              ": game 0 (mobility - random): adjudicated "
                              "score"));

    // Signed: the signature proves the score, with no budget.
    r = run_othello_match("ratings --sign-key key --results q3.json s.jsonl", dir);
    INFO(r.err);
    CHECK(r.status == 0);

    // --resume without a budget plays the unproved games again; with one, none.
    fs::remove(dir / "a.json");
    r = run_othello_match(match + " --resume --results a.json", dir);
    CHECK(r.status == 0);
    CHECK(contains(r.err, unproved));
    CHECK(contains(r.err, "that game is played again"));
    fs::remove(dir / "a.json");
    r = run_othello_match(match + " --resume --proof-budget 100000000 --results a.json", dir);
    CHECK(r.status == 0);
    CHECK_FALSE(contains(r.err, "played again"));
    CHECK(read_json(dir / "a.json").at("games") == games);
    fs::remove_all(dir);
}

TEST_CASE("a forfeit is refused where the losing engine cannot commit it") {
    const fs::path dir = temp_dir("match_claims_forfeits");
    REQUIRE(run_othello_match(kTwoPolicyMatch + " --results r.json", dir).status == 0);
    std::vector<std::string> lines = lines_of(slurp(dir / "r.jsonl"));
    // A "crash" of the in-process mobility policy before its first move.
    const std::string crash = edit_game(lines, 1, [](nlohmann::json& g) {
        cut_to_opening(g);
        g["reason"] = "crash";
        g["winner"] = "black";  // white (mobility) crashed
    });
    write_lines(dir / "r.jsonl", lines);
    Run r = run_othello_match("ratings --results q.json r.jsonl", dir);
    CHECK(r.status == 2);
    CHECK(contains(r.err, "'r.jsonl' " + crash +
                              ": game 1 (random - mobility): crash by mobility, an in-process "
                              "policy, which cannot have one"));

    // A process engine without a clock really crashes; it cannot lose on time.
    REQUIRE(run_othello_match(process_match(" --mode crash --at 3") + " --results p.json", dir)
                .status == 0);
    const nlohmann::json games = read_json(dir / "p.json").at("games");
    int crashed = -1;
    for (const auto& g : games)
        if (g.at("reason") == "crash") crashed = g.at("id");
    REQUIRE(crashed >= 0);
    r = run_othello_match("report --html p.html p.jsonl", dir);  // a real crash reads back
    CHECK(r.status == 0);
    lines = lines_of(slurp(dir / "p.jsonl"));
    const std::string on_time =
        edit_game(lines, crashed, [](nlohmann::json& g) { g["reason"] = "time forfeit"; });
    write_lines(dir / "p.jsonl", lines);
    r = run_othello_match("report --html p2.html p.jsonl", dir);
    CHECK(r.status == 2);
    CHECK(contains(r.err, "'p.jsonl' " + on_time + ": game " + std::to_string(crashed) + " (" +
                              games[crashed].at("black").get<std::string>() + " - " +
                              games[crashed].at("white").get<std::string>() +
                              "): time forfeit by fake, which played without a clock (no tc= or "
                              "st= in its spec, no --game-time)"));
    fs::remove_all(dir);
}

TEST_CASE("a time forfeit is refused where the loser's recorded time is short of its clock") {
    const fs::path dir = temp_dir("match_claims_flag");
    // st=0.2 for an engine that takes 0.3 s a move, no margin: it loses on time, for real.
    REQUIRE(run_othello_match("--engine 'name=fake,st=0.2,cmd:" + kFake +
                                  " --delay 0.3' --engine policy:random --games 2 --openings "
                                  "start --time-margin 0 --no-progress --results r.json",
                              dir)
                .status == 0);
    const nlohmann::json games = read_json(dir / "r.json").at("games");
    REQUIRE(games.at(0).at("reason") == "time forfeit");
    Run r = run_othello_match("report --html r.html r.jsonl", dir);  // a real flag reads back
    CHECK(r.status == 0);
    // The loser's time edited down to 0.008 s of its 0.2 s: its clock disproves the forfeit.
    std::vector<std::string> lines = lines_of(slurp(dir / "r.jsonl"));
    const bool fake_black = games.at(0).at("black") == "fake";
    const std::string at = edit_game(lines, 0, [&](nlohmann::json& g) {
        g[fake_black ? "black_seconds" : "white_seconds"] = 0.008;
    });
    write_lines(dir / "r.jsonl", lines);
    r = run_othello_match("report --html e.html r.jsonl", dir);
    CHECK(r.status == 2);
    CHECK(contains(r.err, "'r.jsonl' " + at + ": game 0 (" +
                              games.at(0).at("black").get<std::string>() + " - " +
                              games.at(0).at("white").get<std::string>() +
                              "): time forfeit by fake, who used 0.008 s, but its clock (st=0.2) "
                              "gave it 0.2 s for 0 moves"));
    fs::remove_all(dir);
}

TEST_CASE("times and evals read back are finite, in range and one per move") {
    const fs::path dir = temp_dir("match_claims_numbers");
    REQUIRE(run_othello_match(kProcess + " --results r.json --records r.ggf", dir).status == 0);
    const nlohmann::json played = read_json(dir / "r.json").at("games");
    const std::string ggf = slurp(dir / "r.ggf");
    REQUIRE(played[0].contains("move_seconds"));
    std::vector<std::string> lines = lines_of(slurp(dir / "r.jsonl"));
    // The GGF: B[g3/1e+308/inf] (JSON has no infinity: 1e400 is refused as not JSON).
    const std::string huge =
        edit_game(lines, 0, [](nlohmann::json& g) { g["move_seconds"][0] = 1e308; });
    const std::string negative =
        edit_game(lines, 1, [](nlohmann::json& g) { g["white_seconds"] = -1; });
    const std::string eval = edit_game(lines, 2, [](nlohmann::json& g) {
        g["move_evals"] = nlohmann::json::array();
        for (std::size_t i = 0; i < g["move_seconds"].size(); ++i) g["move_evals"].push_back(1e9);
    });
    const std::string shorter =
        edit_game(lines, 3, [](nlohmann::json& g) { g["move_seconds"].erase(0); });
    write_lines(dir / "r.jsonl", lines);
    fs::remove(dir / "r.json");
    const Run r = run_othello_match(kProcess + " --resume --results r.json --records r.ggf", dir);
    INFO(r.err);
    REQUIRE(r.status == 0);
    CHECK(contains(r.err, "'r.jsonl' " + huge +
                              ": game 0 (fake - random): move_seconds[0] 1e+308 is not a time "
                              "from 0 to 1e9 seconds"));
    CHECK(contains(r.err, "'r.jsonl' " + negative +
                              ": game 1 (random - fake): white_seconds -1 is not a time from 0 "
                              "to 1e9 seconds"));
    CHECK(contains(r.err, "'r.jsonl' " + eval +
                              ": game 2 (fake - random): move_evals[0] 1e+09 "
                              "is not an eval from -64 to 64 discs"));
    CHECK(contains(r.err, "'r.jsonl' " + shorter + ": game 3 (random - fake): move_seconds has " +
                              std::to_string(played[3].at("move_seconds").size() - 1) +
                              " entries, but " +
                              std::to_string(played[3].at("move_seconds").size()) +
                              " moves were played after the opening"));
    // Every game was played again: the GGF holds no number the runner did not measure.
    CHECK(!contains(slurp(dir / "r.ggf"), "e+"));
    CHECK(!contains(slurp(dir / "r.ggf"), "inf"));
    CHECK(read_json(dir / "r.json").at("games").size() == 4);
    fs::remove_all(dir);
}

TEST_CASE(
    "a journal without its configuration line, an edited openings hash and two records "
    "of one game are refused") {
    const fs::path dir = temp_dir("match_claims_files");
    REQUIRE(run_othello_match(kTwoPolicyMatch + " --results r.json", dir).status == 0);
    std::vector<std::string> lines = lines_of(slurp(dir / "r.jsonl"));
    const std::vector<std::string> original = lines;
    lines.erase(lines.begin());
    write_lines(dir / "r.jsonl", lines);
    const std::string why =
        "'r.jsonl' line 1: a game, but the journal has no configuration line before it";
    Run r = run_othello_match(kTwoPolicyMatch + " --resume --results r.json", dir);
    CHECK(r.status == 2);
    CHECK(contains(r.err, why));
    CHECK(contains(
        r.err,
        "Put that line back (the results file's \"config\" holds the same), or, "
        "resuming a match, start a new journal: drop --resume and give another --results, or "
        "--overwrite"));
    for (const char* reader :
         {"report --html p.html r.jsonl", "ratings --results q.json r.jsonl"}) {
        r = run_othello_match(reader, dir);
        CAPTURE(reader);
        CHECK(r.status == 2);
        CHECK(contains(r.err, why));
    }
    write_lines(dir / "r.jsonl", original);

    // An edited openings hash: an error, not a note.
    nlohmann::json results = read_json(dir / "r.json");
    results["config"]["openings"]["hash"] = "0123456789abcdef";
    std::ofstream(dir / "h.json") << results.dump(1);
    // Every reader checks it, as merge does (report and ratings did not).
    for (const char* reader : {"merge --results m.json h.json", "report --html m.html h.json",
                               "ratings --results m.json h.json"}) {
        CAPTURE(reader);
        r = run_othello_match(reader, dir);
        CHECK(r.status == 2);
        CHECK(contains(r.err,
                       "'h.json': the configuration's openings hash \"0123456789abcdef\" is "
                       "not that of its openings"));
        CHECK(!fs::exists(dir / "m.json"));
        CHECK(!fs::exists(dir / "m.html"));
    }

    // A legal game of another opening in the place of game 0 (the hash intact): refused by
    // every reader against the schedule.
    results = read_json(dir / "r.json");
    nlohmann::json other = results["games"][0];
    for (const auto& g : results["games"]) {
        if (g["opening"] != other["opening"]) {
            const int id = other["id"];
            other = g;
            other["id"] = id;
            break;
        }
    }
    REQUIRE(other["opening"] != results["games"][0]["opening"]);
    results["games"][0] = other;
    std::ofstream(dir / "o.json") << results.dump(1);
    for (const char* reader : {"merge --results m.json o.json", "report --html m.html o.json",
                               "ratings --results m.json o.json"}) {
        CAPTURE(reader);
        r = run_othello_match(reader, dir);
        CHECK(r.status == 2);
        CHECK(contains(r.err, "'o.json' games[0]: game 0"));
        CHECK(!fs::exists(dir / "m.json"));
        CHECK(!fs::exists(dir / "m.html"));
    }

    // ratings: the same game of one match, different in two files.
    results = read_json(dir / "r.json");
    results["games"][4]["black_seconds"] = 12.5;
    std::ofstream(dir / "c.json") << results.dump(1);
    r = run_othello_match("ratings --results q.json r.jsonl c.json", dir);
    CHECK(r.status == 2);
    CHECK(contains(r.err, "game 4: 'r.jsonl' line 6 and 'c.json' games[4] hold different games"));
    CHECK(!fs::exists(dir / "q.json"));
    fs::remove_all(dir);
}

TEST_CASE("a FIFO as openings or as a file read back is refused at once, never waited on") {
    const fs::path dir = temp_dir("match_claims_fifo");
    REQUIRE(::mkfifo((dir / "ff").c_str(), 0600) == 0);
    // Nobody writes the FIFO: each of these hung (the match ignoring SIGTERM) before.
    for (const char* command :
         {"--engine policy:random --engine policy:mobility --openings ff --no-progress",
          "report --html p.html ff", "merge --results m.json ff", "ratings --results q.json ff"}) {
        CAPTURE(command);
        const Run r = run_shell(
            "cd " + dir.string() + " && timeout -s KILL 20 " + kMatch + " " + command, dir);
        CHECK(r.status == 2);
        CHECK(contains(r.err, "ff: not a regular file (a FIFO)"));
    }
    fs::remove_all(dir);
}

namespace {

// Two shards of kTwoPolicyMatch signed with `key` (s0.json, s1.json and their journals), merged
// into m.json; every reader takes them.
void play_signed_shards(const fs::path& dir) {
    for (int k : {0, 1}) {
        REQUIRE(run_othello_match(kTwoPolicyMatch + " --sign-key key --run-id r1 --shard " +
                                      std::to_string(k) + "/2 --results s" + std::to_string(k) +
                                      ".json",
                                  dir)
                    .status == 0);
    }
    const nlohmann::json shard0 = read_json(dir / "s0.json");
    for (const auto& g : shard0.at("games"))
        CHECK(g.at("sig").get<std::string>().starts_with("hmac-sha256:"));
    Run r = run_othello_match("merge --sign-key key --results m.json s0.jsonl s1.json", dir);
    INFO(r.err);
    REQUIRE(r.status == 0);
    r = run_othello_match("ratings --sign-key key --results q.json m.json s0.jsonl", dir);
    CHECK(r.status == 0);
    r = run_othello_match("report --sign-key key --html p.html m.json", dir);
    CHECK(r.status == 0);
}

// Signed with another key; an edited field; the configuration a record is bound to edited.
void check_forgeries_refused(const fs::path& dir) {
    Run r = run_othello_match("merge --sign-key other --results m2.json s0.jsonl s1.json", dir);
    CHECK(r.status == 2);
    CHECK(contains(r.err,
                   "'s0.jsonl' line 2: game 0 (mobility - random): signature does not "
                   "match (the record or its match's configuration was edited, or another "
                   "key signed it)"));
    std::vector<std::string> lines = lines_of(slurp(dir / "s1.jsonl"));
    const std::vector<std::string> original = lines;
    const int id = read_json(dir / "s1.json").at("games")[0].at("id");
    const std::string edited =
        edit_game(lines, id, [](nlohmann::json& g) { g["white_seconds"] = 1.5; });
    write_lines(dir / "s1.jsonl", lines);
    r = run_othello_match("ratings --sign-key key --results q2.json s1.jsonl", dir);
    CHECK(r.status == 2);
    CHECK(contains(r.err, "'s1.jsonl' " + edited + ": game " + std::to_string(id)));
    CHECK(contains(r.err, "signature does not match"));
    lines = original;
    nlohmann::json config = nlohmann::json::parse(lines[0]);
    config["config"]["games"] = 14;  // games 12 and 13 would be this match's too
    lines[0] = config.dump();
    write_lines(dir / "s1.jsonl", lines);
    r = run_othello_match("report --sign-key key --html p2.html s1.jsonl", dir);
    CHECK(r.status == 2);
    CHECK(contains(r.err, "records do not check out:\n  's1.jsonl' line 2: game "));
    write_lines(dir / "s1.jsonl", original);
}

// Unsigned records (a shard run without the key): merge refuses, --resume plays them again.
void check_unsigned_refused(const fs::path& dir) {
    REQUIRE(run_othello_match(kTwoPolicyMatch + " --run-id r1 --shard 1/2 --results u1.json", dir)
                .status == 0);
    Run r = run_othello_match("merge --sign-key key --results m3.json s0.json u1.jsonl", dir);
    CHECK(r.status == 2);
    CHECK(contains(r.err,
                   "'u1.jsonl' line 2: game 2 (mobility - random): unsigned, but "
                   "--sign-key asks for signed records"));
    CHECK(!fs::exists(dir / "m3.json"));
    fs::remove(dir / "u1.json");
    r = run_othello_match(
        kTwoPolicyMatch + " --sign-key key --shard 1/2 --resume --results u1.json", dir);
    CHECK(r.status == 0);
    CHECK(contains(r.err,
                   "unsigned, but --sign-key asks for signed records; refused, that game "
                   "is played again"));
    r = run_othello_match("merge --sign-key key --results m4.json s0.json u1.jsonl", dir);
    CHECK(r.status == 0);
    CHECK(read_json(dir / "m4.json").at("games") == read_json(dir / "m.json").at("games"));
}

// A signed journal resumed without the key: refused before any game, rather than going on
// unsigned.
void check_resume_needs_key(const fs::path& dir) {
    const std::string before = slurp(dir / "s0.jsonl");
    const Run r = run_othello_match(
        kTwoPolicyMatch + " --run-id r1 --shard 0/2 --resume --results s0.json", dir);
    CHECK(r.status == 2);
    CHECK(contains(r.err,
                   "--resume: 's0.jsonl' holds signed records (its match ran with "
                   "--sign-key): give the same --sign-key FILE"));
    CHECK(slurp(dir / "s0.jsonl") == before);
}

// A signed results file whose unsigned fields were edited: a rating list that puts the engine
// that scored less first at +900, and a summary naming an engine that never played. The page
// with --sign-key shows neither; without it the file is drawn as it is written.
void check_page_from_signed_games(const fs::path& dir) {
    nlohmann::json results = read_json(dir / "m.json");
    results["ratings"] =
        nlohmann::json::array({{{"engine", "random"}, {"elo", 900}, {"error", 1}},
                               {{"engine", "mobility"}, {"elo", -900}, {"error", 1}}});
    results["summary"]["engines"].push_back({{"name", "phantom"},
                                             {"games", 0},
                                             {"wins", 0},
                                             {"losses", 0},
                                             {"draws", 0},
                                             {"score", 0}});
    std::ofstream(dir / "edited.json") << results.dump();
    Run r = run_othello_match("report --sign-key key --html signed.html edited.json", dir);
    CHECK(r.status == 0);
    const std::string page = slurp(dir / "signed.html");
    CHECK(!contains(page, "phantom"));
    CHECK(!contains(page, "900"));
    r = run_othello_match("report --html unsigned.html edited.json", dir);
    CHECK(r.status == 0);
    CHECK(contains(slurp(dir / "unsigned.html"), "phantom"));
}

// Key files that are no key, refused by name; the key (`secret`) never printed.
void check_bad_key_files(const fs::path& dir, const std::string& secret) {
    ::mkfifo((dir / "fifo").c_str(), 0600);
    std::ofstream(dir / "empty");
    fs::create_directory(dir / "folder");
    const std::vector<std::pair<std::string, std::string>> bad = {
        {"missing", "--sign-key 'missing': No such file or directory"},
        {"empty", "--sign-key 'empty' is empty"},
        {"fifo", "--sign-key 'fifo' is not a regular file"},
        {"folder", "--sign-key 'folder' is not a regular file"},
        // Size 0 on stat, a text of its own for each process that reads it.
        {"/proc/self/status",
         "--sign-key '/proc/self/status' holds other bytes than its size says (0)"},
    };
    for (const auto& [file, message] : bad) {
        for (const std::string& command :
             {kTwoPolicyMatch + " --results x.json", std::string("merge --results x.json s0.json"),
              std::string("ratings --results x.json s0.json")}) {
            const Run r = run_othello_match(command + " --sign-key " + file, dir);
            CAPTURE(command);
            CHECK(r.status == 2);
            CHECK(contains(r.err, message));
        }
    }
    const Run r = run_othello_match("merge --sign-key other --results m5.json s0.jsonl", dir);
    CHECK(!contains(r.err + r.out, secret));
    CHECK(!fs::exists(dir / "x.json"));
}

}  // namespace

TEST_CASE("runs: a signed record cannot move to another run of one command; merge says so") {
    const fs::path dir = temp_dir("match_claims_runs");
    std::ofstream(dir / "key") << "not-a-real-key-0123456789-abcdef";
    for (const char* name : {"a", "b"}) {
        REQUIRE(
            run_othello_match(kTwoPolicyMatch + " --sign-key key --results " + name + ".json", dir)
                .status == 0);
    }
    const std::string run_a = read_json(dir / "a.json").at("config").at("run");
    const std::string run_b = read_json(dir / "b.json").at("config").at("run");
    CHECK(run_a.size() == 16);
    CHECK(run_a != run_b);
    // Game 3 of run a put in place of run b's: the same game, signed with the same key, but
    // for another run.
    std::vector<std::string> a = lines_of(slurp(dir / "a.jsonl"));
    std::vector<std::string> b = lines_of(slurp(dir / "b.jsonl"));
    const std::size_t at = line_of_game(b, 3);
    b[at] = a[line_of_game(a, 3)];
    write_lines(dir / "b.jsonl", b);
    Run r = run_othello_match("ratings --sign-key key --results q.json b.jsonl", dir);
    CHECK(r.status == 2);
    CHECK(contains(r.err, "'b.jsonl' line " + std::to_string(at + 1) +
                              ": game 3 (random - mobility): signature does not match"));
    r = run_othello_match("merge --sign-key key --results m.json a.json b.json", dir);
    CHECK(r.status == 2);
    CHECK(contains(r.err, "'a.json' and 'b.json' are two runs of one configuration (run \"" +
                              run_a + "\", run \"" + run_b + "\"): merge the shards of one run"));
    CHECK(!fs::exists(dir / "m.json"));
    fs::remove_all(dir);
}

TEST_CASE("--sign-key: records signed where played; unsigned or edited ones refused by name") {
    const fs::path dir = temp_dir("match_claims_signed");
    const std::string secret = "not-a-real-key-0123456789-abcdef";
    std::ofstream(dir / "key") << secret;
    std::ofstream(dir / "other") << secret << "!";
    play_signed_shards(dir);
    check_forgeries_refused(dir);
    check_unsigned_refused(dir);
    check_page_from_signed_games(dir);
    check_resume_needs_key(dir);
    check_bad_key_files(dir, secret);
    fs::remove_all(dir);
}

TEST_CASE("--sign-key shards: a shard needs a run id, and merge refuses another run's shard") {
    const fs::path dir = temp_dir("match_claims_shard_runs");
    std::ofstream(dir / "key") << "not-a-real-key-0123456789-abcdef";
    // Without --run-id an earlier run's signed shard could not be told from this run's.
    Run r =
        run_othello_match(kTwoPolicyMatch + " --sign-key key --shard 1/2 --results x.json", dir);
    CHECK(r.status == 2);
    CHECK(contains(r.err,
                   "--shard with --sign-key needs --run-id ID, one for all the shards of a "
                   "run, so that merge refuses a shard of another run"));
    CHECK(!fs::exists(dir / "x.jsonl"));
    // Run a's two shards, and shard 1 of run b (the same command played again) in its place.
    for (const std::string shard : {"a 0", "a 1", "b 1"}) {
        const std::string run(1, shard[0]), k(1, shard[2]);
        REQUIRE(run_othello_match(kTwoPolicyMatch + " --sign-key key --run-id " + run +
                                      " --shard " + k + "/2 --results " + run + k + ".json",
                                  dir)
                    .status == 0);
    }
    r = run_othello_match("merge --sign-key key --results m.json a0.jsonl b1.jsonl", dir);
    CHECK(r.status == 2);
    CHECK(contains(r.err,
                   "'a0.jsonl' and 'b1.jsonl' are two runs of one configuration (run "
                   "\"a\", run \"b\"): merge the shards of one run"));
    CHECK(!contains(r.out + r.err, "complete"));
    CHECK(!fs::exists(dir / "m.json"));
    r = run_othello_match("merge --sign-key key --results m.json a0.jsonl a1.jsonl", dir);
    CHECK(r.status == 0);
    fs::remove_all(dir);
}
