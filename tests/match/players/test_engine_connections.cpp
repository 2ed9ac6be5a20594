// Engine specs where protocol and connection are separate choices: `protocol=gtp|nboard` with
// `cmd:` or `tcp://HOST:PORT`, through the real othello-match against real `othello-engine
// --listen` servers on 127.0.0.1 (NBoard with a token; a forfeit and a dropped connection, each
// followed by a new connection), and `nboard:CMD` as the short form of `protocol=nboard,cmd:CMD`.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/game.h"
#include "match/players/engine_protocols.h"
#include "match/players/engine_spec.h"
#include "tests/match/match_test_support.h"
#include "tests/support/engine_server_process.h"
#include "tests/support/programs.h"

using namespace othello;
using namespace othello::testing;
namespace fs = std::filesystem;

namespace {

std::string tcp_address(const EngineServerProcess& server) {
    return "tcp://127.0.0.1:" + std::to_string(server.port());
}

// The lines of a file that equal `line`.
int lines_equal_to(const fs::path& path, const std::string& line) {
    std::istringstream in(slurp(path));
    int n = 0;
    for (std::string l; std::getline(in, l);) n += l == line;
    return n;
}

// Every game ended normally with a finished game the referee replayed, and `engine`'s moves
// carried evaluations exactly when `with_evals` (NBoard sends them, GTP does not).
void check_refereed(const nlohmann::json& games, const std::string& engine, bool with_evals) {
    for (const auto& g : games) {
        CAPTURE(g.dump());
        CHECK(g.at("reason") == "normal");
        const Game played = Game::from_transcript(g.at("moves").get<std::string>());
        CHECK(played.is_over());
        if (!g.contains("move_evals")) {  // left out when no move has one
            CHECK_FALSE(with_evals);
            continue;
        }
        Game replay = Game::from_transcript(g.at("opening").get<std::string>());
        int evals = 0;
        for (const auto& eval : g.at("move_evals")) {
            while (!replay.current().has_legal_move()) replay.play(Move::pass());
            const bool engine_moves =
                (replay.current().side_to_move() == Color::Black) == (g.at("black") == engine);
            CHECK(eval.is_null() != (engine_moves && with_evals));
            evals += !eval.is_null();
            const std::size_t k = replay.transcript().size();
            replay.play(Move::parse(g.at("moves").get<std::string>().substr(k, 2)).value());
        }
        if (with_evals) CHECK(evals > 10);
    }
}

}  // namespace

TEST_CASE("engine specs: protocol= and the connection are two choices") {
    const EngineSpec short_form = parse_engine_spec("depth=6,nboard:edax -q");
    const EngineSpec long_form = parse_engine_spec("depth=6,protocol=nboard,cmd:edax -q");
    for (const EngineSpec* spec : {&short_form, &long_form}) {
        CHECK(spec->kind == EngineSpec::Kind::Engine);
        CHECK(spec->protocol == "nboard");
        CHECK(spec->connection.kind == EngineConnection::Kind::Process);
        CHECK(spec->connection.process.argv == std::vector<std::string>{"edax", "-q"});
        CHECK(spec->name == "edax -q");
        CHECK(spec->depth == 6);
    }
    const EngineSpec served = parse_engine_spec("depth=3,token=t,protocol=nboard,tcp://h:7000");
    CHECK(served.protocol == "nboard");
    CHECK(served.connection.kind == EngineConnection::Kind::Tcp);
    CHECK(served.connection.host == "h");
    CHECK(served.connection.port == 7000);
    CHECK(served.connection.token == "t");
    CHECK(served.depth == 3);
    CHECK(parse_engine_spec("protocol=gtp,tcp://h:7000").protocol == "gtp");
    CHECK(parse_engine_spec("tcp://h:7000").protocol == "gtp");
    CHECK(parse_engine_spec("cmd:x", "protocol=nboard").protocol == "nboard");
    // --each may carry protocol= for a mix of engines: policies, humans and nboard: skip it.
    CHECK(parse_engine_spec("policy:random", "protocol=nboard").kind == EngineSpec::Kind::Policy);
    CHECK(parse_engine_spec("nboard:x", "protocol=gtp").protocol == "nboard");

    CHECK_THROWS_WITH_AS(parse_engine_spec("protocol=nboard,policy:random"),
                         doctest::Contains("protocol= is for engines reached by cmd: or tcp://"),
                         std::invalid_argument);
    CHECK_THROWS_WITH_AS(parse_engine_spec("protocol=gtp,human"),
                         doctest::Contains("protocol= is for engines reached by cmd: or tcp://"),
                         std::invalid_argument);
    CHECK_THROWS_WITH_AS(
        parse_engine_spec("protocol=uci,cmd:x"),
        doctest::Contains(
            ("unknown protocol 'uci' (known: " + engine_protocol_names() + ")").c_str()),
        std::invalid_argument);
    CHECK_THROWS_WITH_AS(parse_engine_spec("protocol=gtp,nboard:x"),
                         doctest::Contains("nboard:COMMAND is protocol=nboard,cmd:COMMAND"),
                         std::invalid_argument);
    CHECK_THROWS_WITH_AS(parse_engine_spec("depth=3,protocol=gtp,tcp://h:7000"),
                         doctest::Contains("depth= is for nboard: engines"), std::invalid_argument);
}

TEST_CASE("engine specs: restart=auto|on|off, for engines reached by cmd: or tcp://") {
    using Restart = EngineSpec::Restart;
    CHECK(parse_engine_spec("cmd:x").restart == Restart::Auto);
    CHECK(parse_engine_spec("restart=on,cmd:x").restart == Restart::On);
    CHECK(parse_engine_spec("restart=off,nboard:x").restart == Restart::Off);
    CHECK(parse_engine_spec("restart=auto,tcp://h:7000").restart == Restart::Auto);
    CHECK(parse_engine_spec("tcp://h:7000", "restart=on").restart == Restart::On);
    CHECK(parse_engine_spec("restart=off,cmd:x", "restart=on").restart == Restart::Off);
    // --each may carry it for a mix of engines: policies and humans skip it.
    CHECK(parse_engine_spec("policy:random", "restart=on").restart == Restart::Auto);
    CHECK_THROWS_WITH_AS(parse_engine_spec("restart=on,policy:random"),
                         "engine spec 'restart=on,policy:random': restart= is for engines (cmd: "
                         "or tcp://)",
                         std::invalid_argument);
    CHECK_THROWS_WITH_AS(parse_engine_spec("restart=yes,cmd:x"),
                         "engine spec 'restart=yes,cmd:x': restart 'yes': expected auto, on or off",
                         std::invalid_argument);
    CHECK_THROWS_WITH_AS(parse_engine_spec("human", "restart="),
                         "engine spec 'human': restart '': expected auto, on or off",
                         std::invalid_argument);
}

TEST_CASE("othello-match: protocol= with policy: or human is a usage error") {
    const fs::path dir = temp_dir("othello_match_protocol_usage");
    for (const std::string spec : {"protocol=nboard,policy:random", "protocol=gtp,human"}) {
        CAPTURE(spec);
        const Run run = run_match("--engine '" + spec + "' --engine policy:random", dir);
        CHECK(run.status == 2);
        CHECK(run.err.find("protocol= is for engines reached by cmd: or tcp://HOST:PORT, not for "
                           "policy: or human") != std::string::npos);
    }
    fs::remove_all(dir);
}

TEST_CASE("protocol=nboard,tcp://: othello-engine --listen --protocol nboard --token, refereed") {
    const fs::path dir = temp_dir("othello_match_nboard_tcp");
    EngineServerProcess server(
        {"--protocol", "nboard", "--token", "s3cret", "--policy", "mobility"});
    const Run run = run_match(
        "--engine 'name=served,depth=2,protocol=nboard,token=s3cret," + tcp_address(server) +
            "' --engine policy:random --games 4 --concurrency 2 --log " +
            (dir / "log.txt").string() + " --results " + (dir / "r.json").string(),
        dir);
    CAPTURE(run.err);
    REQUIRE(run.status == 0);
    const auto games = games_of(dir / "r.json");
    CHECK(games.size() == 4);
    check_refereed(games, "served", true);
    const std::string log = slurp(dir / "log.txt");
    CHECK(log.find(" served > nboard 2\n") != std::string::npos);
    CHECK(log.find(" served < set myname othello mobility\n") != std::string::npos);
    CHECK(log.find(" served > set depth 2\n") != std::string::npos);
    CHECK(log.find(" served > go\n") != std::string::npos);
    CHECK(log.find("s3cret") == std::string::npos);  // the handshake stays out of the log

    const Run refused = run_match("--engine 'name=served,protocol=nboard,token=guess," +
                                      tcp_address(server) + "' --engine policy:random --games 2",
                                  dir);
    CHECK(refused.status == 1);
    CHECK(refused.err.find("served refused the token") != std::string::npos);
    CHECK(refused.err.find("guess") == std::string::npos);
    // No token at all: the gate answers NBoard's first line with its refusal, reported as such.
    const Run untokened = run_match("--engine 'name=served,protocol=nboard," + tcp_address(server) +
                                        "' --engine policy:random --games 2",
                                    dir);
    CHECK(untokened.status == 1);
    CHECK(untokened.err.find("engine 'served' failed to start: served refused the token (token "
                             "required): the server wants token=SECRET in the engine spec") !=
          std::string::npos);
    CHECK(server.running());
    fs::remove_all(dir);
}

TEST_CASE("protocol=nboard,tcp://: an engine that forfeits is reconnected for its next game") {
    const fs::path dir = temp_dir("othello_match_nboard_tcp_forfeit");
    const fs::path commands = dir / "commands.txt";
    // Each connection gets its own fake engine, whose first `go` is answered with an illegal a1.
    EngineServerProcess server({"--token", "s3cret", "--exec",
                                kFakeNboard + " --mode illegal --at 1 --log " + commands.string()});
    const Run run =
        run_match("--engine 'name=relayed,protocol=nboard,token=s3cret," + tcp_address(server) +
                      "' --engine policy:random --openings start --games 2 "
                      "--concurrency 1 --results " +
                      (dir / "r.json").string(),
                  dir);
    CAPTURE(run.err);
    REQUIRE(run.status == 0);
    const auto games = games_of(dir / "r.json");
    REQUIRE(games.size() == 2);
    for (const auto& g : games) {
        CAPTURE(g.dump());
        CHECK(g.at("reason") == "illegal move");
        // The offender loses.
        CHECK(g.at("winner") == (g.at("black") == "relayed" ? "white" : "black"));
        const auto last = g.at("last_lines");
        REQUIRE(!last.empty());
        CHECK(last.back() == "< === a1");
    }
    // A second connection (a fresh engine behind the server) for the second game.
    CHECK(lines_equal_to(commands, "nboard 2") == 2);
    fs::remove_all(dir);
}

TEST_CASE("protocol=nboard,tcp://: a dropped connection is a disconnection, then a new one") {
    const fs::path dir = temp_dir("othello_match_nboard_tcp_dropped");
    // The server drops a connection idle for a second: the NBoard engine's, while its slow
    // opponent thinks.
    EngineServerProcess server({"--protocol", "nboard", "--idle-timeout", "1"});
    const Run run = run_match("--engine 'name=served,protocol=nboard," + tcp_address(server) +
                                  "' --engine 'name=slow,cmd:" + kBin +
                                  "/fake-gtp-engine --delay 1.3' --openings start --games 2 "
                                  "--concurrency 1 --results " +
                                  (dir / "r.json").string(),
                              dir);
    CAPTURE(run.err);
    REQUIRE(run.status == 0);
    const auto games = games_of(dir / "r.json");
    REQUIRE(games.size() == 2);
    for (const auto& g : games) {
        CAPTURE(g.dump());
        CHECK(g.at("reason") == "disconnection");
        CHECK(g.at("winner") == (g.at("black") == "served" ? "white" : "black"));
    }
    CHECK(server.log_lines_with("idle for 1000 ms") == 2);
    fs::remove_all(dir);
}

TEST_CASE("protocol=nboard,cmd: plays exactly as nboard:") {
    const fs::path dir = temp_dir("othello_match_nboard_long_form");
    const std::string engine = kEngine + " --protocol nboard --policy mobility";
    std::vector<nlohmann::json> results;
    for (const std::string& spec : {"nboard:" + engine, "protocol=nboard,cmd:" + engine}) {
        CAPTURE(spec);
        const fs::path path = dir / ("r" + std::to_string(results.size()) + ".json");
        const Run run = run_match("--engine 'name=nb," + spec +
                                      "' --engine policy:random --games 4 --concurrency 1 "
                                      "--seed 5 --results " +
                                      path.string(),
                                  dir);
        REQUIRE(run.status == 0);
        results.push_back(games_of(path));
        check_refereed(results.back(), "nb", true);
    }
    REQUIRE(results[0].size() == 4);
    for (std::size_t i = 0; i < results[0].size(); ++i) {
        for (const char* field : {"black", "white", "opening", "moves", "move_evals", "winner"}) {
            CAPTURE(field);
            CHECK(results[0][i].at(field) == results[1][i].at(field));
        }
    }
    fs::remove_all(dir);
}

TEST_CASE("protocol=gtp,tcp://: GTP over TCP, as plain tcp://") {
    const fs::path dir = temp_dir("othello_match_gtp_tcp");
    EngineServerProcess server({"--policy", "mobility"});
    const Run run =
        run_match("--engine 'name=g,protocol=gtp," + tcp_address(server) +
                      "' --engine policy:random --games 2 --log " + (dir / "log.txt").string() +
                      " --results " + (dir / "r.json").string(),
                  dir);
    CAPTURE(run.err);
    REQUIRE(run.status == 0);
    check_refereed(games_of(dir / "r.json"), "g", false);
    // othello-engine echoes ids: its genmoves are numbered.
    CHECK(slurp(dir / "log.txt").find(" g > 2 genmove ") != std::string::npos);
    fs::remove_all(dir);
}
