// Progress off a terminal, through the real othello-match: with stdout a pipe, a line per finished
// game as cutechess prints it (checked against the results file) and a score line every
// --score-every games, each written as its game ends; never the bar.
#include <doctest/doctest.h>
#include <poll.h>
#include <signal.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "tests/match/match_test_support.h"
#include "tests/support/child_process.h"
#include "tests/support/programs.h"

using namespace othello::testing;
using othello::testing::ChildProcess;

namespace {

// The lines a game and the running score should give, from the results file.
std::string expected_lines(const nlohmann::json& results, int score_every) {
    std::string lines;
    long wins = 0, losses = 0, draws = 0;
    const std::string first = results.at("games").at(0).at("black");
    int n = 0;
    for (const auto& g : results.at("games")) {
        const std::string black = g.at("black"), white = g.at("white"), winner = g.at("winner");
        const std::string reason = g.at("reason");
        REQUIRE(reason == "normal");
        const std::string discs = std::to_string(g.at("black_discs").get<int>()) + "-" +
                                  std::to_string(g.at("white_discs").get<int>());
        const std::string result = winner == "black"   ? "1-0"
                                   : winner == "white" ? "0-1"
                                                       : "1/2-1/2";
        const std::string why = winner == "black"   ? "Black wins " + discs
                                : winner == "white" ? "White wins " + discs
                                                    : "Draw " + discs;
        lines += "Finished game " + std::to_string(g.at("id").get<int>()) + " (" + black + " vs " +
                 white + "): " + result + " {" + why + "}\n";
        const std::string first_won = black == first ? "black" : "white";
        if (winner == "draw")
            ++draws;
        else if (winner == first_won)
            ++wins;
        else
            ++losses;
        if (++n % score_every == 0) {
            char share[16];
            std::snprintf(share, sizeof share, "%.3f", (wins + draws / 2.0) / n);
            lines += "Score of random vs mobility: " + std::to_string(wins) + " - " +
                     std::to_string(losses) + " - " + std::to_string(draws) + "  [" + share + "] " +
                     std::to_string(n) + "\n";
        }
    }
    return lines;
}

}  // namespace

TEST_CASE("off a terminal a match prints a line per finished game and a score line, no bar") {
    const auto dir = temp_dir("othello_progress_lines");
    const std::string match = kMatch +
                              " --engine policy:random --engine policy:mobility --games 6 "
                              "--concurrency 1 --seed 3 --overwrite --results " +
                              (dir / "r.json").string();
    // Both streams pipes: the default is lines, and the bar (on stderr) is not drawn.
    for (const std::string& progress : {std::string(), std::string(" --progress lines")}) {
        CAPTURE(progress);
        const Run r = run_shell(match + progress + " --score-every 4 2>&1 | cat", dir);
        REQUIRE(r.status == 0);
        const nlohmann::json results = nlohmann::json::parse(slurp(dir / "r.json"));
        const std::string lines = expected_lines(results, 4);
        CHECK(r.out.starts_with(lines));
        CHECK(r.out.substr(lines.size()).starts_with("  Engine "));  // then the table, as before
        CHECK(r.out.find('\r') == std::string::npos);
    }
    // Every game's line also under the default --score-every (10: none in 6 games).
    const Run plain = run_shell(match + " | cat", dir);
    CHECK(
        plain.out.starts_with(expected_lines(nlohmann::json::parse(slurp(dir / "r.json")), 1000)));
    // The bar asked for off a terminal is not drawn; none and --no-progress print nothing.
    for (const char* quiet : {" --progress bar", " --progress none", " --no-progress"}) {
        CAPTURE(quiet);
        const Run r = run_shell(match + std::string(quiet) + " 2>&1 | cat", dir);
        CHECK(r.status == 0);
        CHECK(r.out.starts_with("  Engine "));
        CHECK(r.out.find('\r') == std::string::npos);
    }
    // More than two engines: the standings by points.
    const Run three = run_shell(kMatch +
                                    " --engine policy:random --engine policy:mobility --engine "
                                    "policy:random --games 2 --concurrency 1 --progress lines "
                                    "--score-every 6 | cat",
                                dir);
    CHECK(three.status == 0);
    CHECK(three.out.find("\nStandings after 6 games: ") != std::string::npos);
    const Run bad = run_shell(match + " --progress dots", dir);
    CHECK(bad.status == 2);
    CHECK(bad.err.starts_with("othello-match: --progress 'dots': expected bar, lines or none\n"));
    const Run both = run_shell(match + " --progress lines --no-progress", dir);
    CHECK(both.status == 2);
    CHECK(both.err.starts_with(
        "othello-match: --no-progress and --progress lines contradict each other\n"));
    std::filesystem::remove_all(dir);
}

TEST_CASE("each game's line is written when it finishes, while the match goes on") {
    const auto dir = temp_dir("othello_progress_stream");
    // The fake hangs at its 45th genmove: after the first game (at most 33 of its moves), in the
    // second; the runner waits for it (--move-timeout 600) until it is stopped.
    ChildProcess match(
        kMatch,
        {"--engine", "name=fake,cmd:" + kBin + "/fake-gtp-engine --mode hang --at 45", "--engine",
         "policy:random", "--games", "4", "--concurrency", "1", "--openings", "start",
         "--move-timeout", "600", "--progress", "lines"},
        ChildProcess::Streams().stdout_pipe().stderr_file((dir / "err").string()));
    std::string text;
    // A safety net, not a timing assertion: a line that never comes fails instead of hanging (this
    // end of the pipe keeps its sink open, so a runner that died shows as no line, not as EOF).
    pollfd ready{match.stdout_fd(), POLLIN, 0};
    while (text.find('\n') == std::string::npos && ::poll(&ready, 1, 120000) == 1) {
        char buffer[256];
        const ssize_t n = ::read(match.stdout_fd(), buffer, sizeof buffer);
        if (n <= 0) break;
        text.append(buffer, static_cast<std::size_t>(n));
    }
    const bool running = match.running();
    match.signal(SIGTERM);
    match.wait();
    CHECK(running);
    CHECK(text.starts_with("Finished game 0 ("));
    CHECK(text.find("fake") != std::string::npos);
    std::filesystem::remove_all(dir);
}

TEST_CASE("the bar on a terminal counts a resumed match whole, as its W/L/D does") {
    if (std::system("command -v script >/dev/null 2>&1") != 0) {
        MESSAGE("script(1) is not installed: no terminal to show the bar on; skipped");
        return;
    }
    const std::filesystem::path dir = temp_dir("othello_progress_resumed_bar");
    const std::string results = (dir / "r.json").string();
    const std::string match = kMatch +
                              " --engine policy:mobility --engine policy:random --games 8"
                              " --concurrency 1 --results " +
                              results;
    REQUIRE(run_shell(match + " --no-progress", dir).status == 0);
    // The journal cut back to its configuration and 4 games: --resume plays the other 4.
    REQUIRE(run_shell("head -n 5 '" + results + "l' > '" + results + "l.cut' && mv '" + results +
                          "l.cut' '" + results + "l' && rm '" + results + "'",
                      dir)
                .status == 0);
    // script(1) gives the runner a terminal, on which it draws the bar.
    const Run run =
        run_shell("script -qec \"" + match + " --resume --progress bar\" /dev/null", dir);
    REQUIRE(run.status == 0);
    CHECK(contains(run.out, "Resuming: 4 games already played."));
    // Its last drawing: all 8 games, and W + L + D = 8 (before: 4/4 beside 8 games' W/L/D).
    const std::size_t eta = run.out.rfind("games/s  ETA");
    REQUIRE(eta != std::string::npos);
    const std::size_t last = run.out.rfind("] ", eta);
    REQUIRE(last != std::string::npos);
    long done = 0, total = 0, wins = 0, losses = 0, draws = 0;
    REQUIRE(std::sscanf(run.out.c_str() + last, "] %ld/%ld  +%ld -%ld =%ld", &done, &total, &wins,
                        &losses, &draws) == 5);
    CHECK(done == 8);
    CHECK(total == 8);
    CHECK(wins + losses + draws == 8);
    std::filesystem::remove_all(dir);
}
