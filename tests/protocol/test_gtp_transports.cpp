// GTP through the real transports: the engine executable on stdio, and TCP on 127.0.0.1 with
// concurrent games, disconnects, over-long lines, the client limit, idle timeout and the relay.
#include <doctest/doctest.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>
#include <thread>

#include "engine/game.h"
#include "engine/policies/policy_registry.h"
#include "protocol/exec_relay.h"
#include "protocol/gtp_session.h"
#include "protocol/line_framer.h"
#include "protocol/session_factory.h"
#include "protocol/tcp_server.h"
#include "tests/support/gtp_test_client.h"

using namespace othello;
using othello::testing::GtpSocket;

namespace {

// The same script through a session object, for comparison with the executable.
std::string run_in_process(const std::string& script, const char* policy, std::uint64_t seed) {
    PolicyOptions options;
    options.seed = seed;
    GtpSession::Options session_options;
    session_options.name = default_engine_name(policy);  // what the executable calls itself
    GtpSession session(make_policy(policy, options), session_options);
    LineFramer framer;
    std::string out;
    for (const auto& line : framer.feed(script)) {
        out += session.handle(line);
        if (session.closed()) return out;
    }
    if (framer.has_partial()) out += session.handle(framer.take_partial());
    return out;
}

// Plays a whole game on one connection by naming the colours in turn, starting with the side
// to move; returns the transcript, or the first unexpected reply prefixed by "unexpected: ".
// No doctest assertions here: it also runs on client threads.
std::string play_full_game(GtpSocket& client, bool white_first = false) {
    for (int ply = white_first ? 1 : 0; ply < 200; ++ply) {
        const std::string reply = client.send(ply % 2 == 0 ? "genmove b" : "genmove w");
        if (reply == "? game is over\n") break;
        if (reply.rfind("= ", 0) != 0) return "unexpected: " + reply;
    }
    const std::string transcript = client.send("othello-transcript");
    if (transcript.rfind("= ", 0) != 0) return "unexpected: " + transcript;
    return transcript.substr(2, transcript.size() - 3);
}

// A server on its own thread for the length of a test.
class ServerThread {
  public:
    ServerThread(const TcpServerOptions& options, ConnectionHandler handler)
        : server_(options, std::move(handler)), thread_([this] { server_.run(); }) {}
    ServerThread(const TcpServerOptions& options, SessionFactory factory)
        : server_(options, std::move(factory)), thread_([this] { server_.run(); }) {}
    ~ServerThread() {
        server_.stop();
        thread_.join();
    }
    TcpServer& server() { return server_; }

  private:
    TcpServer server_;
    std::thread thread_;
};

SessionFactory gtp_factory(std::size_t max_line_length = kDefaultMaxLineLength) {
    SessionSettings settings;
    settings.policy = "mobility";
    settings.max_line_length = max_line_length;
    return make_session_factory("gtp", settings);
}

// The processes (zombies included) whose parent is this test process.
int count_child_processes() {
    int count = 0;
    for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
        std::ifstream stat(entry.path() / "stat");
        std::string text;
        if (!std::getline(stat, text)) continue;
        // "pid (comm) state ppid ...": the command may contain spaces, so start after ')'.
        const auto close = text.rfind(')');
        if (close == std::string::npos) continue;
        std::istringstream rest(text.substr(close + 1));
        char state = 0;
        long ppid = 0;
        rest >> state >> ppid;
        if (ppid == static_cast<long>(::getpid())) ++count;
    }
    return count;
}

}  // namespace

TEST_CASE("the executable on stdio answers exactly as the session object does") {
    const std::string script =
        "1 protocol_version\n2 name\n3 boardsize 9\n4 play b d3\n5 genmove w\n"
        "6 showboard\n7 othello-evaluate\n8 undo\n9 final_score\n"
        "10 list_commands\n11 frobnicate\n# comment\n\n12\tknown_command\tundo\r\n"
        "13 play b " +
        std::string(1 << 20, 'x') +
        "\n\x01\xff\xfe garbage \x7f\n"
        "14 othello-transcript\n15 genmove b";  // the last line has no end: EOF mid-line
    const std::string out = othello::testing::run_with_input(
        othello::testing::engine_path(), {"--policy", "mobility", "--seed", "5"}, script);
    CHECK(out == run_in_process(script, "mobility", 5));
    CHECK(out.rfind("=1 2\n\n=2 othello mobility\n\n?3 unacceptable size\n\n=4\n\n=5 ", 0) == 0);
    CHECK(out.find("?13 line too long (limit 65536 bytes)\n\n? unknown command\n\n=14 d3") !=
          std::string::npos);
    CHECK(out.find("?15 it is white's turn\n\n") != std::string::npos);  // EOF mid-line: answered
}

TEST_CASE("the executable on stdio: an exact transcript of every command") {
    const std::string script =
        "1 protocol_version\n2 name\n3 version\n4 known_command reg_genmove\n5 boardsize 8\n"
        "6 clear_board\n7 komi 0\n8 set_game Othello\n9 list_games\n10 time_settings 300 0 0\n"
        "11 time_left w 290 0\n12 play b f5\n13 genmove w\n14 reg_genmove b\n"
        "15 othello-evaluate\n16 undo\n17 othello-transcript\n"
        "18 othello-set_position f5f4c3c6c5d6f3c4c7\n19 final_score\n20 genmove b\n"
        "21 showboard\n22 quit\n23 name\n";
    const std::string expected =
        "=1 2\n\n=2 othello mobility\n\n=3 " + std::string(kVersion) +
        "\n\n=4 true\n\n=5\n\n=6\n\n=7\n\n=8\n\n"
        "=9 Othello\n\n=10\n\n=11\n\n=12\n\n=13 f6\n\n=14 e6\n\n"
        "=15 e6 -2\nd3 -5\nc4 -5\nf7 -6\n\n=16\n\n=17 f5\n\n=18\n\n=19 B+64\n\n"
        "?20 game is over\n\n"
        "=21\n"
        "  a b c d e f g h\n"
        "1 - - - - - - - - 1\n"
        "2 - - - - - - - - 2\n"
        "3 - - X - - X - - 3\n"
        "4 - - X X X X - - 4\n"
        "5 - - X X X X - - 5\n"
        "6 - - X X - - - - 6\n"
        "7 - - X - - - - - 7\n"
        "8 - - - - - - - - 8\n"
        "  a b c d e f g h\n"
        "X (black): 13  O (white): 0  game over\n\n"
        "=22\n\n";  // nothing after quit
    CHECK(othello::testing::run_with_input(othello::testing::engine_path(),
                                           {"--policy", "mobility", "--seed", "5"},
                                           script) == expected);
}

TEST_CASE(
    "the executable: othello-set_position refuses the boards the runner refuses as openings") {
    const std::string corners = "XO" + std::string(62, '-') + " X";  // centre empty
    const std::string full = std::string(64, 'X') + " O";            // game over
    const std::string start = "---------------------------OX------XO--------------------------- X";
    const std::string out = othello::testing::run_with_input(
        othello::testing::engine_path(), {"--policy", "mobility"},
        "1 othello-set_position " + corners + "\n2 othello-set_position " + full +
            "\n3 othello-set_position " + start + "\n4 othello-transcript\n");
    CHECK(out ==
          "?1 invalid position: board: the centre squares d4 e4 d5 e5 must all hold discs (2 "
          "discs given)\n\n"
          "?2 invalid position: board: the game is already over\n\n=3\n\n=4\n\n");
}

TEST_CASE("the executable: othello-evaluate reports scores within ±64 discs") {
    // The mobility policy scores the corner h8 +1000 and e3 (which gives a corner away) -100 here;
    // a disc difference cannot exceed 64, so that is what is reported.
    const std::string out = othello::testing::run_with_input(
        othello::testing::engine_path(), {"--policy", "mobility"},
        "1 othello-set_position f5d6c4f3f4d3e2g4d7c2h5f6e6c7b7f2f1c3f7e7d2c5b5d1f8g8c6d8c1h4\n"
        "2 othello-evaluate\n");
    REQUIRE(out.rfind("=1\n\n=2 h8 64\ne3 -64\n", 0) == 0);
    std::istringstream lines(out.substr(std::string("=1\n\n=2 ").size()));
    int moves = 0;
    for (std::string move, score; lines >> move >> score; ++moves) {
        CHECK(std::stod(score) >= -64);
        CHECK(std::stod(score) <= 64);
    }
    CHECK(moves > 2);
}

TEST_CASE("the executable: --list-policies, seeds, unknown policy and quit") {
    const std::string list =
        othello::testing::run_with_input(othello::testing::engine_path(), {"--list-policies"}, "");
    CHECK(list.rfind("random ", 0) == 0);
    CHECK(list.find("\nmobility ") != std::string::npos);
    const std::string game = "genmove b\ngenmove w\ngenmove b\ngenmove w\nothello-transcript\n";
    const auto with_seed = [&](const char* seed) {
        return othello::testing::run_with_input(othello::testing::engine_path(),
                                                {"--policy", "random", "--seed", seed}, game);
    };
    CHECK(with_seed("3") == with_seed("3"));
    CHECK(with_seed("3") != with_seed("4"));
    CHECK(othello::testing::run_with_input(othello::testing::engine_path(), {}, "quit\nname\n") ==
          "=\n\n");
    CHECK(othello::testing::run_with_input(othello::testing::engine_path(), {"--policy", "nope"},
                                           "name\n") == "");
    // The error names the policy as given, with bytes that are not text in hex.
    CHECK(othello::testing::run_with_input("/bin/sh",
                                           {"-c", "\"$0\" --policy \"$(printf 'n\\377')\" 2>&1",
                                            othello::testing::engine_path()},
                                           "")
              .rfind("othello-engine: unknown policy 'n\\xff'", 0) == 0);
}

TEST_CASE("TCP: an internal failure's text stays in the server's log, not on the wire") {
    // A policy whose every call fails with a message naming a server-side file.
    class FailingPolicy : public Policy {
      public:
        Move choose(const Game&) override { throw std::runtime_error("/srv/secret/book.db: gone"); }
        std::vector<MoveScore> evaluate(const Game& game) override {
            choose(game);
            return {};
        }
        void reseed(std::uint64_t) override {}
    };
    std::vector<std::string> logged;
    std::mutex mutex;
    const SessionFactory factory = [&] {
        GtpSession::Options options;
        options.internal_errors = [&](const std::string& what) {
            const std::lock_guard lock(mutex);
            logged.push_back(what);
        };
        return std::make_unique<GtpSession>(std::make_unique<FailingPolicy>(), options);
    };
    ServerThread server(TcpServerOptions{}, factory);
    GtpSocket client(server.server().port());
    CHECK(client.send("1 genmove b") == "?1 internal error (reported in the server's log)\n");
    CHECK(client.send("2 name") == "=2 othello-engine\n");  // the session goes on
    const std::lock_guard lock(mutex);
    CHECK(logged == std::vector<std::string>{"internal error: /srv/secret/book.db: gone"});
}

TEST_CASE("TCP: several concurrent clients each play a full game") {
    TcpServerOptions options;
    ServerThread server(options, gtp_factory());
    const unsigned short port = server.server().port();
    std::vector<std::string> transcripts(8);
    std::vector<std::thread> clients;
    for (std::size_t i = 0; i < transcripts.size(); ++i) {
        clients.emplace_back([&, i] {
            GtpSocket client(port);
            client.send("othello-set_position " + std::string(i % 2 ? "f5" : "d3"));
            transcripts[i] = play_full_game(client, true);
        });
    }
    for (auto& c : clients) c.join();
    for (std::size_t i = 0; i < transcripts.size(); ++i) {
        CAPTURE(transcripts[i]);
        CHECK(Game::from_transcript(transcripts[i]).is_over());
        CHECK(transcripts[i].rfind(i % 2 ? "f5" : "d3", 0) == 0);
    }
}

TEST_CASE("TCP: a client vanishing mid-command costs the others nothing; long lines are refused") {
    TcpServerOptions options;
    options.max_line_length = 1000;
    ServerThread server(options, gtp_factory(1000));
    const unsigned short port = server.server().port();
    GtpSocket steady(port);
    CHECK(steady.send("1 play b d3") == "=1\n");
    {
        GtpSocket leaving(port);
        leaving.send_raw("2 genmove");  // no end of line: then the connection is gone
    }
    {
        GtpSocket shouting(port);
        shouting.send_raw("3 name " + std::string(5000, 'y') + "\n");
        CHECK(shouting.read() == "?3 line too long (limit 1000 bytes)\n");
        CHECK(shouting.send("4 name") == "=4 othello mobility\n");
    }
    CHECK(steady.send("5 othello-transcript") == "=5 d3\n");
    // The departed connections are released (the server notices without any help).
    const auto until =
        std::chrono::steady_clock::now() + othello::testing::scaled(std::chrono::seconds(5));
    while (server.server().active_connections() > 1 && std::chrono::steady_clock::now() < until)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    CHECK(server.server().active_connections() == 1);
}

TEST_CASE("TCP: the client limit and the idle timeout close connections") {
    TcpServerOptions options;
    options.max_clients = 2;
    // Short, but long enough for the two names below on a loaded machine.
    options.idle_timeout = othello::testing::scaled(std::chrono::milliseconds(300));
    ServerThread server(options, gtp_factory());
    const unsigned short port = server.server().port();
    GtpSocket first(port), second(port);
    CHECK(first.send("name") == "= othello mobility\n");
    CHECK(second.send("name") == "= othello mobility\n");
    GtpSocket third(port);
    CHECK(third.closed_by_server());
    // Silence: the server closes the idle connections by itself.
    CHECK(first.closed_by_server());
    CHECK(second.closed_by_server());
}

TEST_CASE("the executable serves TCP with --listen and port 0") {
    othello::testing::ChildProcess engine(othello::testing::engine_path(),
                                          {"--listen", "127.0.0.1:0", "--policy", "random"},
                                          othello::testing::ChildProcess::Streams().stderr_pipe());
    std::string announce;
    REQUIRE(engine.read_error_line(announce));
    const auto colon = announce.rfind(':');
    REQUIRE(announce.rfind("othello-engine: listening on 127.0.0.1:", 0) == 0);
    const auto port = static_cast<unsigned short>(std::stoi(announce.substr(colon + 1)));
    {
        GtpSocket a(port), b(port);
        CHECK(Game::from_transcript(play_full_game(a)).is_over());
        CHECK(Game::from_transcript(play_full_game(b)).is_over());
        CHECK(a.send("quit") == "=\n");
        CHECK(a.closed_by_server());
    }
    // SIGTERM stops the server cleanly; then the process is reaped.
    engine.signal(SIGTERM);
    CHECK(engine.wait() == 0);
}

TEST_CASE("the exec relay puts a stdio engine on the network, one process per connection") {
    const std::string rhino = "/usr/games/gtp-rhino";
    if (!std::filesystem::exists(rhino)) {
        MESSAGE("gtp-rhino not installed; relay test skipped");
        return;
    }
    TcpServerOptions options;
    ServerThread server(options, exec_relay_handler(parse_exec_command(rhino + " -l 1")));
    const unsigned short port = server.server().port();
    {
        GtpSocket a(port), b(port);
        CHECK(a.send("1 name") == "=1 GTP GRhino\n");
        CHECK(a.send("2 play b d3") == "=2\n");
        CHECK(b.send("3 play b d3") == "=3\n");  // b has its own engine and game
        CHECK(b.send("4 play b d3") == "?4 illegal move\n");
        CHECK(a.send("5 quit") == "=5\n");
        CHECK(a.closed_by_server());
    }  // b leaves without quit: its engine sees end of input
    // Every child engine is gone and reaped: no zombie is left behind by either ending.
    int children = -1;
    const auto until =
        std::chrono::steady_clock::now() + othello::testing::scaled(std::chrono::seconds(5));
    while (children != 0 && std::chrono::steady_clock::now() < until) {
        children = count_child_processes();
        if (children) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    CHECK(children == 0);
    CHECK_THROWS_AS(parse_exec_command("no-such-engine-anywhere --x"), std::invalid_argument);
    CHECK_THROWS_AS(parse_exec_command(""), std::invalid_argument);
}
