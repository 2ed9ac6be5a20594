// The real executable speaking NBoard: `othello-engine --protocol nboard` over its pipes (one
// line at a time, as the GUI does, so every answer must be flushed) and over --listen TCP.
#include <doctest/doctest.h>
#include <signal.h>

#include <atomic>
#include <chrono>
#include <regex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "tests/protocol/ggf_test_games.h"
#include "tests/support/gtp_test_client.h"
#include "tests/support/programs.h"

using othello::testing::ChildProcess;
using othello::testing::GtpSocket;

using othello::testing::kPassGame;

namespace {

const ChildProcess::Streams kPipes = ChildProcess::Streams().stdin_pipe().stdout_pipe();

using othello::testing::kEngine;

// Kills the child if a test hangs (an answer that is never flushed), so every test stops by itself.
class Watchdog {
  public:
    explicit Watchdog(int pid)
        : thread_([this, pid] {
              const auto until = std::chrono::steady_clock::now() +
                                 othello::testing::scaled(std::chrono::seconds(30));
              while (!done_ && std::chrono::steady_clock::now() < until)
                  std::this_thread::sleep_for(std::chrono::milliseconds(100));
              if (!done_) ::kill(pid, SIGKILL);
          }) {}
    ~Watchdog() {
        done_ = true;
        thread_.join();
    }

  private:
    std::atomic<bool> done_{false};
    std::thread thread_;
};

// The engine's answer lines with the thinking time in "=== move/eval/time" replaced by "T", the
// one part of a transcript that is not exact.
std::string without_time(const std::string& line) {
    static const std::regex time(R"(^(=== [a-hA-HP][1-8A]/[^/]*/)[0-9.]+$)");
    return std::regex_replace(line, time, "$1T");
}

const std::string kGame =
    "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]TY[8]"
    "BO[8 ---------------------------O*------*O--------------------------- *]"
    "B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)";

}  // namespace

TEST_CASE("othello-engine --protocol nboard answers line by line on its pipes") {
    ChildProcess engine(kEngine, {"--protocol", "nboard", "--policy", "mobility"}, kPipes);
    Watchdog watchdog(engine.pid());
    // Sends one line and reads `answers` lines back.
    auto ask = [&](const std::string& line, int answers) {
        engine.write(line + "\n");
        std::vector<std::string> got;
        std::string reply;
        for (int i = 0; i < answers && engine.read_line(reply); ++i)
            got.push_back(without_time(reply));
        return got;
    };
    using Lines = std::vector<std::string>;

    CHECK(ask("nboard 2", 1) == Lines{"set myname othello mobility"});
    // Commands that answer nothing are followed by a ping, which the engine answers in order.
    CHECK(ask("set depth 4", 0).empty());
    CHECK(ask("set game " + kGame, 0).empty());
    CHECK(ask("ping 1", 1) == Lines{"pong 1"});

    // go twice: the same move both times, because go leaves the board alone; status lines say
    // when thinking starts and ends.
    const Lines first = ask("go", 3);
    REQUIRE(first.size() == 3);
    CHECK(first[0] == "status thinking");
    CHECK(first[2] == "status ready");
    const std::regex answer(R"(=== ([a-h][1-8])/(-?[0-9]+\.[0-9]{2})/T)");
    std::smatch m;
    REQUIRE(std::regex_match(first[1], m, answer));
    const std::string move = m[1];
    CHECK(ask("go", 3) == first);

    // hint 2: two search lines, the first one the move go chose, with go's eval.
    const Lines hints = ask("hint 2", 4);
    REQUIRE(hints.size() == 4);
    CHECK(hints[1] == "search " + move + " " + std::string(m[2]) + " 0 1");
    CHECK(hints[2].rfind("search ", 0) == 0);
    CHECK(hints[3] == "status ready");

    // The GUI plays the move; a ping during play comes back at once.
    CHECK(ask("move " + move, 0).empty());
    CHECK(ask("ping 2", 1) == Lines{"pong 2"});

    // A non-standard start with a pass, then bad input: each answers a status and play goes on.
    CHECK(ask("set game " + kPassGame, 0).empty());
    CHECK(ask("move a1", 1) == Lines{"status move: illegal move a1: white a1 flips nothing"});
    CHECK(ask("set game (;GM[Othello]B[z9];)", 1) ==
          Lines{"status set game: GGF line 1, column 16: B[z9]: not a move: 'z9' (expected a "
                "square a1..h8 or pass)"});
    CHECK(ask("this is not a command", 0).empty());
    CHECK(ask("ping 3", 1) == Lines{"pong 3"});
    const Lines pass_go = ask("go", 3);
    REQUIRE(pass_go.size() == 3);
    CHECK(std::regex_match(pass_go[1], answer));
    CHECK(ask("learn", 1) == Lines{"learned"});
    const Lines analysis = ask("analyze", 5);
    REQUIRE(analysis.size() == 5);
    CHECK(analysis[0].rfind("analysis 4 ", 0) == 0);
    CHECK(analysis[4].rfind("analysis 0 ", 0) == 0);

    engine.write("quit\n");
    std::string rest;
    CHECK_FALSE(engine.read_line(rest));  // quit closes the session: end of output
    CHECK(engine.wait() == 0);
}

TEST_CASE("othello-engine --protocol nboard --listen serves NBoard over TCP on 127.0.0.1") {
    ChildProcess server(kEngine, {"--protocol", "nboard", "--listen", "127.0.0.1:0"},
                        ChildProcess::Streams().stderr_pipe());
    Watchdog watchdog(server.pid());
    std::string announce;
    REQUIRE(server.read_error_line(announce));
    const std::regex listening(R"(othello-engine: listening on 127\.0\.0\.1:([0-9]+))");
    std::smatch m;
    REQUIRE(std::regex_match(announce, m, listening));
    const auto port = static_cast<unsigned short>(std::stoi(m[1]));

    GtpSocket socket(port);
    auto ask = [&](const std::string& line, int answers) {
        socket.send_raw(line + "\n");
        std::string got;
        std::string reply;
        for (int i = 0; i < answers && socket.read_line(reply); ++i)
            got += without_time(reply) + "\n";
        return got;
    };
    CHECK(ask("nboard 2", 1) == "set myname othello mobility\n");
    CHECK(ask("set game " + kGame, 0).empty());
    CHECK(ask("ping 1", 1) == "pong 1\n");
    const std::string go = ask("go", 3);
    CHECK(std::regex_match(
        go, std::regex(R"(status thinking\n=== [a-h][1-8]/-?[0-9]+\.[0-9]{2}/T\nstatus ready\n)")));
    CHECK(ask("go", 3) == go);
    socket.send_raw("quit\n");
    // The server closes the connection after quit (quit answers nothing): end of stream within
    // 10 s, not a read that waits for ever.
    CHECK(socket.closed_within(othello::testing::scaled(std::chrono::seconds(10))));
    server.signal(SIGTERM);
    CHECK(server.wait() == 0);
}

TEST_CASE("with the book policy, hints are book lines carrying the book's game counts") {
    ChildProcess engine(kEngine, {"--protocol", "nboard", "--policy", "book,mobility"}, kPipes);
    Watchdog watchdog(engine.pid());
    engine.write("nboard 2\nset game (;GM[Othello];)\nmove F5\nhint 3\ngo\nquit\n");
    std::vector<std::string> lines;
    for (std::string line; engine.read_line(line);) lines.push_back(without_time(line));
    engine.wait();
    // Without the status lines around hint and go.
    std::erase_if(lines, [](const std::string& l) { return l.rfind("status ", 0) == 0; });
    REQUIRE(lines.size() == 5);
    CHECK(lines[0] == "set myname othello book,mobility");
    // "book <move> <eval> <games> <depth> book: <games> games, ..." with the same count twice.
    const std::regex book(
        R"(book ([a-h][1-8]) (-?[0-9]+\.[0-9]{2}) ([0-9]+) 1 book: ([0-9]+) games, .*)");
    std::smatch first;
    for (int i = 1; i <= 3; ++i) {
        std::smatch m;
        REQUIRE(std::regex_match(lines[i], m, book));
        CHECK(m[3] == m[4]);
        CHECK(std::stoll(m[3]) > 0);
        if (i == 1) first = m;
    }
    // go plays the book's best move, the first hint, with its eval.
    CHECK(lines[4] == "=== " + std::string(first[1]) + "/" + std::string(first[2]) + "/T");
}

TEST_CASE("evals the GUI sees stay within ±64 discs, and analyze is from Black's view") {
    // After this game the mobility policy scores the corner h8 +1000 and e3, which gives a corner
    // away, -100 (its units are moves plus rule bonuses); the GUI must see disc differences.
    const std::string transcript = "f5d6c4f3f4d3e2g4d7c2h5f6e6c7b7f2f1c3f7e7d2c5b5d1f8g8c6d8c1h4";
    std::string moves;
    for (std::size_t i = 0; i < transcript.size(); i += 2) {
        moves += (i / 2 % 2 == 0 ? "B[" : "W[") + transcript.substr(i, 2) + "]";
    }
    ChildProcess engine(kEngine, {"--protocol", "nboard", "--policy", "mobility"}, kPipes);
    Watchdog watchdog(engine.pid());
    engine.write("nboard 2\nset game (;GM[Othello]" + moves + ";)\nhint 2\ngo\nanalyze\nquit\n");
    std::vector<std::string> lines;
    for (std::string line; engine.read_line(line);) lines.push_back(without_time(line));
    engine.wait();
    REQUIRE(lines.size() == 1 + 4 + 3 + 31);
    CHECK(lines[1] == "status thinking");
    CHECK(lines[2] == "search h8 64.00 0 1");
    CHECK(lines[3] == "search e3 -64.00 0 1");
    CHECK(lines[4] == "status ready");
    CHECK(lines[6] == "=== h8/64.00/T");
    // Black is to move after 30 moves (the game has no pass), so the first analysis line is the
    // policy's +64 for Black; the next position has White to move, with its eval negated.
    CHECK(lines[8] == "analysis 30 64.00");
    CHECK(lines[9].rfind("analysis 29 ", 0) == 0);
    for (std::size_t i = 8; i < lines.size(); ++i) {
        const double eval = std::stod(lines[i].substr(lines[i].rfind(' ') + 1));
        CHECK(eval >= -64);
        CHECK(eval <= 64);
    }
}
