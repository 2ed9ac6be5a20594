// The match runner under faults: a match against engines that crash, hang, start slowly,
// answer garbage, play illegal moves and drop their TCP connection still gives every game a result
// and a reason; and a match killed with SIGKILL 20 times and resumed each time ends with exactly
// the requested games, none lost or duplicated, its files parsing.
#include <doctest/doctest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <thread>
#include <vector>

#include "engine/game.h"
#include "engine/rng.h"
#include "match/results/atomic_file.h"
#include "tests/match/match_test_support.h"
#include "tests/support/engine_server_process.h"
#include "tests/support/file_contents.h"
#include "tests/support/programs.h"

using namespace othello;
using namespace othello::testing;
namespace fs = std::filesystem;

namespace {

const std::string kChaos = std::string(OTHELLO_SOURCE_DIR) + "/scripts/chaos-engine.sh";

fs::path fresh_dir(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / (name + "_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

// Runs othello-match with `args`; returns its exit status.
int run_match(const std::vector<std::string>& args) {
    return run_quietly(kBin + "/othello-match", args);
}

// Checks a finished results file: exactly ids 0..games-1, each with a winner and a reason, and the
// summary's totals equal to the games. Returns the count of each reason.
std::map<std::string, int> check_results(const fs::path& path, int games) {
    const nlohmann::json results = read_json(path);
    std::set<int> ids;
    std::map<std::string, int> reasons;
    int decided = 0;
    for (const auto& g : results.at("games")) {
        CHECK(ids.insert(g.at("id").get<int>()).second);
        const std::string winner = g.at("winner").get<std::string>();
        CHECK((winner == "black" || winner == "white" || winner == "draw"));
        const std::string reason = g.at("reason").get<std::string>();
        CHECK_FALSE(reason.empty());
        ++reasons[reason];
        ++decided;
    }
    CHECK(decided == games);
    CHECK(ids.size() == static_cast<std::size_t>(games));
    if (!ids.empty()) {
        CHECK(*ids.begin() == 0);
        CHECK(*ids.rbegin() == games - 1);
    }
    const auto& summary = results.at("summary");
    CHECK(summary.at("games").get<int>() == games);
    int wins = 0, losses = 0, draws = 0, by_reason = 0;
    for (const auto& e : summary.at("engines")) {
        wins += e.at("wins").get<int>();
        losses += e.at("losses").get<int>();
        draws += e.at("draws").get<int>();
    }
    for (const auto& [reason, n] : summary.at("reasons").items()) by_reason += n.get<int>();
    CHECK(wins == losses);
    CHECK(wins + draws / 2 == games);  // two engines: each game is one engine's win or a draw each
    CHECK(by_reason == games);
    return reasons;
}

}  // namespace

TEST_CASE("Faults: 60 games against crashing, hanging, garbage, illegal and dropped engines") {
    const fs::path dir = fresh_dir("othello_match_faults");
    const std::string chaos = kChaos + " " + kBin + "/fake-gtp-engine";
    // The second engine is the same chaos served over TCP: its faults are dropped connections.
    EngineServerProcess relay({"--exec", chaos});
    const int status = run_match({"--engine", "name=chaos-pipe,cmd:" + chaos, "--engine",
                                  "name=chaos-tcp,tcp://127.0.0.1:" + std::to_string(relay.port()),
                                  "--games", "60", "--concurrency", "2", "--move-timeout", "1",
                                  "--start-timeout", std::to_string(scaled_seconds(5)), "--results",
                                  (dir / "r.json").string(), "--no-progress"});
    CHECK(status == 0);
    const auto reasons = check_results(dir / "r.json", 60);
    std::ostringstream seen;
    for (const auto& [reason, n] : reasons) seen << reason << " " << n << "; ";
    MESSAGE("reasons: " << seen.str());
    CHECK(reasons.size() >= 3);  // the faults showed up, not only normal games
    fs::remove_all(dir);
}

TEST_CASE("SIGKILL 20 times, --resume each time: exactly 1000 games, files parse") {
    const fs::path dir = fresh_dir("othello_match_kills");
    const std::string results = (dir / "r.json").string();
    // Room to spare: on a busy machine a round may run well past its kill target before the
    // signal lands, and the match must not end before the 20th kill.
    const int games = 1000;
    const std::vector<std::string> base = {
        "--engine",      "name=fake,cmd:" + kBin + "/fake-gtp-engine",
        "--engine",      "policy:mobility",
        "--games",       std::to_string(games),
        "--concurrency", "2",
        "--results",     results,
        "--no-progress"};
    // Read in blocks: polled every 200 us while the match runs, so it must stay cheap as the
    // journal grows (per-move times make its lines about 1 KB).
    const auto journal_lines = [&] {
        std::ifstream journal(dir / "r.jsonl", std::ios::binary);
        static thread_local std::vector<char> block(1 << 16);
        int lines = 0;
        while (journal.read(block.data(), static_cast<std::streamsize>(block.size())) ||
               journal.gcount() > 0) {
            lines +=
                static_cast<int>(std::count(block.begin(), block.begin() + journal.gcount(), '\n'));
        }
        return lines;
    };
    Rng rng(8);
    int kills = 0;
    for (int round = 0; round < 60 && kills < 20; ++round) {
        auto args = base;
        if (round > 0) args.push_back("--resume");
        // Kill once the match has finished a random 0-15 more games (at most 20 x 15 = 300 of
        // the 1000), up to a millisecond later still: the moment depends on progress, not on how
        // fast this machine is, so every round is cut short mid-match.
        const int target = journal_lines() + static_cast<int>(rng.below(16));
        ChildProcess child(kBin + "/othello-match", args, {});
        const auto give_up = std::chrono::steady_clock::now() + scaled(std::chrono::seconds(20));
        while (child.running() && journal_lines() < target &&
               std::chrono::steady_clock::now() < give_up) {
            std::this_thread::sleep_for(std::chrono::microseconds(200));
        }
        std::this_thread::sleep_for(std::chrono::microseconds(rng.below(1000)));
        if (child.running()) {
            child.signal(SIGKILL);
            ++kills;
        }
        child.wait();
        // Between kills the journal always parses up to at most one torn last line.
        std::ifstream journal(dir / "r.jsonl");
        std::string line;
        int bad = 0;
        while (std::getline(journal, line)) {
            if (!nlohmann::json::accept(line)) ++bad;
        }
        CHECK(bad <= 1);
        if (fs::exists(results)) CHECK(read_json(results).contains("games"));
    }
    CHECK(kills == 20);
    auto args = base;
    args.push_back("--resume");
    CHECK(run_match(args) == 0);
    check_results(results, games);
    fs::remove_all(dir);
}

TEST_CASE("token=SECRET,tcp://: the runner presents an engine server's token; a wrong one fails") {
    const fs::path dir = fresh_dir("othello_match_token");
    EngineServerProcess server({"--token", "s3cret"});
    const std::string where = "tcp://127.0.0.1:" + std::to_string(server.port());
    const std::vector<std::string> common = {
        "--engine", "policy:random", "--games", "2", "--concurrency", "1", "--no-progress"};
    auto with = [&](const std::string& spec, const std::string& results) {
        std::vector<std::string> args = {"--engine", spec, "--results", results};
        args.insert(args.end(), common.begin(), common.end());
        return args;
    };
    CHECK(run_match(with("name=served,token=s3cret," + where, (dir / "ok.json").string())) == 0);
    const auto reasons = check_results(dir / "ok.json", 2);
    CHECK(reasons.at("normal") == 2);

    ChildProcess refused(kBin + "/othello-match",
                         with("name=served,token=guess," + where, (dir / "bad.json").string()),
                         ChildProcess::Streams().stderr_file((dir / "err.txt").string()));
    CHECK(refused.wait() == 1);
    const std::string message = slurp(dir / "err.txt");
    CHECK(message.find("served refused the token (token required)") != std::string::npos);
    CHECK(message.find("guess") == std::string::npos);  // the secret is not repeated
    fs::remove_all(dir);
}

TEST_CASE("write_file_atomically: the old file stays until the new one is complete") {
    const fs::path dir = fresh_dir("othello_atomic_file");
    const std::string path = (dir / "results.json").string();
    write_file_atomically(path, [](std::ostream& out) { out << "old\n"; });
    CHECK_THROWS_AS(write_file_atomically(path,
                                          [](std::ostream& out) {
                                              out << "half of the new";
                                              throw std::runtime_error("disk full");
                                          }),
                    std::runtime_error);
    std::ifstream in(path);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK(text == "old\n");
    write_file_atomically(path, [](std::ostream& out) { out << "new\n"; });
    std::ifstream again(path);
    std::getline(again, text);
    CHECK(text == "new");
    // No temporary is left behind.
    CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator()) == 1);
    CHECK_THROWS_WITH_AS(write_file_atomically((dir / "no/such/folder/x.json").string(),
                                               [](std::ostream& out) { out << "x"; }),
                         doctest::Contains("no/such/folder/x.json"), std::runtime_error);
    fs::remove_all(dir);
}
