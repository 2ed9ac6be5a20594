// othello-abuse-bench: the full-size TCP abuse run against the real othello-engine on
// 127.0.0.1 — by default 1,000 well-behaved clients, all connected at once, each playing a whole
// game, while 100 misbehaving clients (20 each: slowloris, over-long lines, binary garbage, close
// mid-command, connect/disconnect loops) attack. Prints games completed, failures, the server's
// peak memory and its drop log by reason.
//   othello-abuse-bench [GOOD_GAMES [CONCURRENT [MISBEHAVING_PER_KIND]]]
#include <cstdio>
#include <cstdlib>
#include <iostream>

#include "tests/protocol/tcp_abuse_driver.h"
#include "tests/support/engine_server_process.h"

using namespace othello::testing;

int main(int argc, char** argv) {
    AbuseCounts counts;
    counts.good_games = argc > 1 ? std::atoi(argv[1]) : 1000;
    counts.good_threads = argc > 2 ? std::atoi(argv[2]) : counts.good_games;
    const int per_kind = argc > 3 ? std::atoi(argv[3]) : 20;
    counts.slowloris = counts.overlong = counts.garbage = counts.mid_command = counts.churn =
        per_kind;
    // Every game comes from 127.0.0.1, all connecting at once: the limits per address and on
    // connections not yet past their first line are lifted.
    EngineServerProcess server({"--idle-timeout", "2", "--max-line-length", "4096",
                                "--max-clients-per-address", "0", "--max-clients", "4000",
                                "--max-startups", "4000", "--per-source-max-startups", "0",
                                "--policy", "mobility"});
    const long rss_before = server.status_kb("VmRSS");
    const AbuseResult result = run_tcp_abuse(server.port(), counts);
    const bool still_serving = abuse_detail::play_checked_game(server.port(), "").empty();
    const long peak = server.status_kb("VmHWM");
    const int exit_code = server.stop();

    std::printf("well-behaved games:        %d requested, %d completed and checked, %zu failed\n",
                counts.good_games, result.games_completed, result.failures.size());
    std::printf("concurrent game clients:   %d\n", counts.good_threads);
    std::printf("misbehaving connections:   %d (%d per kind; churn clients connect 10 times)\n",
                result.misbehaving_connections, per_kind);
    std::printf("slowloris closed by server: %d of %d\n", result.slowloris_closed_by_server,
                counts.slowloris);
    std::printf("over-long closed by server: %d of %d\n", result.overlong_closed_by_server,
                counts.overlong);
    std::printf("server memory:             %ld kB at start, %ld kB peak (VmHWM)\n", rss_before,
                peak);
    // A slowloris client is dropped with its line unfinished, not idle: both count as idle.
    std::printf(
        "drop log:                  %d idle (%d of them mid-line, %d before a first line), "
        "%d over-long lines, %ld refused\n",
        server.log_lines_with("dropped: idle") +
            server.log_lines_with("dropped: no complete line") +
            server.log_lines_with("dropped: no first line"),
        server.log_lines_with("dropped: no complete line"),
        server.log_lines_with("dropped: no first line"), server.log_lines_with("lines over"),
        server.refusals_counted("refused:"));
    std::printf("server after the attack:   %s; exit code %d after SIGTERM\n",
                still_serving ? "serving" : "NOT serving", exit_code);
    std::printf("wall time:                 %.1f s\n", result.seconds);
    for (std::size_t i = 0; i < result.failures.size() && i < 10; ++i)
        std::printf("  failure: %s\n", result.failures[i].c_str());
    const bool held = result.failures.empty() && result.games_completed == counts.good_games &&
                      still_serving && exit_code == 0;
    return held ? 0 : 1;
}
