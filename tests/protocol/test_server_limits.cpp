// Servers one client cannot take down, against the real othello-engine on 127.0.0.1 (clients
// bound to 127.0.0.2, 127.1.0.1, ... count as other addresses): the per-network limit on
// connections not yet past their first line with the address holding the most giving way, the
// first-line deadline and its penalty, refusals logged at most once a second with a count,
// penalties that fall only on the addresses that failed, floods from 20 networks, and with --exec
// the end of a grandchild that left its group (setsid) and the bound on a child's stderr.
#include <doctest/doctest.h>
#include <signal.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <thread>

#include "engine/game.h"
#include "tests/protocol/token_flood_driver.h"
#include "tests/support/child_process.h"
#include "tests/support/engine_server_process.h"

using namespace othello;
using namespace othello::testing;
namespace fs = std::filesystem;

namespace {

// A whole game by genmove for both sides from `from`; "" or what went wrong.
std::string play_game_from(unsigned short port, const std::string& from) {
    try {
        GtpSocket client(port, from);
        if (client.send("clear_board") != "=\n") return "clear_board refused";
        Game local;
        while (!local.is_over()) {
            const bool black = local.current().side_to_move() == Color::Black;
            const std::string reply = client.send(black ? "genmove b" : "genmove w");
            if (reply.rfind("= ", 0) != 0) return "genmove answered '" + reply + "'";
            local.play(Move::parse_or_throw(reply.substr(2, reply.size() - 3)));
        }
        return "";
    } catch (const std::exception& e) {
        return e.what();
    }
}

// Gone before `limit` (scaled by the tests' time factor) passes.
bool gone_within(pid_t pid, std::chrono::milliseconds limit) {
    const auto until = std::chrono::steady_clock::now() + scaled(limit);
    while (!process_gone(pid) && std::chrono::steady_clock::now() < until)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    return process_gone(pid);
}

fs::path fresh_dir(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / (name + "-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

fs::path write_script(const fs::path& path, const std::string& body) {
    std::ofstream(path) << "#!/bin/sh\n" << body;
    fs::permissions(path, fs::perms::owner_all);
    return path;
}

// The pids appended to `file`, once it holds `count` of them (or after 10 s, scaled).
std::vector<pid_t> pids_in(const fs::path& file, std::size_t count) {
    std::vector<pid_t> pids;
    const auto until = std::chrono::steady_clock::now() + scaled(std::chrono::seconds(10));
    while (pids.size() < count && std::chrono::steady_clock::now() < until) {
        pids.clear();
        std::ifstream in(file);
        for (pid_t pid; in >> pid;) pids.push_back(pid);
        if (pids.size() < count) std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return pids;
}

}  // namespace

TEST_CASE("1,100 silent connections from one address shut out neither its neighbours nor others") {
    EngineServerProcess server({});  // the defaults: 32 not yet past a first line per /24
    std::vector<std::unique_ptr<GtpSocket>> silent;
    for (int i = 0; i < 1100; ++i) silent.push_back(std::make_unique<GtpSocket>(server.port()));
    // 32 are held (for the 5 s first-line deadline at most), the other 1,068 refused at once: as
    // the address holding the most of its /24's, then, once those refusals add up, as penalised.
    CHECK(silent.back()->closed_within(scaled(std::chrono::seconds(5))));
    CHECK(play_game_from(server.port(), "127.0.1.2") == "");
    // A neighbour in the same /24 takes a place of the address that holds the most.
    GtpSocket neighbour(server.port(), "127.0.0.9");
    CHECK(neighbour.send("name") == "= othello mobility\n");
    silent.clear();
    CHECK(server.stop() == 0);
    CHECK(server.refusals_counted("refused:") == 1068);
    CHECK(server.refusals_counted("the most of them from this address") >= 15);
    CHECK(server.refusals_counted("refused: 127.0.0.1/32 penalised") >= 1);
    MESSAGE(server.log_lines_with("refused:") << " refusal lines for 1068 refusals");
    CHECK(server.log_lines_with("refused:") < 1068);
}

TEST_CASE("Connections past their first line count per address: a /24 is not held to 32") {
    EngineServerProcess server({"--max-clients-per-address", "4"});
    // 40 clients of one /24, 10 addresses, each past its first line: none is refused.
    std::vector<std::unique_ptr<GtpSocket>> talking;
    for (int i = 0; i < 40; ++i) {
        talking.push_back(
            std::make_unique<GtpSocket>(server.port(), "127.0.0." + std::to_string(10 + i / 4)));
        CHECK(talking.back()->send("name") == "= othello mobility\n");
    }
    // A fifth from one of those addresses is refused.
    GtpSocket fifth(server.port(), "127.0.0.10");
    CHECK(fifth.closed_by_server());
    talking.clear();
    CHECK(server.stop() == 0);
    CHECK(server.refusals_counted("refused: 4 connections already open from this address") == 1);
}

TEST_CASE("A connection silent past --first-line-timeout is closed and its address penalised") {
    EngineServerProcess server({"--first-line-timeout", "1", "--max-clients", "1"});
    {
        GtpSocket silent(server.port(), "127.0.0.3");
        CHECK(silent.closed_by_server());  // after 1 s, not the idle timeout's 600 s
    }
    // No first line in time is a failure that brings a penalty into force at once (20 s)...
    GtpSocket again(server.port(), "127.0.0.3");
    const std::string answer = answer_within(again, scaled(std::chrono::seconds(5)));
    CHECK(answer.rfind("? penalised: failures from 127.0.0.3/32; try again in ", 0) == 0);
    // ... on that address alone; its place is free for the next client.
    GtpSocket next(server.port(), "127.0.0.4");
    CHECK(next.send("name") == "= othello mobility\n");
    CHECK(server.stop() == 0);
    CHECK(server.log_lines_with(
              "dropped: no first line within 1000 ms; 127.0.0.3/32 refused for 20 s") == 1);
}

TEST_CASE("Refusals are logged at most once a second, with the count of those not logged") {
    EngineServerProcess server({"--max-clients", "1"});
    GtpSocket holder(server.port());
    CHECK(holder.send("name") == "= othello mobility\n");
    const auto start = std::chrono::steady_clock::now();
    constexpr int kRefused = 3000;
    for (int i = 0; i < kRefused; ++i) {
        GtpSocket refused(server.port());
        CHECK(refused.closed_by_server());
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    CHECK(server.stop() == 0);
    const int lines = server.log_lines_with("refused: server full (1 connections)");
    MESSAGE(kRefused << " refusals in " << seconds << " s: " << lines << " refusal lines");
    CHECK(server.refusals_counted("refused: server full (1 connections)") == kRefused);
    CHECK(lines <= seconds + 2);
}

TEST_CASE("A network's penalty falls on its addresses that failed, not on a neighbour or others") {
    EngineServerProcess server({"--token", "s3cret", "--per-source-penalties", "wrong-token:3"});
    // Six addresses of 127.0.3.0/24, one wrong token each: 3 s each, under min (15 s), but over
    // it for their /24.
    for (int i = 1; i <= 6; ++i) {
        GtpSocket guesser(server.port(), "127.0.3." + std::to_string(i));
        CHECK(guesser.send("othello-token wrong") == "? token required\n");
    }
    const std::string refused = "? penalised: failures from 127.0.3.0/24; try again in ";
    std::string answer;
    {
        GtpSocket failed(server.port(), "127.0.3.1");
        failed.send_raw("othello-token s3cret\n");
        answer = answer_within(failed, scaled(std::chrono::seconds(5)));
    }
    REQUIRE(answer.rfind(refused, 0) == 0);
    // It is told when it may come back: when its own record runs out (3 s for its wrong token, 1 s
    // for coming back, less what has passed), not the /24's (18 s), to which its coming back
    // adds nothing.
    const int wait = std::stoi(answer.substr(refused.size()));
    CHECK(wait >= 1);
    CHECK(wait <= 4);
    std::this_thread::sleep_for(std::chrono::seconds(wait));
    {
        GtpSocket back(server.port(), "127.0.3.1");
        CHECK(back.send("othello-token s3cret") == "=\n");
    }
    GtpSocket neighbour(server.port(), "127.0.3.200");
    CHECK(neighbour.send("othello-token s3cret") == "=\n");
    GtpSocket other(server.port(), "127.0.4.1");
    CHECK(other.send("othello-token s3cret") == "=\n");
    CHECK(server.stop() == 0);
}

TEST_CASE("--exec --token: one address's silent connections do not keep its neighbour out") {
    EngineServerProcess server({"--token", "s3cret", "--exec", kEngine + " --policy random"});
    // 127.0.5.5 holds its /24's 8 places not yet past a first line (and is refused beyond them).
    std::vector<std::unique_ptr<GtpSocket>> silent;
    for (int i = 0; i < 20; ++i)
        silent.push_back(std::make_unique<GtpSocket>(server.port(), "127.0.5.5"));
    for (int i = 0; i < 20; ++i) {
        GtpSocket neighbour(server.port(), "127.0.5.6");
        CHECK(neighbour.send("othello-token s3cret") == "=\n");
        CHECK(neighbour.send("name") == "= othello random\n");
    }
    silent.clear();
    CHECK(server.stop() == 0);
    CHECK(server.evictions_counted() >= 1);
}

TEST_CASE(
    "--exec --token: wrong-token and hang-up floods from 20 networks keep no right token out") {
    for (const FloodKind kind : {FloodKind::WrongToken, FloodKind::HangUp}) {
        CAPTURE(static_cast<int>(kind));
        EngineServerProcess server({"--token", "s3cret", "--exec", kEngine + " --policy random"});
        // 160 connections from 80 addresses of 20 networks, reconnecting at once.
        FloodShape shape;
        shape.networks = 20;
        shape.addresses = 4;
        shape.per_address = 2;
        shape.kind = kind;
        FloodTries tries;
        tries.token = "s3cret";
        tries.tries = 3;
        tries.warm_up = std::chrono::seconds(1);
        tries.patience = scaled(std::chrono::seconds(10));
        tries.clients = {kOtherNetworkClient, neighbour_address(shape)};
        const FloodResult result = run_token_flood(server.port(), shape, tries);
        for (const auto& client : result.clients) {
            for (const double wait : client.waits)
                MESSAGE("the right token waited " << wait << " s");
            for (const auto& failure : client.failures) MESSAGE("not served: " << failure);
            CHECK(client.waits.size() >= 2);  // of 3: generous, for the random early drop
        }
        CHECK(server.stop() == 0);
        CHECK(server.refusals_counted("penalised") >= 1);
    }
}

TEST_CASE("--exec: a grandchild that called setsid ends with its connection and with the server") {
    const fs::path dir = fresh_dir("othello-exec-setsid");
    const fs::path pids = dir / "pids";
    // The engine starts a helper in a session of its own (out of its process group), then
    // becomes cat.
    const fs::path engine = write_script(
        dir / "engine.sh", "setsid sh -c 'echo $$ >> \"$0\"; exec sleep 300' '" + pids.string() +
                               "' </dev/null >/dev/null 2>&1 &\nexec cat\n");
    EngineServerProcess server({"--exec", engine.string()});
    std::vector<pid_t> first;
    {
        GtpSocket client(server.port());
        CHECK(client.send("hello\n") == "hello\n");
        first = pids_in(pids, 1);  // the helper has started
    }
    REQUIRE(first.size() == 1);
    CHECK(gone_within(first[0], std::chrono::seconds(10)));  // the client left: 2 s of grace

    GtpSocket client(server.port());
    CHECK(client.send("again\n") == "again\n");
    const std::vector<pid_t> second = pids_in(pids, 2);
    REQUIRE(second.size() == 2);
    CHECK_FALSE(process_gone(second[1]));
    CHECK(server.stop() == 0);  // with the connection open
    CHECK(gone_within(second[1], std::chrono::seconds(2)));
    for (const pid_t pid : second) ::kill(pid, SIGKILL);  // none left by this test, whatever failed
    fs::remove_all(dir);
}

TEST_CASE("--exec: a child's stderr reaches the log up to --exec-stderr-lines, then is counted") {
    const fs::path dir = fresh_dir("othello-exec-stderr");
    const fs::path engine = write_script(
        dir / "engine.sh",
        "i=0\nwhile [ $i -lt 1000 ]; do echo \"noise $i\" >&2; i=$((i+1)); done\nexec cat\n");
    EngineServerProcess server({"--exec", engine.string(), "--exec-stderr-lines", "20"});
    {
        GtpSocket client(server.port());
        CHECK(client.send("hello\n") == "hello\n");  // all 1,000 lines written before cat
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    CHECK(server.stop() == 0);
    CHECK(server.log_lines_with(" stderr: noise ") == 20);
    CHECK(server.log_lines_with(" stderr: noise 19") == 1);
    CHECK(server.log_lines_with(
              " stderr: limit of 20 lines reached; further lines are counted, not shown") == 1);
    CHECK(server.log_lines_with(" stderr: 980 more lines not shown (limit 20 per child)") == 1);
    fs::remove_all(dir);
}
