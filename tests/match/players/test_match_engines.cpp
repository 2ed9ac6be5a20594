// othello-match with real engine work (engines and time): per-engine time controls and
// what GTP engines are told, flag falls, NBoard engines (this project's and a quirky one),
// adjudication by the exact solver, the protocol log, the TCP/illegal-move faults and restart=on
// over TCP — all through the real executable.
#include <doctest/doctest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "engine/game.h"
#include "engine/ggf.h"
#include "engine/search/endgame_solver.h"
#include "protocol/engine_process.h"
#include "tests/fakes/fake_tcp_engine.h"
#include "tests/match/match_test_support.h"
#include "tests/support/programs.h"

using namespace othello;
namespace fs = std::filesystem;
using namespace othello::testing;

namespace {

// "time_left b 29 10" read into its fields.
struct TimeLeft {
    std::string color;
    int seconds = -1;
    int stones = -1;
};

TimeLeft time_left_of(const std::string& line) {
    std::istringstream in(line);
    std::string command;
    TimeLeft t;
    in >> command >> t.color >> t.seconds >> t.stones;
    CHECK(command == "time_left");
    return t;
}

}  // namespace

TEST_CASE("time controls: what a GTP engine is told before every genmove") {
    const fs::path dir = temp_dir("othello_match_tc");
    struct Case {
        std::string key;
        std::string settings;                     // the time_settings line
        int first_low, first_high, first_stones;  // the first time_left's seconds and stones
    };
    const std::vector<Case> cases = {
        {"tc=30", "time_settings 30 0 0", 29, 30, 0},
        {"tc=30+2", "time_settings 28 2 1", 27, 28, 0},
        {"tc=10/30+0.5", "time_settings 0 30 10", 29, 30, 10},
        {"st=3", "time_settings 0 3 1", 3, 3, 1},
    };
    for (const auto& c : cases) {
        CAPTURE(c.key);
        const fs::path log = dir / "commands.txt";
        fs::remove(log);
        const Run run =
            run_match_from_start("--engine '" + c.key + ",cmd:" + kFake + " --log " + log.string() +
                                     "' --engine policy:random --games 2 --concurrency 1",
                                 dir);
        REQUIRE(run.status == 0);
        const auto commands = lines_of(slurp(log));
        int genmoves = 0, settings = 0;
        for (std::size_t i = 0; i < commands.size(); ++i) {
            if (commands[i].starts_with("time_settings")) {
                CHECK(commands[i] == c.settings);
                ++settings;
            }
            if (commands[i].starts_with("genmove")) {
                ++genmoves;
                // Every genmove comes right after a time_left for the same colour.
                REQUIRE(i > 0);
                CHECK(commands[i - 1].starts_with("time_left " + commands[i].substr(8, 1)));
            }
        }
        CHECK(settings == 2);  // once a game
        CHECK(genmoves > 20);
        // The first time_left of the first game is the whole period.
        for (const auto& line : commands) {
            if (line.starts_with("time_left")) {
                const TimeLeft t = time_left_of(line);
                CHECK(t.seconds >= c.first_low);
                CHECK(t.seconds <= c.first_high);
                CHECK(t.stones == c.first_stones);
                break;
            }
        }
    }
    // Repeating: after the 10 moves of a period the clock gets 30 s more, MOVES_TO_GO restarts.
    const fs::path log = dir / "commands.txt";
    fs::remove(log);
    REQUIRE(run_match_from_start("--engine 'tc=10/30,cmd:" + kFake + " --log " + log.string() +
                                     "' --engine policy:random --games 1",
                                 dir)
                .status == 0);
    std::vector<std::string> left;
    for (const auto& line : lines_of(slurp(log)))
        if (line.starts_with("time_left")) left.push_back(line);
    REQUIRE(left.size() > 11);
    const TimeLeft last_of_period = time_left_of(left[9]), next = time_left_of(left[10]);
    CHECK(last_of_period.color == "b");
    // Rounded down, the margin (0.1 s) included: 30 less the little the quick moves took.
    CHECK(last_of_period.seconds >= 20);
    CHECK(last_of_period.seconds <= 30);
    CHECK(last_of_period.stones == 1);
    CHECK(next.seconds >= 55);
    CHECK(next.seconds <= 60);
    CHECK(next.stones == 10);
    fs::remove_all(dir);
}

TEST_CASE("time controls: flag falls are 'time forfeit', the margin is honoured, moves are timed") {
    const fs::path dir = temp_dir("othello_match_flag");
    const std::string slow = "cmd:" + kFake + " --delay 0.3";
    // st=0.3 with a 0.3 s engine: no margin loses the first move, a 1 s margin never does (more
    // on a slow machine: the margin is the slack for what a move costs beyond the engine's sleep).
    Run run =
        run_match_from_start("--engine 'st=0.3," + slow + "' --engine policy:random --games 2" +
                                 " --time-margin 0 --results " + (dir / "a.json").string(),
                             dir);
    REQUIRE(run.status == 0);
    for (const auto& g : games_of(dir / "a.json")) {
        CAPTURE(g.dump());
        CHECK(g.at("reason") == "time forfeit");
        CHECK(g.at("detail").get<std::string>().find("loses on time") != std::string::npos);
        CHECK(g.at("winner") == (g.at("black") == "random" ? "black" : "white"));
    }
    run = run_match_from_start("--engine 'st=0.3," + slow + "' --engine policy:random --games 2" +
                                   " --time-margin " + std::to_string(scaled_seconds(1)) +
                                   " --results " + (dir / "b.json").string(),
                               dir);
    REQUIRE(run.status == 0);
    for (const auto& g : games_of(dir / "b.json")) {
        CAPTURE(g.dump());
        CHECK(g.at("reason") == "normal");
        // One time per move after the opening; the slow engine's moves took its 0.3 s, the
        // in-process policy's are 0.
        const auto& seconds = g.at("move_seconds");
        CHECK(seconds.size() == g.at("moves").get<std::string>().size() / 2);
        const bool slow_is_black = g.at("black") != "random";
        const Game game = Game::from_transcript(g.at("moves").get<std::string>());
        std::size_t k = 0;
        for (std::size_t i = 0; i < game.moves().size(); ++i) {
            if (game.moves()[i].is_pass()) continue;
            const bool black_moved = game.positions()[i].side_to_move() == Color::Black;
            const double s = seconds[k++].get<double>();
            if (black_moved == slow_is_black)
                CHECK(s >= 0.3);
            else
                CHECK(s == 0);
        }
    }
    // tc=1 (sudden death) with 0.3 s moves: the flag falls on the engine's fourth move.
    run = run_match_from_start("--engine 'tc=1," + slow + "' --engine policy:random --games 1" +
                                   " --time-margin 0.1 --results " + (dir / "c.json").string(),
                               dir);
    REQUIRE(run.status == 0);
    const auto g = games_of(dir / "c.json").at(0);
    CHECK(g.at("reason") == "time forfeit");
    CHECK(g.at("black_seconds").get<double>() > 1.0);
    // --game-time stays a shorthand for tc= on engines without their own.
    run = run_match_from_start("--engine '" + slow +
                                   "' --engine policy:random --games 1 --game-time 1" +
                                   " --results " + (dir / "d.json").string(),
                               dir);
    REQUIRE(run.status == 0);
    CHECK(games_of(dir / "d.json").at(0).at("reason") == "time forfeit");
    fs::remove_all(dir);
}

TEST_CASE("spec keys: bad time controls and depth are usage errors naming the spec") {
    const fs::path dir = temp_dir("othello_match_keys");
    for (const std::string bad : {"tc=abc", "tc=0", "tc=40/", "tc=x/60", "st=-1", "tc=60+x"}) {
        const Run run = run_match_from_start(
            "--engine '" + bad + ",policy:random' --engine policy:random", dir);
        CAPTURE(bad);
        CHECK(run.status == 2);
        CHECK(run.err.find("time control") != std::string::npos);
    }
    Run run =
        run_match_from_start("--engine 'depth=3,cmd:" + kFake + "' --engine policy:random", dir);
    CHECK(run.status == 2);
    CHECK(run.err.find("depth= is for nboard: engines") != std::string::npos);
    run = run_match_from_start(
        "--engine 'depth=99,nboard:" + kFakeNboard + "' --engine policy:random", dir);
    CHECK(run.status == 2);
    CHECK(run.err.find("not a depth") != std::string::npos);
    fs::remove_all(dir);
}

TEST_CASE("NBoard engines: this project's own, with depth and evaluations") {
    const fs::path dir = temp_dir("othello_match_nboard");
    const Run run = run_match_from_start(
        "--engine 'depth=4,name=nb,nboard:" + kEngine + " --protocol nboard' --engine 'cmd:" +
            kEngine + "' --games 4 --openings balanced --log " + (dir / "log.txt").string() +
            " --results " + (dir / "r.json").string(),
        dir);
    REQUIRE(run.status == 0);
    for (const auto& g : games_of(dir / "r.json")) {
        CAPTURE(g.dump());
        CHECK(g.at("reason") == "normal");
        const Game game = Game::from_transcript(g.at("moves").get<std::string>());
        CHECK(game.is_over());
        // The NBoard engine's moves carry its evaluation; the GTP engine's are null.
        const std::string opening = g.at("opening").get<std::string>();
        const Game played = Game::from_transcript(opening);
        Game replay = played;
        int nboard_evals = 0;
        for (const auto& eval : g.at("move_evals")) {
            while (!replay.current().has_legal_move()) replay.play(Move::pass());
            const bool nb_moves =
                (replay.current().side_to_move() == Color::Black) == (g.at("black") == "nb");
            CHECK(eval.is_null() != nb_moves);
            nboard_evals += !eval.is_null();
            const std::size_t k = replay.transcript().size();
            replay.play(Move::parse(g.at("moves").get<std::string>().substr(k, 2)).value());
        }
        CHECK(nboard_evals > 10);
    }
    const std::string log = slurp(dir / "log.txt");
    CHECK(log.find(" nb > nboard 2\n") != std::string::npos);
    CHECK(log.find(" nb < set myname othello mobility\n") != std::string::npos);
    CHECK(log.find(" nb > set depth 4\n") != std::string::npos);
    CHECK(log.find(" nb > set game (;GM[Othello]") != std::string::npos);
    CHECK(log.find(" nb > go\n") != std::string::npos);
    fs::remove_all(dir);
}

TEST_CASE("NBoard engines: a quirky engine's complaints, chatter, reply forms and stale reply") {
    const fs::path dir = temp_dir("othello_match_nboard_quirks");
    const fs::path commands = dir / "commands.txt";
    const Run run = run_match_from_start(
        "--engine 'name=quirky,nboard:" + kFakeNboard + " --mode stale --at 3 --log " +
            commands.string() + "' --engine policy:random --games 4 --concurrency 1 --results " +
            (dir / "r.json").string(),
        dir);
    REQUIRE(run.status == 0);
    int with_eval = 0, without_eval = 0;
    for (const auto& g : games_of(dir / "r.json")) {
        CAPTURE(g.dump());
        CHECK(g.at("reason") == "normal");
        const std::string moves = g.at("moves").get<std::string>();
        const bool quirky_black = g.at("black") == "quirky";
        Game replay;
        std::size_t k = 0;
        for (const auto& eval : g.at("move_evals")) {
            while (!replay.current().has_legal_move()) replay.play(Move::pass());
            const bool quirky_moves =
                (replay.current().side_to_move() == Color::Black) == quirky_black;
            if (quirky_moves && !eval.is_null()) {
                // The fake's eval is the discs on the board less 4: the move's index.
                CHECK(eval.get<double>() == static_cast<double>(k));
                ++with_eval;
            }
            if (quirky_moves && eval.is_null()) ++without_eval;
            if (!quirky_moves) CHECK(eval.is_null());
            replay.play(Move::parse(moves.substr(2 * k, 2)).value());
            ++k;
        }
    }
    CHECK(with_eval > 20);     // "=== f5/E/T" and "=== f5 E T"
    CHECK(without_eval > 10);  // "=== F5"
    // The engine was started once: its complaint and the stale reply cost nothing.
    int handshakes = 0;
    for (const auto& line : lines_of(slurp(commands))) handshakes += line == "nboard 2";
    CHECK(handshakes == 1);
    fs::remove_all(dir);
}

TEST_CASE("NBoard engines: an illegal move loses, and the engine is restarted for the next game") {
    const fs::path dir = temp_dir("othello_match_nboard_illegal");
    const fs::path commands = dir / "commands.txt";
    const Run run = run_match_from_start(
        "--engine 'name=quirky,nboard:" + kFakeNboard + " --mode illegal --at 1 --log " +
            commands.string() + "' --engine policy:random --games 2 --concurrency 1 --results " +
            (dir / "r.json").string(),
        dir);
    REQUIRE(run.status == 0);
    const auto games = games_of(dir / "r.json");
    // Each start of the fake answers its first go with a1.
    for (const auto& g : games) {
        CAPTURE(g.dump());
        CHECK(g.at("reason") == "illegal move");
        const auto last = g.at("last_lines");
        REQUIRE(!last.empty());
        CHECK(last.back() == "< === a1");
    }
    int handshakes = 0;
    for (const auto& line : lines_of(slurp(commands))) handshakes += line == "nboard 2";
    CHECK(handshakes == 2);
    fs::remove_all(dir);
}

TEST_CASE("adjudication: the game ends at N empties with the solver's perfect-play result") {
    const fs::path dir = temp_dir("othello_match_adjudicate");
    const Run run = run_match_from_start(
        "--engine policy:random --engine 'cmd:" + kFake + "' --games 6 --adjudicate 12 --results " +
            (dir / "r.json").string() + " --records " + (dir / "r.ggf").string(),
        dir);
    REQUIRE(run.status == 0);
    {
        // The match configuration records it: --resume with another --adjudicate is refused.
        std::ifstream in(dir / "r.json");
        CHECK(nlohmann::json::parse(in).at("config").at("adjudication") == 12);
        const Run other = run_match_from_start(
            "--engine policy:random --engine 'cmd:" + kFake +
                "' --games 8 --adjudicate 10 --resume --results " + (dir / "r.json").string(),
            dir);
        CHECK(other.status == 2);
        CHECK(other.err.find("adjudication differs") != std::string::npos);
    }
    for (const auto& g : games_of(dir / "r.json")) {
        CAPTURE(g.dump());
        const Game game = Game::from_transcript(g.at("moves").get<std::string>());
        const Position& end = game.current();
        if (g.at("reason") == "normal") {
            CHECK(end.is_game_over());  // ended before reaching 12 empties
            continue;
        }
        REQUIRE(g.at("reason") == "adjudicated");
        CHECK(end.empty_count() == 12);  // one disc a move: adjudicated the moment it got there
        int for_black = search::solve_endgame(end);
        if (end.side_to_move() == Color::White) for_black = -for_black;
        const int black = g.at("black_discs").get<int>(), white = g.at("white_discs").get<int>();
        CHECK(black + white == 64);
        CHECK(black - white == for_black);
        CHECK(g.at("winner") == (for_black > 0 ? "black" : for_black < 0 ? "white" : "draw"));
    }
    // The GGF records carry the perfect-play score as an agreed result, and the GTP engine's
    // move times.
    const auto records = read_ggf_file((dir / "r.ggf").string());
    const auto games = games_of(dir / "r.json");
    REQUIRE(records.size() == games.size());
    for (std::size_t i = 0; i < records.size(); ++i) {
        const auto& g = games.at(i);
        if (g.at("reason") != "adjudicated") continue;
        REQUIRE(records[i].result);
        CHECK(records[i].result->ending == "s");
        CHECK(records[i].result->black_disc_difference ==
              g.at("black_discs").get<int>() - g.at("white_discs").get<int>());
        int timed = 0;
        for (const auto& m : records[i].moves) timed += m.seconds.has_value();
        CHECK(timed == 48);  // every move from the start to 12 empties
    }
    fs::remove_all(dir);
}

TEST_CASE("--log: every line both ways, timestamped, with engine and game; bad path fails first") {
    const fs::path dir = temp_dir("othello_match_log");
    Run run = run_match_from_start("--engine 'name=fake,cmd:" + kFake +
                                       "' --engine policy:random --games 2 --concurrency 1 --log " +
                                       (dir / "log.txt").string(),
                                   dir);
    REQUIRE(run.status == 0);
    int sent = 0, received = 0, genmoves[2] = {0, 0};
    for (const auto& line : lines_of(slurp(dir / "log.txt"))) {
        CAPTURE(line);
        // "2026-11-23T20:50:01.123Z game 0 fake > genmove b"
        REQUIRE(line.size() >= 38);
        const std::string stamp = line.substr(0, 24);
        for (std::size_t i = 0; i < stamp.size(); ++i) {
            const char expected = "dddd-dd-ddTdd:dd:dd.dddZ"[i];
            CHECK((expected == 'd' ? std::isdigit(static_cast<unsigned char>(stamp[i])) != 0
                                   : stamp[i] == expected));
        }
        const std::string game = line.substr(24, 8);
        REQUIRE((game == " game 0 " || game == " game 1 "));
        REQUIRE(line.substr(32, 5) == "fake ");
        const char direction = line[37];
        REQUIRE((direction == '>' || direction == '<'));
        (direction == '>' ? sent : received)++;
        if (line.substr(38).starts_with(" genmove")) ++genmoves[game[6] - '0'];
    }
    CHECK(sent > 50);
    CHECK(received > 2 * 50);  // a reply line and its empty line
    CHECK(genmoves[0] > 20);
    CHECK(genmoves[1] > 20);
    // An unwritable log is an error before any game: no results are written.
    run = run_match_from_start("--engine policy:random --engine policy:random --games 2 --log " +
                                   (dir / "no" / "such" / "log.txt").string() + " --results " +
                                   (dir / "r.json").string(),
                               dir);
    CHECK(run.status == 2);
    CHECK(run.err.find("no/such/log.txt") != std::string::npos);
    CHECK_FALSE(fs::exists(dir / "r.json"));
    CHECK_FALSE(fs::exists(dir / "r.jsonl"));
    fs::remove_all(dir);
}

TEST_CASE("faults: a TCP engine that stops answering is a timeout, also when it is reconnected") {
    const fs::path dir = temp_dir("othello_match_tcp_timeout");
    {
        FakeTcpEngine hang({"--mode", "hang", "--at", "2"});
        // name=: no connection to ask the engine its name before the games.
        const Run run = run_match_from_start("--engine name=hang," + hang.spec() +
                                                 " --engine policy:random --games 2 --concurrency 1"
                                                 " --move-timeout 1 --start-timeout 1 --results " +
                                                 (dir / "r.json").string(),
                                             dir);
        CHECK(run.status == 0);
        for (const auto& g : games_of(dir / "r.json")) {
            CAPTURE(g.dump());
            // The first game hangs on a move; the second cannot get a reply to the handshake.
            CHECK(g.at("reason") == "timeout");
            CHECK(g.at("detail").get<std::string>().find("Operation canceled") ==
                  std::string::npos);
        }
    }
    {
        // Disconnects on its second move, then never serves again.
        FakeTcpEngine deaf({"--mode", "deaf", "--at", "2"});
        const Run run = run_match_from_start("--engine name=deaf," + deaf.spec() +
                                                 " --engine policy:random --games 2 --concurrency 1"
                                                 " --start-timeout 1 --results " +
                                                 (dir / "d.json").string(),
                                             dir);
        CHECK(run.status == 0);
        const auto games = games_of(dir / "d.json");
        CHECK(games.at(0).at("reason") == "disconnection");
        CHECK(games.at(1).at("reason") == "timeout");
    }
    fs::remove_all(dir);
}

TEST_CASE("faults: a TCP connect that times out says so") {
    const fs::path dir = temp_dir("othello_match_connect_timeout");
    // A listener with a full accept queue: the kernel drops further SYNs, connects hang.
    const int listener = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    REQUIRE(::bind(listener, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0);
    socklen_t length = sizeof address;
    REQUIRE(::getsockname(listener, reinterpret_cast<sockaddr*>(&address), &length) == 0);
    REQUIRE(::listen(listener, 0) == 0);
    std::vector<int> fillers;
    for (int i = 0; i < 3; ++i) {
        const int s = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
        ::connect(s, reinterpret_cast<sockaddr*>(&address), sizeof address);
        fillers.push_back(s);
    }
    const Run run =
        run_match_from_start("--engine tcp://127.0.0.1:" + std::to_string(ntohs(address.sin_port)) +
                                 " --engine policy:random --games 2 --start-timeout 1",
                             dir);
    CHECK(run.status == 1);
    CHECK(run.err.find("timed out") != std::string::npos);
    CHECK(run.err.find("Operation canceled") == std::string::npos);
    for (int s : fillers) ::close(s);
    ::close(listener);
    fs::remove_all(dir);
}

TEST_CASE("faults: an over-long reply line, over TCP or a pipe, is a malformed reply") {
    const fs::path dir = temp_dir("othello_match_flood");
    FakeTcpEngine flood({"--mode", "flood", "--at", "1", "--once", "1"});
    const Run run =
        run_match_from_start("--engine " + flood.spec() +
                                 " --engine policy:random --games 2 --concurrency 1 --results " +
                                 (dir / "r.json").string(),
                             dir);
    CHECK(run.status == 0);
    const auto games = games_of(dir / "r.json");
    CHECK(games.at(0).at("reason") == "malformed reply");
    CHECK(games.at(0).at("detail").get<std::string>().find("longer than 65536 bytes") !=
          std::string::npos);
    CHECK(games.at(1).at("reason") == "normal");  // reconnected, in step again
    // The same cap on an engine's pipe; each restart floods again.
    const Run piped = run_match_from_start(
        "--engine 'cmd:" + kFake + " --mode flood' --engine policy:random --games 2 --results " +
            (dir / "p.json").string(),
        dir);
    CHECK(piped.status == 0);
    for (const auto& g : games_of(dir / "p.json")) CHECK(g.at("reason") == "malformed reply");
    fs::remove_all(dir);
}

TEST_CASE(
    "faults: a reply of short lines that never ends is a malformed reply, not a full memory") {
    const fs::path dir = temp_dir("othello_match_flood_lines");
    const Run run =
        run_match_from_start("--engine 'cmd:" + kFake +
                                 " --mode flood-lines' --engine policy:random --games 2 "
                                 "--concurrency 1 --results " +
                                 (dir / "r.json").string(),
                             dir);
    CHECK(run.status == 0);
    for (const auto& g : games_of(dir / "r.json")) {
        CHECK(g.at("reason") == "malformed reply");
        CHECK(g.at("detail").get<std::string>().find("without the empty line that ends it") !=
              std::string::npos);
    }
    fs::remove_all(dir);
}

TEST_CASE("faults: after an illegal move and an extra reply the engine is restarted") {
    const fs::path dir = temp_dir("othello_match_extra_reply");
    // Over TCP the fake's move count survives a reconnect: it misbehaves in the first game only.
    FakeTcpEngine extra({"--mode", "illegal-extra", "--at", "2", "--once", "1"});
    const Run run =
        run_match_from_start("--engine 'name=extra," + extra.spec() +
                                 "' --engine policy:random --games 3 --concurrency 1 --results " +
                                 (dir / "r.json").string(),
                             dir);
    CHECK(run.status == 0);
    const auto games = games_of(dir / "r.json");
    CHECK(games.at(0).at("reason") == "illegal move");
    const auto last = games.at(0).at("last_lines");
    REQUIRE(last.size() >= 2);
    CHECK(std::find(last.begin(), last.end(), "< = d4") != last.end());
    CHECK(games.at(1).at("reason") == "normal");
    CHECK(games.at(2).at("reason") == "normal");
    CHECK_FALSE(games.at(1).contains("last_lines"));
    fs::remove_all(dir);
}

TEST_CASE("restart=on over TCP: a fresh connection for every game; by default one for the match") {
    const fs::path dir = temp_dir("othello_match_tcp_restart");
    for (const auto& [key, connections] :
         {std::pair<std::string, int>{"", 1}, {"restart=on,", 4}}) {
        CAPTURE(key);
        const fs::path log = dir / (key.empty() ? "plain.log" : "fresh.log");
        FakeTcpEngine server({"--log", log.string()});
        const Run run =
            run_match_from_start("--engine '" + key + "name=tcp," + server.spec() +
                                     "' --engine policy:random --games 4 --concurrency 1"
                                     " --results " +
                                     (dir / "r.json").string() + " --overwrite",
                                 dir);
        INFO(run.err);
        REQUIRE(run.status == 0);
        for (const auto& g : games_of(dir / "r.json")) CHECK(g.at("reason") == "normal");
        // "boardsize 8" is sent once on each connection, when the engine is checked.
        std::istringstream lines(slurp(log));
        int checked = 0;
        for (std::string line; std::getline(lines, line);)
            checked += line.find("boardsize 8") != std::string::npos;
        CHECK(checked == connections);
    }
    fs::remove_all(dir);
}
