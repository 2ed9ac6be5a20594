// cutechess-cli / fastchess options in othello-match's spelling, through the real othello-match:
// clocks with minutes and without end, final positions out, openings cut and started where asked,
// the SPRT's models, and the per-engine timemargin=, stderr=FILE and restart= (resign and draw
// adjudication: test_match_eval_adjudication.cpp).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "tests/match/match_test_support.h"
#include "tests/support/programs.h"

using namespace othello::testing;
namespace fs = std::filesystem;

namespace {}  // namespace

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

namespace {

// The LLR the GSPRT's normal approximation gives for pentanomial `counts` with the bounds elo0,
// elo1 read as logistic or (fastchess) normalized Elo: worked here from the formulas, not the
// runner's code.
double expected_llr(const std::vector<long>& counts, double elo0, double elo1, bool normalized) {
    double n = 0, mean = 0, variance = 0;
    for (std::size_t i = 0; i < counts.size(); ++i) {
        n += counts[i];
        mean += counts[i] * (i / 4.0);
    }
    mean /= n;
    for (std::size_t i = 0; i < counts.size(); ++i)
        variance += counts[i] * (i / 4.0 - mean) * (i / 4.0 - mean);
    variance /= n;
    const auto score = [&](double elo) {
        if (!normalized) return 1 / (1 + std::pow(10.0, -elo / 400));
        return 0.5 + elo * std::sqrt(2 * variance) / (800 / std::log(10.0));
    };
    const double s0 = score(elo0), s1 = score(elo1);
    return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance);
}

std::vector<long> pentanomial_in(const std::string& out) {
    const auto at = out.find("Pentanomial [0, 0.5, 1, 1.5, 2]: [");
    REQUIRE(at != std::string::npos);
    std::istringstream in(out.substr(out.find(": [", at) + 3));
    std::vector<long> counts(5);
    char comma = 0;
    for (long& c : counts) in >> c >> comma;
    return counts;
}

}  // namespace

TEST_CASE("cutechess --sprt model=: logistic by default, fastchess's normalized Elo on request") {
    const fs::path dir = temp_dir("othello_cute_sprt");
    for (const std::string model : {"", ",model=logistic", ",model=normalized"}) {
        CAPTURE(model);
        const Run run =
            run_shell(kMatch +
                          " --engine policy:mobility --engine temperature=2,policy:mobility"
                          " --games 40 --no-progress --overwrite --sprt elo0=-20,elo1=20" +
                          model + " --results " + (dir / "r.json").string(),
                      dir);
        REQUIRE(run.status == 0);
        const bool normalized = model == ",model=normalized";
        char line[128];
        std::snprintf(line, sizeof line, "  SPRT (elo0 -20, elo1 20%s): LLR %.2f [-2.94, 2.94]",
                      normalized ? ", normalized Elo" : "",
                      expected_llr(pentanomial_in(run.out), -20, 20, normalized));
        CHECK(run.out.find(line) != std::string::npos);
        // The config says the model only when it is not the default: older configs read alike.
        std::ifstream in(dir / "r.json");
        const nlohmann::json sprt = nlohmann::json::parse(in).at("config").at("sprt");
        CHECK(sprt.contains("model") == normalized);
        if (normalized) CHECK(sprt.at("model") == "normalized");
    }
    const Run run = run_shell(kMatch +
                                  " --engine policy:random --engine policy:random"
                                  " --sprt elo0=0,elo1=5,model=bayes",
                              dir);
    CHECK(run.status == 2);
    CHECK(run.err ==
          "othello-match: --sprt 'elo0=0,elo1=5,model=bayes': SPRT model 'bayes': expected "
          "logistic or normalized\n(see othello-match --help)\n");
}

TEST_CASE("cutechess -openings plies= start=: --openings plies=N,start=M,FILE") {
    const fs::path dir = temp_dir("othello_cute_openings");
    {
        std::ofstream(dir / "lines.txt")
            << "f5d6c3d3c4f4\tone\n# a comment\nf5f6e6f4e3c5\ttwo\n"
               "f5d6c5f4e3f6\tthree\n"
            << std::string(64, '-').replace(27, 2, "OX").replace(35, 2, "XO") << " X\tboard\n"
            << "f5d6c3d3c4f4a1\tfour\n";  // its 7th ply is illegal
    }
    const auto openings = [&](const std::string& source, const std::string& order) {
        const Run run = run_shell(kMatch +
                                      " --engine policy:random --engine policy:mobility"
                                      " --games 8 --no-progress --overwrite --openings '" +
                                      source + (dir / "lines.txt").string() + "'" + order +
                                      " --results " + (dir / "r.json").string(),
                                  dir);
        REQUIRE(run.status == 0);
        std::vector<std::string> seen;
        for (const auto& g : games_of(dir / "r.json")) {
            seen.push_back(g.at("opening_name").get<std::string>() + ":" +
                           g.at("opening").get<std::string>());
        }
        return seen;
    };
    // The second opening on (the comment is not an opening), each cut after two plies; a board
    // has no plies to cut; a line is read only as far as its plies (the 7th of "four" is
    // illegal, and never played).
    CHECK(openings("plies=2,start=2,", "") ==
          std::vector<std::string>{"two:f5f6", "two:f5f6", "three:f5d6", "three:f5d6",
                                   "board:", "board:", "four:f5d6", "four:f5d6"});
    // In random order too, only the openings from the third on are drawn.
    for (const auto& name : openings("plies=6,start=3,", " --openings-order random"))
        CHECK((name == "three:f5d6c5f4e3f6" || name == "board:" || name == "four:f5d6c3d3c4f4"));

    const auto refused = [&](const std::string& source) {
        const Run run = run_shell(kMatch +
                                      " --engine policy:random --engine policy:random"
                                      " --openings '" +
                                      source + (dir / "lines.txt").string() + "'",
                                  dir);
        CHECK(run.status == 2);
        return run.err;
    };
    CHECK(refused("start=6,") == "othello-match: openings file '" + (dir / "lines.txt").string() +
                                     "' holds no opening from start=6 on\n");
    // Read whole, the illegal 7th ply is refused, naming the line.
    CHECK(refused("").starts_with("othello-match: " + (dir / "lines.txt").string() +
                                  ":6: bad opening: transcript move 7 (a1)"));
    CHECK(refused("plies=0,") == "othello-match: openings 'plies=0," +
                                     (dir / "lines.txt").string() +
                                     "': plies '0' is not a number of plies from 1 to 60\n");
}

TEST_CASE("cutechess -epdout: --positions-out FILE, each game's final position as an OBF line") {
    const fs::path dir = temp_dir("othello_cute_positions");
    const std::string out = (dir / "final.obf").string();
    const std::string match = kMatch +
                              " --engine policy:random --engine policy:mobility --games 4"
                              " --no-progress --openings random:4 --positions-out '" +
                              out + "' --results " + (dir / "r.json").string();
    Run run = run_shell(match, dir);
    REQUIRE(run.status == 0);
    std::istringstream lines(slurp(out));
    std::string line;
    int n = 0;
    for (const auto& g : games_of(dir / "r.json")) {
        REQUIRE(std::getline(lines, line));
        CAPTURE(line);
        // The board and side to move, then after ';' which game it ends.
        REQUIRE(line.size() > 66);
        const std::string board = line.substr(0, 64);
        CHECK(std::count(board.begin(), board.end(), 'X') == g.at("black_discs").get<int>());
        CHECK(std::count(board.begin(), board.end(), 'O') == g.at("white_discs").get<int>());
        CHECK(line.substr(64, 2) == (line[65] == 'X' ? " X" : " O"));
        CHECK(line.substr(66) == "; game " + std::to_string(n++) + " " +
                                     g.at("black").get<std::string>() + " - " +
                                     g.at("white").get<std::string>() + " " +
                                     std::to_string(g.at("black_discs").get<int>()) + "-" +
                                     std::to_string(g.at("white_discs").get<int>()) + " " +
                                     g.at("winner").get<std::string>() + " (normal)");
    }
    CHECK(n == 4);
    CHECK_FALSE(std::getline(lines, line));

    // Outputs never destroy what is at their path: an existing file is refused (and kept) unless
    // --overwrite; a FIFO is never waited on.
    { std::ofstream(out) << "mine\n"; }
    run = run_shell(match + " --overwrite", dir);
    CHECK(run.status == 0);
    { std::ofstream(out) << "mine\n"; }
    run = run_shell(kMatch +
                        " --engine policy:random --engine policy:mobility --games 1 "
                        "--positions-out '" +
                        out + "'",
                    dir);
    CHECK(run.status == 2);
    CHECK(run.err ==
          "othello-match: --positions-out '" + out + "' already exists: --overwrite replaces it\n");
    CHECK(slurp(out) == "mine\n");
    REQUIRE(std::system(("mkfifo '" + (dir / "fifo").string() + "'").c_str()) == 0);
    run = run_shell(kMatch +
                        " --engine policy:random --engine policy:mobility --games 1 "
                        "--positions-out '" +
                        (dir / "fifo").string() + "'",
                    dir);
    CHECK(run.status == 2);
    CHECK(run.err.find("--positions-out '" + (dir / "fifo").string() + "'") != std::string::npos);
}

TEST_CASE("cutechess timemargin=MS: an engine's own --time-margin") {
    const fs::path dir = temp_dir("othello_cute_timemargin");
    // 0.05 s over st=0.05 at each move: no margin flags it at once, its own 5 s covers a game.
    for (const std::string margin : {"", "timemargin=5000,"}) {
        const Run run = run_shell(kMatch + " --engine '" + margin + "st=0.05,cmd:" + kFake +
                                      " --delay 0.1' --engine policy:random --games 1"
                                      " --openings start --no-progress --time-margin 0"
                                      " --overwrite --results " +
                                      (dir / "r.json").string(),
                                  dir);
        REQUIRE(run.status == 0);
        CHECK(games_of(dir / "r.json").at(0).at("reason") ==
              (margin.empty() ? "time forfeit" : "normal"));
    }
    const Run run = run_shell(kMatch +
                                  " --engine timemargin=0.5,policy:random --engine "
                                  "policy:random",
                              dir);
    CHECK(run.status == 2);
    CHECK(run.err ==
          "othello-match: engine spec 'timemargin=0.5,policy:random': timemargin "
          "'0.5': expected milliseconds from 0 to 60000\n(see othello-match --help)\n");
}

TEST_CASE("cutechess stderr=FILE: the engine's stderr appended to FILE; 0 and 1 as before") {
    const fs::path dir = temp_dir("othello_cute_stderr");
    {
        std::ofstream(dir / "noisy.sh")
            << "#!/bin/sh\necho \"engine says hi\" >&2\nexec " << kFake << "\n";
        std::ofstream(dir / "e.log") << "before\n";
    }
    fs::permissions(dir / "noisy.sh", fs::perms::owner_all);
    const std::string engine = "cmd:" + (dir / "noisy.sh").string();
    const auto match = [&](const std::string& stderr_key) {
        return run_shell(kMatch + " --engine '" + stderr_key + engine +
                             "' --engine policy:random --games 1 --openings start --no-progress",
                         dir);
    };
    Run run = match("stderr=" + (dir / "e.log").string() + ",");
    REQUIRE(run.status == 0);
    CHECK(slurp(dir / "e.log") == "before\nengine says hi\n");  // appended, never replaced
    CHECK(run.err.find("engine says hi") == std::string::npos);
    run = match("stderr=1,");
    CHECK(run.err.find("engine says hi\n") != std::string::npos);
    run = match("stderr=0,");
    CHECK(run.err.find("engine says hi") == std::string::npos);

    // Not a regular file: refused before any engine starts, as outputs are.
    REQUIRE(std::system(("mkfifo '" + (dir / "fifo").string() + "'").c_str()) == 0);
    run = match("stderr=" + (dir / "fifo").string() + ",");
    CHECK(run.status == 2);
    CHECK(run.err == "othello-match: engine 'noisy.sh' stderr= '" + (dir / "fifo").string() +
                         "': is a FIFO, not a regular file\n(see othello-match --help)\n");
    run = match("stderr=,");
    CHECK(run.status == 2);
    CHECK(run.err == "othello-match: engine spec 'stderr=," + engine +
                         "': stderr= is empty (0, 1 or a FILE to append to)\n(see othello-match "
                         "--help)\n");
}

namespace {

// A wrapper that appends its PID to DIR/starts.txt and then becomes the engine it is given: each
// line of starts.txt is one engine process the runner started.
fs::path counting_wrapper(const fs::path& dir) {
    const fs::path script = dir / "counted.sh";
    std::ofstream(script) << "#!/bin/sh\necho $$ >> '" << (dir / "starts.txt").string()
                          << "'\nexec \"$@\"\n";
    fs::permissions(script, fs::perms::owner_all);
    return script;
}

// The engine processes started since the last call (which starts the count again): how many,
// and how many distinct PIDs.
std::pair<std::size_t, std::size_t> starts_in(const fs::path& dir) {
    std::istringstream lines(slurp(dir / "starts.txt"));
    std::vector<std::string> pids;
    for (std::string pid; std::getline(lines, pid);) pids.push_back(pid);
    fs::remove(dir / "starts.txt");
    return {pids.size(), std::set<std::string>(pids.begin(), pids.end()).size()};
}

using Starts = std::pair<std::size_t, std::size_t>;

}  // namespace

TEST_CASE("cutechess restart=on: a fresh engine process for every game; auto and off: one") {
    const fs::path dir = temp_dir("othello_cute_restart");
    const std::string wrapper = counting_wrapper(dir).string();
    // Four games in one slot, against a policy: every start is this engine's.
    const auto starts = [&](const std::string& engine, const std::string& each) {
        const Run run = run_shell(kMatch + " --engine '" + engine +
                                      "' --engine policy:random --games 4 --concurrency 1"
                                      " --no-progress --overwrite --results " +
                                      (dir / "r.json").string() + each,
                                  dir);
        INFO(run.err);
        CHECK(run.status == 0);
        for (const auto& g : games_of(dir / "r.json")) CHECK(g.at("reason") == "normal");
        return starts_in(dir);
    };
    // The NBoard engine names itself in answer to "nboard 2", as most do.
    for (const std::string& unnamed : {"cmd:" + wrapper + " " + kFake,
                                       "nboard:" + wrapper + " " + kFakeNboard + " --myname nb"}) {
        CAPTURE(unnamed);
        // An engine without name= is asked its name on the start its first game is played on.
        CHECK(starts(unnamed, "") == Starts{1, 1});
        CHECK(starts("restart=on," + unnamed, "") == Starts{4, 4});
        const std::string engine = "name=e," + unnamed;
        CHECK(starts(engine, "") == Starts{1, 1});
        CHECK(starts("restart=auto," + engine, "") == Starts{1, 1});
        CHECK(starts("restart=off," + engine, "") == Starts{1, 1});
        CHECK(starts("restart=on," + engine, "") == Starts{4, 4});
        // From --each too; the policy, which has no process, skips it.
        CHECK(starts(engine, " --each restart=on") == Starts{4, 4});
    }
    // An NBoard engine that names itself only once given a depth (Edax) and is given no depth=:
    // asked on a start of its own (given "set depth 1" to learn its name, then stopped), so that
    // its first game is not played at that depth; with depth= it is asked on its first game's.
    const std::string edax = "nboard:" + wrapper + " " + kFakeNboard + " --mode name-after-depth";
    CHECK(starts(edax + " --myname Edax", "") == Starts{2, 2});
    CHECK(starts("depth=3," + edax + " --myname Edax", "") == Starts{1, 1});
    // One that never names itself is given the depth too, and is stopped as well.
    CHECK(starts("nboard:" + wrapper + " " + kFakeNboard, "") == Starts{2, 2});
}

TEST_CASE("cutechess restart: an engines file's \"restart\" is restart=, and --resume keeps it") {
    const fs::path dir = temp_dir("othello_cute_restart_file");
    const std::string wrapper = counting_wrapper(dir).string();
    std::ofstream(dir / "engines.json") << R"([{"name": "fresh", "command": ")" << wrapper << " "
                                        << kFake << R"(", "restart": "on"}])";
    const std::string match = kMatch + " --engines " + (dir / "engines.json").string() +
                              " --engine policy:random --games 4 --concurrency 1 --no-progress"
                              " --results " +
                              (dir / "r.json").string();
    Run run = run_shell(match + " --engine conf=fresh,restart=off --overwrite", dir);
    REQUIRE(run.status == 0);
    CHECK(starts_in(dir) == Starts{1, 1});
    run = run_shell(match + " --engine conf=fresh --overwrite", dir);
    INFO(run.err);
    REQUIRE(run.status == 0);
    CHECK(starts_in(dir) == Starts{4, 4});
    std::ifstream in(dir / "r.json");
    CHECK(nlohmann::json::parse(in).at("config").at("engines")[1].at("spec") ==
          "name=fresh,restart=on,cmd:" + wrapper + " " + kFake);

    // The match stopped after two games: the journal's spec, restart=on with it, is resumed,
    // and each game left gets an engine of its own.
    std::istringstream journal(slurp(dir / "r.jsonl"));
    std::vector<std::string> lines;
    for (std::string line; std::getline(journal, line);) lines.push_back(line);
    REQUIRE(lines.size() == 5);  // the configuration, then a line per game
    {
        std::ofstream out(dir / "r.jsonl");
        for (std::size_t i = 0; i < 3; ++i) out << lines[i] << "\n";
    }
    fs::remove(dir / "r.json");
    run = run_shell(match + " --engine conf=fresh --resume", dir);
    REQUIRE(run.status == 0);
    CHECK(starts_in(dir) == Starts{2, 2});
    CHECK(games_of(dir / "r.json").size() == 4);
}

TEST_CASE("cutechess restart=: a value other than auto, on or off, or on a policy, is refused") {
    const fs::path dir = temp_dir("othello_cute_restart_refused");
    const auto refused = [&](const std::string& engine, const std::string& each) {
        const Run run =
            run_shell(kMatch + " --engine '" + engine + "' --engine policy:random" + each, dir);
        CHECK(run.status == 2);
        return run.err;
    };
    const std::string engine = "restart=sometimes,cmd:" + kFake;
    CHECK(refused(engine, "") == "othello-match: engine spec '" + engine +
                                     "': restart 'sometimes': expected auto, on or off\n(see "
                                     "othello-match --help)\n");
    // A value that is wrong is wrong for every engine, a policy given it by --each included: each
    // engine's refusal is said.
    CHECK(refused("policy:mobility", " --each restart=sometimes") ==
          "othello-match: 2 problems with the command line:\n"
          "  engine spec 'policy:mobility': restart 'sometimes': expected auto, on or off\n"
          "  engine spec 'policy:random': restart 'sometimes': expected auto, on or off\n"
          "(see othello-match --help)\n");
    for (const std::string spec : {"restart=on,policy:mobility", "restart=off,human"}) {
        CHECK(refused(spec, "") == "othello-match: engine spec '" + spec +
                                       "': restart= is for engines (cmd: or tcp://)\n(see "
                                       "othello-match --help)\n");
    }
    std::ofstream(dir / "engines.json")
        << R"([{"name": "odd", "command": ")" << kFake << R"(", "restart": "sometimes"}])";
    CHECK(refused("conf=odd", " --engines " + (dir / "engines.json").string()) ==
          "othello-match: engine spec 'name=odd,restart=sometimes,cmd:" + kFake +
              "': restart 'sometimes': expected auto, on or off\n(see othello-match --help)\n");
}
