// Serving on a network: the token handshake and the penalties its failures earn (wrong tokens,
// hang-ups; not the server's own faults), the warning for a short token and othello-token's
// tokens, what is refused at start (a token with whitespace, negative counts, the admission
// options that were replaced), the per-address connection limit, the warnings for a non-loopback
// --listen and for --exec without --token, a bracketed IPv6 --listen, drops logged with reasons,
// and a small abuse run (100 games while 20 misbehaving clients attack) against the real
// othello-engine on 127.0.0.1.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <set>

#include "tests/protocol/tcp_abuse_driver.h"
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
    // Two failures within a second: the second is counted (logged when the server stops), not
    // logged alone; two wrong tokens (10 s of penalty) are not yet enough to refuse 127.0.0.1.
    CHECK(server.log_lines_with("dropped: wrong or missing token") == 1);
    CHECK(server.wrong_tokens_counted() == 2);
    CHECK(server.log_lines_with("penalised") == 0);
}

namespace {

// What `othello-engine --listen 127.0.0.1:0 OPTIONS` prints (stdout and stderr) and then
// "exit N": for options refused at start (a server that starts is ended after 10 s).
std::string started_with(const std::string& options) {
    return run_with_input(
        "/bin/sh",
        {"-c", "timeout 10 \"$0\" --listen 127.0.0.1:0 " + options + " 2>&1; echo \"exit $?\"",
         engine_path()},
        "");
}

}  // namespace

TEST_CASE("--token '' is refused at start: an empty secret would let everyone in") {
    const std::string out = started_with("--token ''");
    CHECK(out ==
          "othello-engine: --token: the secret is empty, which would let every client in; "
          "give one\nexit 2\n");
}

TEST_CASE("A --token with whitespace, or a negative count, is refused at start") {
    // The gate splits the first line into words: this secret could never be presented.
    CHECK(started_with("--token '0123456789abcdef 0123456789abcdef'") ==
          "othello-engine: --token: the secret holds whitespace, which no first line can present "
          "(the line is split into words); give one without (othello-token makes one)\nexit 2\n");
    // Read into a size, -1 would be the largest: no limit at all.
    for (const std::string option :
         {"--max-clients", "--per-source-max-startups", "--max-clients-per-address",
          "--max-line-length", "--exec-stderr-lines"}) {
        CAPTURE(option);
        CHECK(started_with(option + " -1") ==
              "othello-engine: " + option +
                  ": '-1' is not a count (a whole number from 0)\n(see "
                  "othello-engine --help)\nexit 2\n");
        CHECK(started_with(option + "=-1").find("'-1' is not a count") != std::string::npos);
    }
    CHECK(started_with("--idle-timeout -5") ==
          "othello-engine: --idle-timeout: give seconds from 0\nexit 2\n");
}

TEST_CASE("Wrong tokens are penalised: refused at once with a reason until the penalty expires") {
    // Short penalties for the test: three wrong tokens (3 s owed) pass min (2 s); 3 s at most.
    EngineServerProcess server(
        {"--token", "s3cret", "--per-source-penalties", "wrong-token:1,refused:0.5,min:2,max:3"});
    // One wrong token is not enough: the right one is served next.
    {
        GtpSocket typo(server.port(), "127.0.9.7");
        CHECK(typo.send("othello-token s3cre") == "? token required\n");
    }
    {
        GtpSocket fixed(server.port(), "127.0.9.7");
        CHECK(fixed.send("othello-token s3cret") == "=\n");
    }
    for (int i = 0; i < 3; ++i) {
        GtpSocket guesser(server.port(), "127.0.0.5");
        CHECK(guesser.send("othello-token guess" + std::to_string(i)) == "? token required\n");
    }
    // Refused at once, right token or not, with the reason on one line.
    {
        GtpSocket again(server.port(), "127.0.0.5");
        again.send_raw("othello-token s3cret\n");
        const std::string answer = answer_within(again, scaled(std::chrono::seconds(5)));
        CHECK(answer.rfind("? penalised: failures from 127.0.0.5/32; try again in ", 0) == 0);
        CHECK(again.closed_by_server());
    }
    // Its neighbour and another network did nothing: served.
    GtpSocket neighbour(server.port(), "127.0.0.6");
    CHECK(neighbour.send("othello-token s3cret") == "=\n");
    GtpSocket other(server.port(), "127.0.1.5");
    CHECK(other.send("othello-token s3cret") == "=\n");
    // The penalty runs out (3 s at most from the last failure): served again.
    std::this_thread::sleep_for(std::chrono::milliseconds(3500));
    GtpSocket later(server.port(), "127.0.0.5");
    CHECK(later.send("othello-token s3cret") == "=\n");
    CHECK(later.send("name") == "= othello mobility\n");
    CHECK(server.stop() == 0);
    CHECK(server.wrong_tokens_counted() == 4);
    CHECK(server.refusals_counted("refused: 127.0.0.5/32 penalised for") == 1);
}

TEST_CASE("A hang-up before the first line is answered is a failure, with or without --token") {
    for (const bool token : {true, false}) {
        CAPTURE(token);
        std::vector<std::string> args = {"--per-source-penalties", "hang-up:1,min:3,max:30"};
        if (token) args.insert(args.end(), {"--token", "s3cret"});
        EngineServerProcess server(args);
        // Connect and close, or send half a line and close: four hang-ups pass min (3 s).
        for (const std::string sent : {"", "othello-tok", "", ""}) {
            GtpSocket quitter(server.port(), "127.0.0.8");
            if (!sent.empty()) quitter.send_raw(sent);
        }
        // The server sees each end when it reads it: until then a client is still served.
        std::string answer;
        const auto until = std::chrono::steady_clock::now() + scaled(std::chrono::seconds(5));
        while (answer.rfind("? penalised", 0) != 0 && std::chrono::steady_clock::now() < until) {
            GtpSocket client(server.port(), "127.0.0.8");
            client.send_raw(token ? "othello-token s3cret\n" : "name\n");
            answer = answer_within(client, scaled(std::chrono::seconds(5)));
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        CHECK(answer.rfind("? penalised: failures from 127.0.0.8/32", 0) == 0);
        CHECK(server.stop() == 0);
        CHECK(server.refusals_counted("(last: hung up before its first line was answered)") >= 1);
    }
}

TEST_CASE("A short --token is warned about; othello-token's are not") {
    EngineServerProcess short_token({"--token", "s3cret"});
    CHECK(short_token.log_lines_with(
              "warning: --token holds about 36 bits, fewer than 128 (32 hexadecimal digits, or 22 "
              "other characters): guesses from many networks could find it; make one with "
              "othello-token") == 1);
    CHECK(short_token.stop() == 0);
    std::set<std::string> tokens;
    for (int i = 0; i < 3; ++i) {
        const std::string out = run_with_input(program("othello-token"), {}, "");
        REQUIRE(out.size() == 33);
        CHECK(out.back() == '\n');
        tokens.insert(out.substr(0, 32));
    }
    CHECK(tokens.size() == 3);
    for (const std::string& t : tokens)
        CHECK(t.find_first_not_of("0123456789abcdef") == std::string::npos);
    CHECK(run_with_input(program("othello-token"), {"--bits", "256"}, "").size() == 65);
    CHECK(run_with_input(
              "/bin/sh",
              {"-c", "\"$0\" --bits 100 2>&1; echo \"exit $?\"", program("othello-token")}, "") ==
          "othello-token: --bits 100: give a multiple of 4 from 128 to "
          "4096\nexit 2\n");
    EngineServerProcess strong({"--token", *tokens.begin()});
    CHECK(strong.log().find("warning") == std::string::npos);
    GtpSocket member(strong.port());
    CHECK(member.send("othello-token " + *tokens.begin()) == "=\n");
    CHECK(strong.stop() == 0);
}

TEST_CASE("The admission options that were replaced are refused, saying what replaced them") {
    for (const std::string given : {"--token-checks-per-second 20", "--token-checks-per-second"}) {
        CAPTURE(given);
        CHECK(started_with(given) ==
              "othello-engine: --token-checks-per-second was removed: tokens are at least 128 bits "
              "(othello-token makes one), so guessing needs no server-wide budget; failed tokens "
              "are penalised per source network (--per-source-penalties)\nexit 2\n");
    }
    CHECK(started_with("--max-unproven-per-network 8") ==
          "othello-engine: --max-unproven-per-network was removed: replaced by "
          "--per-source-max-startups (per network; the address holding the most gives way to a "
          "newcomer) and --max-startups (random early drop)\nexit 2\n");
    CHECK(started_with("--max-startups 10:30").find("is not START:RATE:FULL or N") !=
          std::string::npos);
    // START 0 would refuse every client for ever.
    CHECK(started_with("--max-startups 0:100:1") ==
          "othello-engine: --max-startups: '0:100:1': give START from 1 to FULL and RATE from 0 "
          "to 100\nexit 2\n");
    CHECK(started_with("--per-source-penalties never").find("is not KEY:VALUE") !=
          std::string::npos);
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
    // One hang-up would put a penalty in force: a session that cannot start must not count as
    // the client's.
    EngineServerProcess server({"--policy", "book,mobility", "--book", book.string(),
                                "--per-source-penalties", "hang-up:20"});
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

TEST_CASE(
    "--exec: a child that cannot start or quits before the first line is not the client's "
    "hang-up") {
    const auto dir = std::filesystem::temp_directory_path() /
                     ("othello-exec-fault-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const auto script = dir / "engine.sh";
    std::ofstream(script) << "#!/bin/sh\nexit 0\n";
    std::filesystem::permissions(script, std::filesystem::perms::owner_all);
    // One hang-up would put a penalty in force on 127.0.0.9.
    EngineServerProcess server({"--exec", script.string(), "--per-source-penalties", "hang-up:20"});
    // The child exits at once, before the client says anything: the connection just ends.
    for (int i = 0; i < 3; ++i) {
        GtpSocket client(server.port(), "127.0.0.9");
        CHECK(client.read_to_end().empty());
    }
    // The engine is gone from the server's machine: the child cannot start (its exec fails
    // after it closed what it inherited, so it too just exits).
    std::filesystem::remove(script);
    for (int i = 0; i < 3; ++i) {
        GtpSocket client(server.port(), "127.0.0.9");
        CHECK(client.read_to_end().empty());
    }
    CHECK(server.stop() == 0);
    CHECK(server.log().find("penalised") == std::string::npos);
    CHECK(server.log_lines_with("dropped: the engine exited before the client's first line") == 6);
    std::filesystem::remove_all(dir);
}

TEST_CASE("--exec without --token warns that every connection starts a child; with it, not") {
    EngineServerProcess open_exec({"--exec", engine_path() + " --policy random"});
    CHECK(open_exec.log_lines_with("warning: --exec without --token: every connection starts a "
                                   "child process before it proves anything") == 1);
    CHECK(open_exec.stop() == 0);
    EngineServerProcess gated({"--exec", engine_path() + " --policy random", "--token",
                               "0123456789abcdef0123456789abcdef"});
    CHECK(gated.log().find("warning") == std::string::npos);
    CHECK(gated.stop() == 0);
}

TEST_CASE("--listen takes a bracketed IPv6 address") {
    // [::1] is loopback; where the machine has no IPv6 the bind fails, but the address is read.
    const std::string out = run_with_input(
        "/bin/sh",
        {"-c", "timeout -s INT 2 \"$0\" --listen '[::1]:0' 2>&1; echo \"exit $?\"", engine_path()},
        "");
    CHECK(out.find("not an IP address") == std::string::npos);
    CHECK(out.find("is not HOST:PORT") == std::string::npos);
    if (out.find("listening on") != std::string::npos)
        CHECK(out.find("othello-engine: listening on [::1]:") == 0);
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
