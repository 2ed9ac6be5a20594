// Engines started through wrapper scripts that do not `exec` are ended whole: by the match runner
// after a forfeit, when it exits and when it is interrupted, and by the exec relay when a client
// leaves or the server stops. Each wrapper leaves a helper process behind its engine and writes
// the pids to a file; the tests check that none of them is left running, and kill any that is.
#include <doctest/doctest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "tests/match/match_test_support.h"
#include "tests/support/child_process.h"
#include "tests/support/engine_server_process.h"
#include "tests/support/gtp_test_client.h"
#include "tests/support/programs.h"

using namespace othello::testing;
namespace fs = std::filesystem;

namespace {

// A wrapper script that starts `engine` without exec, after a helper (`sleep 300`) of its own;
// the wrapper's pid, the helper's and the engine's are appended to `pids`.
fs::path write_wrapper(const fs::path& dir, const std::string& engine, const fs::path& pids) {
    const fs::path script = dir / "wrapper.sh";
    std::ofstream(script) << "#!/bin/sh\n"
                          << "echo $$ >> '" << pids.string() << "'\n"
                          << "sleep 300 &\n"
                          << "echo $! >> '" << pids.string() << "'\n"
                          << "sh -c 'echo $$ >> \"$0\"; exec \"$@\"' '" << pids.string() << "' "
                          << engine << "\n";
    fs::permissions(script, fs::perms::owner_all);
    return script;
}

std::vector<pid_t> read_pids(const fs::path& pids) {
    std::ifstream in(pids);
    std::vector<pid_t> found;
    for (pid_t pid; in >> pid;) found.push_back(pid);
    return found;
}

// What of `pids` is still running after up to `limit` (scaled by the tests' time factor), as
// "PID (COMMAND) STATE; ..." from /proc/PID/stat; "" when nothing is.
std::string left_running(const fs::path& pids, std::chrono::milliseconds limit) {
    const auto until = std::chrono::steady_clock::now() + scaled(limit);
    for (;;) {
        std::string text;
        for (const pid_t pid : read_pids(pids)) {
            std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
            std::string line;
            if (!process_gone(pid) && std::getline(stat, line))
                text += line.substr(0, line.find(')') + 3) + "; ";
        }
        if (text.empty() || std::chrono::steady_clock::now() >= until) return text;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
}

// Waits until `pids` holds at least `count` pids (up to ten seconds, scaled).
bool wait_for_pids(const fs::path& pids, std::size_t count) {
    const auto until = std::chrono::steady_clock::now() + scaled(std::chrono::seconds(10));
    while (std::chrono::steady_clock::now() < until) {
        if (read_pids(pids).size() >= count) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return read_pids(pids).size() >= count;
}

// A test's scratch folder, with the pids its wrappers wrote; on the way out, kills whatever a
// failing test left running, so that no test leaves processes behind, then removes the folder.
struct Scratch {
    fs::path dir;
    fs::path pids = dir / "pids";
    ~Scratch() {
        for (const pid_t pid : read_pids(pids))
            if (!process_gone(pid)) ::kill(pid, SIGKILL);
        fs::remove_all(dir);
    }
};

std::string fake_engine(const std::string& args) {
    return "'" + kBin + "/fake-gtp-engine' " + args;
}

}  // namespace

TEST_CASE("othello-match ends a wrapped engine's whole group after a forfeit and at its exit") {
    const Scratch scratch{temp_dir("othello_groups_forfeit")};
    const fs::path &dir = scratch.dir, &pids = scratch.pids;
    // An illegal move at its first genmove: each game is forfeited and the engine restarted.
    const fs::path wrapper = write_wrapper(dir, fake_engine("--mode illegal"), pids);
    ChildProcess match(
        kBin + "/othello-match",
        {"--engine", "cmd:" + wrapper.string(), "--engine", "policy:random", "--games", "4",
         "--concurrency", "1", "--no-progress", "--results", (dir / "results.json").string()},
        {});
    CHECK(match.wait() == 0);
    // Three pids (wrapper, helper, engine) per start; a start for every game after a forfeit.
    CHECK(read_pids(pids).size() >= 6);
    // A SIGKILLed process may take a moment to be seen dead.
    CHECK(left_running(pids, std::chrono::seconds(1)) == "");
}

TEST_CASE("othello-match ends its engines' groups when interrupted by SIGINT, SIGTERM or SIGHUP") {
    for (const int signal : {SIGINT, SIGTERM, SIGHUP}) {
        CAPTURE(signal);
        const Scratch scratch{temp_dir("othello_groups_signal")};
        const fs::path &dir = scratch.dir, &pids = scratch.pids;
        // It hangs at its first genmove, so the match is still on when the signal comes.
        const fs::path wrapper = write_wrapper(dir, fake_engine("--mode hang"), pids);
        ChildProcess match(
            kBin + "/othello-match",
            {"--engine", "cmd:" + wrapper.string(), "--engine", "policy:random", "--games", "2",
             "--concurrency", "1", "--no-progress", "--results", (dir / "results.json").string()},
            {});
        REQUIRE(wait_for_pids(pids, 3));
        match.signal(signal);
        const int status = match.wait_status();
        // Interrupted, not finished: the signal's own default effect ended it.
        CHECK(WIFSIGNALED(status));
        CHECK(WTERMSIG(status) == signal);
        CHECK(left_running(pids, std::chrono::seconds(2)) == "");
    }
}

TEST_CASE(
    "othello-engine --exec ends a wrapped engine's group when its client leaves or it stops") {
    const Scratch scratch{temp_dir("othello_groups_relay")};
    const fs::path &dir = scratch.dir, &pids = scratch.pids;
    const fs::path wrapper = write_wrapper(dir, "cat", pids);
    EngineServerProcess server({"--exec", wrapper.string()});
    // Clients that come and go: each one's engine and helper end with its connection (after the
    // relay's two seconds of grace), so they cannot pile up past --max-clients.
    for (int i = 0; i < 3; ++i) {
        GtpSocket client(server.port());
        CHECK(client.send("hello\n") == "hello\n");
    }
    REQUIRE(read_pids(pids).size() == 9);
    CHECK(left_running(pids, std::chrono::seconds(5)) == "");

    // Clients still connected when the server stops: their engines end with it.
    GtpSocket first(server.port()), second(server.port());
    CHECK(first.send("one\n") == "one\n");
    CHECK(second.send("two\n") == "two\n");
    REQUIRE(read_pids(pids).size() == 15);
    CHECK(server.stop() == 0);
    CHECK(left_running(pids, std::chrono::seconds(1)) == "");
}

TEST_CASE("othello-engine --exec ends its engines' groups on a hangup (its terminal closed)") {
    const Scratch scratch{temp_dir("othello_groups_hangup")};
    const fs::path &dir = scratch.dir, &pids = scratch.pids;
    const fs::path wrapper = write_wrapper(dir, "cat", pids);
    EngineServerProcess server({"--exec", wrapper.string()});
    GtpSocket client(server.port());
    CHECK(client.send("one\n") == "one\n");
    REQUIRE(read_pids(pids).size() == 3);
    CHECK(server.stop(SIGHUP) == 0);
    CHECK(left_running(pids, std::chrono::seconds(1)) == "");
}
