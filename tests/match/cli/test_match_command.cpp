// The othello-match command end to end: a real match against gtp-rhino, the results file, a
// killed match resumed to exactly N games, and clear errors for bad arguments.
#include <doctest/doctest.h>
#include <signal.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <thread>

#include "engine/game.h"
#include "protocol/engine_process.h"
#include "tests/match/match_test_support.h"
#include "tests/support/programs.h"

using namespace othello;
namespace fs = std::filesystem;
using namespace othello::testing;

namespace {

// Every game replays legally from the start to its end and its disc counts and winner agree.
void check_complete_legal_games(const nlohmann::json& games) {
    for (const auto& g : games) {
        CAPTURE(g.dump());
        CHECK(g.at("reason") == "normal");
        const Game game = Game::from_transcript(g.at("moves").get<std::string>());
        CHECK(game.is_over());
        const int black = game.current().disc_count(Color::Black),
                  white = game.current().disc_count(Color::White);
        CHECK(g.at("black_discs") == black);
        CHECK(g.at("white_discs") == white);
        CHECK(g.at("winner") == (black > white ? "black" : black < white ? "white" : "draw"));
    }
}

}  // namespace

TEST_CASE(
    "othello-engine --policy mobility against gtp-rhino -l 1, both colours, named as they "
    "answer GTP's name") {
    if (!fs::exists("/usr/games/gtp-rhino")) {
        MESSAGE("gtp-rhino is not installed; skipped");
        return;
    }
    const fs::path dir = temp_dir("match_rhino");
    const Run r = run_othello_match(
        "--engine 'cmd:" + kBin +
            "/othello-engine --policy mobility' --engine "
            "'cmd:/usr/games/gtp-rhino -l 1' --games 4 --concurrency 2 --results " +
            (dir / "results.json").string(),
        dir);
    INFO(r.err);
    REQUIRE(r.status == 0);
    CHECK(r.out.find("othello mobility vs GTP GRhino: 4 games") != std::string::npos);
    CHECK(r.out.find("Pentanomial") != std::string::npos);
    const auto results = nlohmann::json::parse(slurp(dir / "results.json"));
    const auto& games = results.at("games");
    REQUIRE(games.size() == 4);
    std::set<std::string> blacks;
    for (const auto& g : games) {
        blacks.insert(g.at("black").get<std::string>());
        CHECK(g.at("opening").get<std::string>().size() == 16);  // default: balanced, 8 plies
    }
    CHECK(blacks == std::set<std::string>{"othello mobility", "GTP GRhino"});
    // A shard's engines are not asked: they keep their commands' names, the same on any machine.
    const Run shard =
        run_othello_match("--engine 'cmd:" + kBin +
                              "/othello-engine --policy mobility' --engine policy:random "
                              "--games 4 --shard 0/2 --no-progress --results " +
                              (dir / "shard.json").string(),
                          dir);
    REQUIRE(shard.status == 0);
    CHECK(
        nlohmann::json::parse(slurp(dir / "shard.json")).at("config").at("engines")[0].at("name") ==
        "othello-engine --policy mobility");
    check_complete_legal_games(games);
    fs::remove_all(dir);
}

TEST_CASE("a killed match resumes to exactly N distinct games") {
    const fs::path dir = temp_dir("match_resume");
    const fs::path results = dir / "results.json";
    const fs::path journal = dir / "results.jsonl";
    constexpr int kGames = 40;
    const std::vector<std::string> argv{kMatch,
                                        "--engine",
                                        "cmd:" + kBin + "/fake-gtp-engine",
                                        "--engine",
                                        "name=other,cmd:" + kBin + "/fake-gtp-engine --seed 2",
                                        "--games",
                                        std::to_string(kGames),
                                        "--concurrency",
                                        "2",
                                        "--openings",
                                        "random:4",
                                        "--results",
                                        results.string()};
    {
        EngineProcess match(ProcessOptions{argv, "", false});
        // Kill it once a few games are in the journal (however slow the machine, e.g. under a
        // sanitizer).
        const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(60);
        while (std::chrono::steady_clock::now() < give_up) {
            std::ifstream in(journal);
            std::string line;
            int lines = 0;
            while (std::getline(in, line)) ++lines;
            if (lines >= 5) break;
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        ::kill(match.pid(), SIGKILL);
    }
    CHECK(!fs::exists(results));  // killed before the end
    // A line cut short by the kill must not count: simulate one.
    std::ofstream(journal, std::ios::app) << "{\"id\": 39, \"pair\": 1";
    const Run r = run_othello_match(
        "--engine 'cmd:" + kBin + "/fake-gtp-engine' --engine 'name=other,cmd:" + kBin +
            "/fake-gtp-engine --seed 2' --games 40 --concurrency 2 --openings random:4 --resume "
            "--results " +
            results.string(),
        dir);
    INFO(r.err);
    REQUIRE(r.status == 0);
    CHECK(r.err.find("Resuming: ") != std::string::npos);
    const auto games = nlohmann::json::parse(slurp(results)).at("games");
    REQUIRE(games.size() == kGames);
    std::set<int> ids;
    for (const auto& g : games) ids.insert(g.at("id").get<int>());
    CHECK(ids.size() == kGames);
    CHECK(*ids.begin() == 0);
    CHECK(*ids.rbegin() == kGames - 1);
    check_complete_legal_games(games);
    CHECK(r.out.find(": 40 games") != std::string::npos);

    // Resuming a finished match plays nothing more.
    const Run again = run_othello_match(
        "--engine 'cmd:" + kBin + "/fake-gtp-engine' --engine 'name=other,cmd:" + kBin +
            "/fake-gtp-engine --seed 2' --games 40 --resume --openings random:4 --results " +
            results.string(),
        dir);
    CHECK(again.status == 0);
    CHECK(nlohmann::json::parse(slurp(results)).at("games").size() == kGames);
    fs::remove_all(dir);
}

TEST_CASE("in-process policies: a fast match, pinned JSON fields, SPRT stops early") {
    const fs::path dir = temp_dir("match_policy");
    const Run r = run_othello_match(
        "--engine policy:mobility --engine policy:random --games 2000 --openings random:3 "
        "--sprt elo0=0,elo1=100 --results " +
            (dir / "r.json").string() + " --records " + (dir / "games.txt").string(),
        dir);
    INFO(r.err);
    REQUIRE(r.status == 0);
    CHECK(r.out.find("H1 accepted") != std::string::npos);
    const auto games = nlohmann::json::parse(slurp(dir / "r.json")).at("games");
    CHECK(games.size() < 2000);
    for (const char* field :
         {"black", "white", "moves", "black_discs", "white_discs", "winner", "reason", "opening"}) {
        CHECK(games[0].contains(field));
    }
    check_complete_legal_games(games);
    std::ifstream records(dir / "games.txt");
    std::string first;
    std::getline(records, first);
    CHECK(first.starts_with(games[0].at("moves").get<std::string>() + "\t#"));
    fs::remove_all(dir);
}

TEST_CASE("bad arguments and unreachable engines give clear errors") {
    const fs::path dir = temp_dir("match_errors");
    Run r = run_othello_match("--engine policy:random", dir);
    CHECK(r.status == 2);
    CHECK(r.err.find("at least two --engine") != std::string::npos);
    r = run_othello_match("--engine policy:random --engine 'tcp://127.0.0.1:notaport'", dir);
    CHECK(r.status == 2);
    CHECK(r.err.find("tcp://HOST:PORT") != std::string::npos);
    r = run_othello_match("--engine policy:random --engine policy:nosuch", dir);
    CHECK(r.status == 2);
    CHECK(r.err.find("unknown policy 'nosuch'") != std::string::npos);
    r = run_othello_match(
        "--engine policy:random --engine policy:mobility --openings /nonexistent.txt", dir);
    CHECK(r.status == 2);
    CHECK(r.err.find("cannot open openings file '/nonexistent.txt'") != std::string::npos);
    r = run_othello_match(
        "--engine policy:random --engine 'name=gone,cmd:/nonexistent/engine' --games 2", dir);
    CHECK(r.status == 1);
    CHECK(r.err.find("engine 'gone' failed to start: cannot start '/nonexistent/engine'") !=
          std::string::npos);
    // No table of zeros before the error: nothing was played.
    CHECK(r.out == "No game was played.\n");
    fs::remove_all(dir);
}

TEST_CASE("in-process matches replay identically at any concurrency") {
    const fs::path dir = temp_dir("match_reproducible");
    std::map<int, std::string> moves_by_id[2];
    for (int run = 0; run < 2; ++run) {
        const fs::path results = dir / (run == 0 ? "first.json" : "second.json");
        std::ostringstream args;
        args << "--engine policy:mobility --engine policy:random --games 60 --openings balanced "
                "--seed 7"
             << " --no-progress --concurrency " << run + 1 << " --results " << results.string();
        const Run r = run_othello_match(args.str(), dir);
        REQUIRE(r.status == 0);
        std::ifstream in(results);
        const auto json = nlohmann::json::parse(in);
        INFO("stderr: " << r.err);
        for (const auto& g : json.at("games")) {
            moves_by_id[run][g.at("id").get<int>()] = g.at("moves").get<std::string>();
        }
    }
    CHECK(moves_by_id[0].size() == 60);
    CHECK(moves_by_id[0] == moves_by_id[1]);
    fs::remove_all(dir);
}
