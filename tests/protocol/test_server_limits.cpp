// Servers one client cannot take down, against the real othello-engine on 127.0.0.1 (clients
// bound to 127.0.0.2, 127.1.0.1, ... count as other addresses): the per-address limit by
// default, the first-line deadline, refusals logged at most once a second with a count, the token
// brake per /24 and its server-wide limit, and with --exec the end of a grandchild that left its
// group (setsid) and the bound on a child's stderr.
#include <doctest/doctest.h>
#include <signal.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <thread>

#include "engine/game.h"
#include "tests/protocol/token_brake_support.h"
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

TEST_CASE("1,100 silent connections from one address do not shut another network out") {
    EngineServerProcess server({});  // the defaults: 1,100 places, 32 not yet past a first line
    std::vector<std::unique_ptr<GtpSocket>> silent;
    for (int i = 0; i < 1100; ++i) silent.push_back(std::make_unique<GtpSocket>(server.port()));
    // 32 are held (for the 10 s first-line deadline at most), the other 1,068 refused at once.
    CHECK(play_game_from(server.port(), "127.0.1.2") == "");
    CHECK(silent.back()->closed_within(scaled(std::chrono::seconds(5))));
    silent.clear();
    CHECK(server.stop() == 0);
    CHECK(server.refusals_counted(
              "refused: 32 connections from 127.0.0.0/24 not yet past their first line") == 1068);
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

TEST_CASE("A connection silent past --first-line-timeout is closed, its place freed") {
    EngineServerProcess server({"--first-line-timeout", "1", "--max-clients", "1"});
    {
        GtpSocket silent(server.port());
        CHECK(silent.closed_by_server());  // after 1 s, not the idle timeout's 600 s
    }
    GtpSocket next(server.port());
    CHECK(next.send("name") == "= othello mobility\n");
    CHECK(server.stop() == 0);
    CHECK(server.log_lines_with("dropped: no first line within 1000 ms") == 1);
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

TEST_CASE("The token brake counts a /24: other addresses of it wait and are capped together") {
    EngineServerProcess server({"--token", "s3cret"});
    brake_three_times(server);
    // 20 guessers from 20 other addresses of 127.0.0.0/24: they share 127.0.0.1's wait, 8 of
    // them wait, the rest are refused at once.
    std::vector<std::unique_ptr<GtpSocket>> clients;
    for (int i = 0; i < 20; ++i) {
        clients.push_back(
            std::make_unique<GtpSocket>(server.port(), "127.0.0." + std::to_string(10 + i)));
        clients.back()->send_raw("othello-token wrong\n");
    }
    int refused = 0, checked = 0;
    for (auto& client : clients) {
        const std::string answer = answer_within(*client, scaled(std::chrono::seconds(5)));
        if (answer == "? too many token checks waiting from this network\n\n") ++refused;
        if (answer == "? token required\n\n") ++checked;
    }
    CHECK(refused == 12);
    CHECK(checked == 8);
    // Another /24 is not braked by this one.
    GtpSocket other(server.port(), "127.0.1.1");
    // Says nothing before its line (a wait for nothing, not scaled: well inside the server's 10 s
    // for a first line).
    CHECK(answer_within(other, std::chrono::seconds(5)) == "");
    other.send_raw("othello-token s3cret\n");
    CHECK(answer_within(other, scaled(std::chrono::seconds(5))) == "=\n\n");
    CHECK(server.stop() == 0);
    CHECK(server.log_lines_with("in a row from 127.0.0.0/24") >= 1);
}

TEST_CASE("Checks of one network go one at a time, each answered, bytes behind them or not") {
    EngineServerProcess server({"--token", "s3cret"});
    brake_three_times(server);
    // Three clients of the braked /24 at once, two with a command behind the token line (which
    // ends the gate's watch for a hang-up): the three wait for the network's turn, then take the
    // server's one after another, and every one is answered.
    std::vector<std::unique_ptr<GtpSocket>> clients;
    for (const std::string line : {"othello-token wrong\nname\n", "othello-token s3cret\nname\n",
                                   "othello-token s3cret\n"}) {
        clients.push_back(std::make_unique<GtpSocket>(server.port(), "127.0.0.20"));
        clients.back()->send_raw(line);
    }
    CHECK(answer_within(*clients[0], scaled(std::chrono::seconds(5))) == "? token required\n\n");
    std::string both = answer_within(*clients[1], scaled(std::chrono::seconds(5)));
    if (both == "=\n\n") both += answer_within(*clients[1], scaled(std::chrono::seconds(5)));
    CHECK(both == "=\n\n= othello mobility\n\n");
    CHECK(answer_within(*clients[2], scaled(std::chrono::seconds(5))) == "=\n\n");
    CHECK(clients[2]->send("name") == "= othello mobility\n");
    CHECK(server.stop() == 0);
}

TEST_CASE("--token-checks-per-second bounds guesses from many networks") {
    EngineServerProcess server({"--token", "s3cret", "--token-checks-per-second", "2"});
    // 40 guessers from 40 networks at once: 2 checks a second in bursts of 2 s' worth (4), and
    // a second's wait (2 more); the rest are refused at once.
    std::vector<std::unique_ptr<GtpSocket>> clients;
    for (int i = 0; i < 40; ++i) {
        clients.push_back(
            std::make_unique<GtpSocket>(server.port(), "127." + std::to_string(i + 1) + ".0.1"));
        clients.back()->send_raw("othello-token wrong\n");
    }
    int refused = 0, checked = 0;
    for (auto& client : clients) {
        const std::string answer = answer_within(*client, scaled(std::chrono::seconds(5)));
        if (answer == "? too many token checks on this server; try again later\n\n") ++refused;
        if (answer == "? token required\n\n") ++checked;
    }
    MESSAGE(checked << " checked, " << refused << " refused");
    CHECK(checked + refused == 40);
    CHECK(checked >= 4);
    CHECK(refused >= 20);
    CHECK(server.stop() == 0);
    CHECK(server.refusals_counted("refused: over 2 token checks a second on this server") ==
          refused);
}

TEST_CASE(
    "--exec --token: silent and wrong-token floods from 20 networks keep no right token out") {
    EngineServerProcess server({"--token", "s3cret", "--exec", kEngine + " --policy random"});
    // 160 connections from 80 addresses of 20 networks for the server's 32 places (8 per network
    // not yet past a first line), reconnecting as soon as they are closed.
    TokenFlood flood;
    flood.networks = 20;
    flood.addresses = 80;
    flood.per_address = 2;
    flood.token = "s3cret";
    flood.tries = 3;
    flood.flood_first = std::chrono::seconds(1);
    flood.patience = scaled(std::chrono::seconds(10));
    const TokenFloodResult result = run_token_flood(server.port(), flood);
    for (const double wait : result.waits) MESSAGE("the right token waited " << wait << " s");
    for (const auto& failure : result.failures) MESSAGE("not served: " << failure);
    CHECK(result.waits.size() == 3);
    CHECK(server.stop() == 0);
    // The flood held the places: the right client took them from unproven connections.
    CHECK(server.evictions_counted() >= 1);
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
