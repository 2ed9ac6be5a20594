// The engine client: a child process on pipes and a TCP connection, each with deadlines, and GTP
// framing on top — against `cat`, `sleep`, `true` and the scripted fake engine.
#include <doctest/doctest.h>
#include <sys/socket.h>
#include <unistd.h>

#include "engine/square.h"
#include "protocol/engine_process.h"
#include "protocol/gtp_client.h"
#include "protocol/tcp_client.h"
#include "tests/support/programs.h"

using namespace othello;

namespace {

using othello::testing::kFake;

}  // namespace

TEST_CASE("a child process echoes lines through its pipes") {
    EngineProcess cat(ProcessOptions{{"cat"}, "", false});
    for (int i = 0; i < 100; ++i) {
        cat.write_line("line " + std::to_string(i));
        CHECK(cat.read_line(deadline_after(5)) == "line " + std::to_string(i));
    }
    cat.write_line("a\r");
    CHECK(cat.read_line(deadline_after(5)) == "a");  // CR LF line endings are accepted
}

TEST_CASE("an engine process inherits no descriptor of the runner's but its pipes") {
    // A socket opened without close-on-exec, as a library on another thread may hold one while
    // it connects: the engine must not keep it (nor the connection) open.
    const int socket = ::socket(AF_INET, SOCK_STREAM, 0);
    REQUIRE(socket > 2);
    const std::string probe = "test -e /proc/self/fd/" + std::to_string(socket) +
                              " && echo inherited || echo closed; exec cat";
    EngineProcess shell(ProcessOptions{{"sh", "-c", probe}, "", false});
    CHECK(shell.read_line(deadline_after(5)) == "closed");
    ::close(socket);
}

TEST_CASE("a silent child times out, an exiting child is EOF, a missing program fails to start") {
    EngineProcess sleeper(ProcessOptions{{"sleep", "10"}, "", false});
    try {
        sleeper.read_line(deadline_after(0.05));
        FAIL("no timeout");
    } catch (const ChannelError& e) {
        CHECK(e.failure() == ChannelFailure::Timeout);
    }
    sleeper.stop(std::chrono::milliseconds(10));  // killed: does not wait 10 s

    EngineProcess quitter(ProcessOptions{{"true"}, "", false});
    try {
        quitter.read_line(deadline_after(5));
        FAIL("no EOF");
    } catch (const ChannelError& e) {
        CHECK(e.failure() == ChannelFailure::Closed);
    }
    // Writing to a process that is gone is an error, not a SIGPIPE.
    CHECK_THROWS_AS(
        [&] {
            for (int i = 0; i < 100; ++i) quitter.write_line(std::string(4096, 'x'));
        }(),
        ChannelError);

    try {
        EngineProcess missing(ProcessOptions{{"/nonexistent/engine", "-x"}, "", false});
        FAIL("started");
    } catch (const ChannelError& e) {
        CHECK(e.failure() == ChannelFailure::StartFailed);
        CHECK(std::string(e.what()).find("/nonexistent/engine -x") != std::string::npos);
    }
    try {
        EngineProcess bad_dir(ProcessOptions{{"cat"}, "/nonexistent/dir", false});
        FAIL("started");
    } catch (const ChannelError& e) {
        CHECK(std::string(e.what()).find("in /nonexistent/dir") != std::string::npos);
    }
}

TEST_CASE("GTP framing: success, failure, garbage") {
    GtpClient gtp(std::make_unique<EngineProcess>(ProcessOptions{{kFake}, "", false}));
    CHECK(gtp.ask("protocol_version", deadline_after(5)) == "2");
    CHECK(gtp.ask("name", deadline_after(5)) == "fake");
    const GtpResponse refused = gtp.send("boardsize 10", deadline_after(5));
    CHECK(!refused.success);
    CHECK(refused.text == "unacceptable size");
    CHECK_THROWS_WITH_AS(gtp.ask("boardsize 10", deadline_after(5)),
                         doctest::Contains("unacceptable size"), ChannelError);
    CHECK(Move::parse(gtp.ask("genmove b", deadline_after(5))).has_value());
    gtp.quit(std::chrono::milliseconds(1000));

    GtpClient garbage(
        std::make_unique<EngineProcess>(ProcessOptions{{kFake, "--mode", "garbage"}, "", false}));
    try {
        garbage.ask("genmove b", deadline_after(5));
        FAIL("accepted garbage");
    } catch (const ChannelError& e) {
        CHECK(e.failure() == ChannelFailure::Malformed);
        CHECK(std::string(e.what()).find("I think therefore I am") != std::string::npos);
    }
}

TEST_CASE("GTP over TCP on 127.0.0.1, and a dropped connection") {
    EngineProcess server(
        ProcessOptions{{kFake, "--tcp", "0", "--mode", "disconnect", "--at", "2"}, "", false});
    const int port = std::stoi(server.read_line(deadline_after(5)));
    {
        GtpClient gtp(std::make_unique<TcpClient>("127.0.0.1", static_cast<unsigned short>(port),
                                                  deadline_after(5)));
        CHECK(gtp.ask("protocol_version", deadline_after(5)) == "2");
        CHECK(Move::parse(gtp.ask("genmove b", deadline_after(5))).has_value());
        try {
            gtp.ask("genmove w", deadline_after(5));
            FAIL("no disconnection");
        } catch (const ChannelError& e) {
            CHECK(e.failure() == ChannelFailure::Closed);
        }
    }
    // The server accepts again: a reconnection works.
    GtpClient again(std::make_unique<TcpClient>("127.0.0.1", static_cast<unsigned short>(port),
                                                deadline_after(5)));
    CHECK(again.ask("name", deadline_after(5)) == "fake");
    again.quit(std::chrono::milliseconds(100));
    server.stop(std::chrono::milliseconds(1000));  // stdin closed: the server exits
}
