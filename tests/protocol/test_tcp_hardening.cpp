// Serving on a network: the token handshake, the per-address connection limit, the warning for a
// non-loopback --listen, drops logged with reasons, and a small abuse run (100 games while 20
// misbehaving clients attack) against the real othello-engine on 127.0.0.1.
#include <doctest/doctest.h>

#include <memory>

#include "tests/protocol/tcp_abuse_driver.h"
#include "tests/protocol/token_brake_support.h"
#include "tests/support/engine_server_process.h"

using namespace othello;
using namespace othello::testing;

TEST_CASE("--token: a client must present the secret first; others are refused and logged") {
    EngineServerProcess server({"--token", "s3cret"});
    {
        GtpSocket intruder(server.port());
        CHECK(intruder.send("name") == "? token required\n");
        CHECK(intruder.closed_by_server());
    }
    {
        GtpSocket guesser(server.port());
        CHECK(guesser.send("othello-token wrong") == "? token required\n");
        CHECK(guesser.closed_by_server());
    }
    {
        GtpSocket member(server.port());
        CHECK(member.send("1 othello-token s3cret") == "=1\n");
        CHECK(member.send("2 name") == "=2 othello mobility\n");
        CHECK(member.send("3 play b d3") == "=3\n");
    }
    {
        // Pipelined: the command right behind the token line is served, not swallowed.
        GtpSocket hurried(server.port());
        hurried.send_raw("othello-token s3cret\n4 name\n");
        CHECK(hurried.read() == "=\n");
        CHECK(hurried.read() == "=4 othello mobility\n");
    }
    CHECK(server.stop() == 0);
    // Two failures within a second: the second is counted in the next report, not logged alone.
    CHECK(server.log_lines_with("dropped: wrong or missing token; 1 in a row") == 1);
    CHECK(server.log_lines_with("dropped: wrong or missing token") == 1);
}

TEST_CASE("--token '' is refused at start: an empty secret would let everyone in") {
    const std::string out = run_with_input(
        "/bin/sh",
        {"-c", "timeout 10 \"$0\" --listen 127.0.0.1:0 --token '' 2>&1; echo \"exit $?\"",
         engine_path()},
        "");
    CHECK(out ==
          "othello-engine: --token: the secret is empty, which would let every client in; "
          "give one\nexit 2\n");
}

TEST_CASE("Token guessing is slowed per address and its log lines are rate-limited") {
    EngineServerProcess server({"--token", "s3cret"});
    // One guess after another for two seconds: each wrong token doubles the wait before this
    // address's next check (0.25 s, 0.5 s, 1 s, ...), so only a handful are answered.
    int answered = 0;
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(2);
    while (std::chrono::steady_clock::now() < until) {
        GtpSocket guesser(server.port());
        CHECK(guesser.send("othello-token guess" + std::to_string(answered)) ==
              "? token required\n");
        ++answered;
    }
    MESSAGE(answered << " guesses answered in 2 s");
    CHECK(answered >= 2);
    CHECK(answered <= 8);  // unbraked, a client gets thousands a second
    CHECK(server.log_lines_with("dropped: wrong or missing token") <= 3);
    // The right token is still accepted (after this address's wait), and clears the record.
    {
        GtpSocket member(server.port());
        CHECK(member.send("othello-token s3cret") == "=\n");
        CHECK(member.send("name") == "= othello mobility\n");
    }
    const auto before = std::chrono::steady_clock::now();
    GtpSocket again(server.port());
    CHECK(again.send("othello-token s3cret") == "=\n");
    CHECK(std::chrono::steady_clock::now() - before < scaled(std::chrono::seconds(1)));
    CHECK(server.stop() == 0);
}

TEST_CASE("The brake's wait does not count against the idle timeout of a client with the token") {
    EngineServerProcess server({"--token", "s3cret", "--idle-timeout", "1"});
    for (int i = 0; i < 4; ++i) {  // the next check from this address waits 2 s, past the timeout
        GtpSocket guesser(server.port());
        CHECK(guesser.send("othello-token wrong") == "? token required\n");
    }
    GtpSocket member(server.port());
    CHECK(member.send("othello-token s3cret") == "=\n");
    CHECK(member.send("name") == "= othello mobility\n");
    CHECK(server.stop() == 0);
}

TEST_CASE(
    "Braked wrong tokens that hang up free their sockets and do not hold back the right one") {
    EngineServerProcess server({"--token", "s3cret"});
    brake_three_times(server);
    std::this_thread::sleep_for(std::chrono::milliseconds(100));  // the last guesser's close
    const int descriptors = server.open_descriptors();
    // 100 wrong tokens from clients that hang up without waiting for the answer.
    for (int i = 0; i < 100; ++i) {
        GtpSocket quitter(server.port());
        quitter.send_raw("othello-token wrong" + std::to_string(i) + "\n");
    }
    // Their sockets close once the server sees them gone, not when their checks are due (the
    // first a second from now, the last in 100 s); the server has a second to accept them all.
    std::this_thread::sleep_for(std::chrono::seconds(1));
    int open = 0;
    const auto until = std::chrono::steady_clock::now() + scaled(std::chrono::seconds(2));
    while ((open = server.open_descriptors()) > descriptors &&
           std::chrono::steady_clock::now() < until)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    CHECK(open <= descriptors);
    // The right token waits this address's 1 s, not behind 100 checks a second apart.
    const auto before = std::chrono::steady_clock::now();
    GtpSocket member(server.port());
    member.send_raw("othello-token s3cret\n");
    const std::string answer = answer_within(member, scaled(std::chrono::seconds(5)));
    CHECK(answer == "=\n\n");
    CHECK(std::chrono::steady_clock::now() - before < scaled(std::chrono::seconds(3)));
    if (answer == "=\n\n") CHECK(member.send("name") == "= othello mobility\n");
    CHECK(server.stop() == 0);
}

TEST_CASE(
    "Token checks waiting from one address are capped, refused at once past it, checked together") {
    EngineServerProcess server({"--token", "s3cret"});
    brake_three_times(server);
    // 20 clients, each with a token, all waiting: 8 wait for the address's check, the rest are
    // refused at once; the 8 are all answered when the 1 s wait ends, not one a second.
    std::vector<std::unique_ptr<GtpSocket>> clients;
    for (int i = 0; i < 20; ++i) {
        clients.push_back(std::make_unique<GtpSocket>(server.port()));
        clients.back()->send_raw(i == 0 ? "othello-token s3cret\n" : "othello-token wrong\n");
    }
    const auto before = std::chrono::steady_clock::now();
    int refused = 0, checked = 0;
    std::string first;
    for (auto& client : clients) {
        const std::string answer = answer_within(*client, scaled(std::chrono::seconds(5)));
        if (answer == "? too many token checks waiting from this network\n\n") ++refused;
        if (answer == "? token required\n\n" || answer == "=\n\n") ++checked;
        if (first.empty()) first = answer;
    }
    CHECK(refused == 12);
    CHECK(checked == 8);
    CHECK(first == "=\n\n");  // the right token among the waiting ones
    CHECK(std::chrono::steady_clock::now() - before < scaled(std::chrono::seconds(3)));
    CHECK(server.stop() == 0);
    CHECK(server.refusals_counted("refused: 8 token checks already waiting from this network") ==
          12);
}

TEST_CASE("A line must be complete within the idle timeout: trickling bytes does not hold a slot") {
    EngineServerProcess server({"--idle-timeout", "1"});
    GtpSocket trickler(server.port());
    trickler.send_raw("name\n");  // past its first line
    GtpSocket steady(server.port());
    // A byte every 300 ms never ends a line: dropped about a second after the first byte, though
    // it was never silent for a second. The steady client's complete lines keep it served.
    bool dropped = false;
    for (int i = 0; i < 15 && !dropped; ++i) {
        trickler.send_raw("n");
        CHECK(steady.send("name") == "= othello mobility\n");
        dropped = trickler.closed_within(std::chrono::milliseconds(300));
    }
    CHECK(dropped);
    CHECK(steady.send("name") == "= othello mobility\n");
    CHECK(server.log_lines_with("dropped: no complete line within 1000 ms") == 1);
    CHECK(server.stop() == 0);
}

TEST_CASE("--exec relays: --max-line-length holds, lines must complete, children are bounded") {
    EngineServerProcess server(
        {"--exec", "cat", "--max-line-length", "4096", "--idle-timeout", "1"});
    {
        GtpSocket echo(server.port());
        CHECK(echo.send("hello\n") == "hello\n");  // cat echoes the line and the blank line
        // A 100 kB line: the relay hangs up before the child has seen more than the limit.
        const std::string line(100000, 'x');
        echo.send_raw(line);  // the server may hang up while this is being sent
        CHECK(echo.read_to_end().size() <= 8192);
    }
    CHECK(server.log_lines_with("dropped: line over 4096 bytes") == 1);
    {
        GtpSocket trickler(server.port());
        trickler.send_raw("x\n");  // past its first line
        bool dropped = false;
        for (int i = 0; i < 15 && !dropped; ++i) {
            trickler.send_raw("n");
            dropped = trickler.closed_within(std::chrono::milliseconds(300));
        }
        CHECK(dropped);
    }
    CHECK(server.log_lines_with("dropped: no complete line within 1000 ms") == 1);
    CHECK(server.stop() == 0);

    // Without --max-clients an exec relay takes 32 connections (each is a child process).
    EngineServerProcess bounded({"--exec", "cat", "--max-clients-per-address", "0"});
    std::vector<std::unique_ptr<GtpSocket>> clients;
    for (int i = 0; i < 32; ++i) {
        clients.push_back(std::make_unique<GtpSocket>(bounded.port()));
        CHECK(clients.back()->send("line " + std::to_string(i) + "\n") ==
              "line " + std::to_string(i) + "\n");
    }
    GtpSocket extra(bounded.port());
    CHECK(extra.closed_within(scaled(std::chrono::seconds(10))));
    CHECK(bounded.log_lines_with("refused: server full (32 connections)") == 1);
    clients.clear();
    CHECK(bounded.stop() == 0);
}

TEST_CASE("--max-clients-per-address refuses the extra connection and logs it") {
    EngineServerProcess server({"--max-clients-per-address", "2"});
    GtpSocket a(server.port()), b(server.port());
    CHECK(a.send("name") == "= othello mobility\n");
    CHECK(b.send("name") == "= othello mobility\n");
    {
        GtpSocket c(server.port());
        CHECK(c.closed_by_server());
    }
    CHECK(server.log_lines_with("refused: 2 connections already open from this address") == 1);
    // A place frees when a connection ends.
    b.send_raw("quit\n");
    CHECK(b.closed_by_server());
    bool served = false;
    const auto until = std::chrono::steady_clock::now() + scaled(std::chrono::seconds(2));
    while (!served && std::chrono::steady_clock::now() < until) {
        GtpSocket d(server.port());
        d.send_raw("name\n");
        served = d.read() == "= othello mobility\n";
        if (!served) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    CHECK(served);
}

TEST_CASE("A session that cannot start is logged with its reason; the client sees no path") {
    const auto book = std::filesystem::temp_directory_path() /
                      ("othello-tcp-book-" + std::to_string(::getpid()) + ".db");
    std::filesystem::copy_file(std::string(OTHELLO_SOURCE_DIR) + "/data/book.db", book,
                               std::filesystem::copy_options::overwrite_existing);
    EngineServerProcess server({"--policy", "book,mobility", "--book", book.string()});
    {
        GtpSocket before(server.port());
        CHECK(before.send("name") == "= othello book,mobility\n");
    }
    // Each connection opens the book anew; one removed after the start cannot be opened.
    std::filesystem::rename(book, book.string() + ".away");
    {
        GtpSocket client(server.port());
        client.send_raw("name\n");
        CHECK(
            client.read_to_end().empty());  // closed at once, nothing said (so no server-side path)
    }
    CHECK(server.log_lines_with("dropped: cannot start a session: " + book.string()) == 1);
    std::filesystem::rename(book.string() + ".away", book);
    {
        GtpSocket after(server.port());  // the server went on
        CHECK(after.send("name") == "= othello book,mobility\n");
    }
    CHECK(server.stop() == 0);
    std::filesystem::remove(book);
}

TEST_CASE("Listening beyond loopback warns; loopback does not") {
    EngineServerProcess loopback({});
    CHECK(loopback.log().find("warning") == std::string::npos);
    // Tests open sockets on 127.0.0.1 only: 192.0.2.1 (TEST-NET-1, never this machine's) is warned
    // about before the bind, which then fails.
    const std::string out =
        run_with_input("/bin/sh", {"-c", "\"$0\" --listen 192.0.2.1:0 2>&1", engine_path()}, "");
    CHECK(out.find("warning: 192.0.2.1 is not a loopback address") != std::string::npos);
    CHECK(out.find("--token") != std::string::npos);
}

TEST_CASE("Abuse: 100 games complete while 20 misbehaving clients attack; drops are logged") {
    EngineServerProcess server(
        {"--idle-timeout", "1", "--max-line-length", "4096", "--policy", "mobility"});
    AbuseCounts counts;
    counts.good_games = 100;
    counts.good_threads = 8;
    counts.slowloris = counts.overlong = counts.garbage = counts.mid_command = counts.churn = 4;
    const AbuseResult result = run_tcp_abuse(server.port(), counts);
    for (const auto& failure : result.failures) CAPTURE(failure);
    CHECK(result.failures.empty());
    CHECK(result.games_completed == 100);
    CHECK(result.slowloris_closed_by_server == 4);
    CHECK(result.overlong_closed_by_server == 4);
    CHECK(server.running());
    // Still serving after the attack.
    CHECK(abuse_detail::play_checked_game(server.port(), "").empty());
    const long peak_kb = server.status_kb("VmHWM");
    MESSAGE("server peak resident memory " << peak_kb << " kB");
    CHECK(peak_kb > 0);
    CHECK(peak_kb < 256 * 1024);  // bounded: far below what 20 x 600 KB of junk lines would cost
    CHECK(server.stop() == 0);
    // The slowloris clients sent one byte of a command: their first line never completed.
    CHECK(server.log_lines_with("dropped: no first line within 1000 ms") >= 4);
    CHECK(server.log_lines_with("dropped: 3 lines over 4096 bytes") == 4);
}
