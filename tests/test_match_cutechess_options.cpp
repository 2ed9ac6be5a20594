// cutechess-cli / fastchess options in othello-match's spelling, through the real othello-match:
// clocks with minutes and without end, final positions out, resign and draw adjudication from
// the engines' evals, openings cut and started where asked, the SPRT's models, and the per-engine
// timemargin=, stderr=FILE and restart=.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "match_test_support.h"

using namespace othello::testing;
namespace fs = std::filesystem;

namespace {

const std::string kBin = OTHELLO_BIN_DIR;
const std::string kMatch = kBin + "/othello-match";
const std::string kFake = kBin + "/fake-gtp-engine";

nlohmann::json games_of(const fs::path& results) {
    std::ifstream in(results);
    return nlohmann::json::parse(in).at("games");
}

}  // namespace

TEST_CASE("cutechess tc=: MINUTES:SECONDS is told to the engine, tc=inf is no clock") {
    const fs::path dir = temp_dir("othello_cute_tc");
    Run run = run_shell(kMatch + " --engine 'tc=40/1:30+1,cmd:" + kFake +
                            "' --engine policy:random --games 1 --openings start --no-progress"
                            " --log " +
                            (dir / "log.txt").string(),
                        dir);
    REQUIRE(run.status == 0);
    CHECK(slurp(dir / "log.txt").find("> time_settings 0 90 40\n") != std::string::npos);

    // --game-time would flag a slow engine; its own tc=inf takes it off the clock.
    const std::string slow = "cmd:" + kFake + " --delay 0.05'";
    for (const std::string tc : {"", "tc=inf,"}) {
        run = run_shell(kMatch + " --engine '" + tc + slow +
                            " --engine policy:random --games 1 --openings start --no-progress"
                            " --game-time 0.01 --time-margin 0 --overwrite --results " +
                            (dir / "r.json").string(),
                        dir);
        REQUIRE(run.status == 0);
        CHECK(games_of(dir / "r.json").at(0).at("reason") ==
              (tc.empty() ? "time forfeit" : "normal"));
    }

    for (const auto& [tc, message] :
         {std::pair<std::string, std::string>{"1:60", "'1:60' has 60 or more seconds after ':'"},
          {"x:30", "'x' is not a number of minutes"},
          {"0:0", "'0:0' is not a positive time up to 1e7 s"}}) {
        run = run_shell(kMatch + " --engine 'tc=" + tc + ",policy:random' --engine policy:random",
                        dir);
        CHECK(run.status == 2);
        CHECK(run.err == "othello-match: engine spec 'tc=" + tc +
                             ",policy:random': time control '" + tc + "': " + message +
                             "\n(see othello-match --help)\n");
    }
}
