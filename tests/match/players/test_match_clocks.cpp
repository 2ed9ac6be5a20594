// Clocks and limits that an engine or a command line cannot game, through the real othello-match:
// the margin is forgiven once a game, every answer an engine gives during a game is charged to
// its clock, the clock (not --move-timeout) is the limit of an engine that has one, and nonsense
// numbers and runaway sizes are usage errors naming the option.
#include <doctest/doctest.h>

#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "tests/match/match_test_support.h"
#include "tests/support/programs.h"

using namespace othello::testing;
namespace fs = std::filesystem;

namespace {

// The seconds the fake engine (the side not named "random") used in game `g`, and its moves'
// times.
double fake_seconds(const nlohmann::json& g) {
    return g.at(g.at("black") == "random" ? "white_seconds" : "black_seconds").get<double>();
}

std::vector<double> fake_move_seconds(const nlohmann::json& g) {
    // The in-process policy's moves take no time at all: every other entry is the fake's.
    std::vector<double> out;
    for (const auto& s : g.at("move_seconds")) {
        if (s.get<double>() > 0) out.push_back(s.get<double>());
    }
    return out;
}

// The fake engine lost the game on time.
void check_fake_lost_on_time(const nlohmann::json& g) {
    CHECK(g.at("reason") == "time forfeit");
    CHECK(g.at("detail").get<std::string>().find("loses on time") != std::string::npos);
    CHECK(g.at("winner") == (g.at("black") == "random" ? "black" : "white"));
}

}  // namespace

TEST_CASE("clocks: the margin is forgiven once a game, not after every move") {
    const fs::path dir = temp_dir("othello_clock_margin");
    // Each move 0.1 s over st=0.1: within a 0.3 s margin once, but not every move.
    Run run =
        run_match_from_start("--engine 'st=0.1,cmd:" + kFake +
                                 " --delay 0.2' --engine policy:random --games 2 --time-margin 0.3"
                                 " --results " +
                                 (dir / "st.json").string(),
                             dir);
    REQUIRE(run.status == 0);
    for (const auto& g : games_of(dir / "st.json")) {
        CAPTURE(g.dump());
        check_fake_lost_on_time(g);
        // The margin covers three overdrafts of 0.1 s at most.
        CHECK(fake_move_seconds(g).size() <= 3);
    }
    // Sudden death: 1 s plus a 0.5 s margin is all the engine gets, however it spreads it.
    run =
        run_match_from_start("--engine 'tc=1,cmd:" + kFake +
                                 " --delay 0.2' --engine policy:random --games 1 --time-margin 0.5"
                                 " --results " +
                                 (dir / "tc.json").string(),
                             dir);
    REQUIRE(run.status == 0);
    const auto g = games_of(dir / "tc.json").at(0);
    CAPTURE(g.dump());
    check_fake_lost_on_time(g);
    CHECK(fake_seconds(g) >= 1.5);
    CHECK(fake_seconds(g) < 1.5 + scaled_seconds(0.3));  // cut off at the limit, not after its move
    fs::remove_all(dir);
}

TEST_CASE("clocks: the time an engine takes to acknowledge commands is charged and recorded") {
    const fs::path dir = temp_dir("othello_clock_acks");
    // Quick moves, slow acknowledgements of clear_board and play: about 3 s a game on a 1 s clock.
    Run run = run_match_from_start(
        "--engine 'tc=1,cmd:" + kFake +
            " --ack-delay 0.1' --engine policy:random --games 1 --time-margin 0.1"
            " --results " +
            (dir / "lost.json").string(),
        dir);
    REQUIRE(run.status == 0);
    auto g = games_of(dir / "lost.json").at(0);
    {
        CAPTURE(g.dump());
        check_fake_lost_on_time(g);
        CHECK(fake_seconds(g) >= 1.1);
        CHECK(fake_seconds(g) < 1.1 + scaled_seconds(0.3));
    }
    // An acknowledgement of clear_board that outlasts the clock: lost before the first move.
    run = run_match_from_start("--engine 'tc=0.5,cmd:" + kFake +
                                   " --ack-delay 1' --engine policy:random --games 1 --results " +
                                   (dir / "setup.json").string(),
                               dir);
    REQUIRE(run.status == 0);
    g = games_of(dir / "setup.json").at(0);
    {
        CAPTURE(g.dump());
        check_fake_lost_on_time(g);
        CHECK(g.at("detail").get<std::string>().find("while setting up the game") !=
              std::string::npos);
        CHECK(fake_seconds(g) >= 0.6);
        CHECK(fake_seconds(g) < 0.6 + scaled_seconds(0.3));
    }
    // With time to spare the game is played out, and the acknowledgements are in the record: in
    // the side's total and in the time of the move that follows them.
    run =
        run_match_from_start("--engine 'tc=30,cmd:" + kFake +
                                 " --ack-delay 0.03' --engine policy:random --games 1 --results " +
                                 (dir / "kept.json").string(),
                             dir);
    REQUIRE(run.status == 0);
    g = games_of(dir / "kept.json").at(0);
    CAPTURE(g.dump());
    CHECK(g.at("reason") == "normal");
    const auto moves = fake_move_seconds(g);
    REQUIRE(moves.size() >= 20);
    double sum = 0;
    for (double s : moves) {
        CHECK(s >= 0.03);  // every move follows a clear_board or a play
        sum += s;
    }
    // The total is the sum of its moves, but for an acknowledgement or two that no move of its
    // followed (it had to pass to the end).
    CHECK(fake_seconds(g) >= sum - 1e-6);
    CHECK(fake_seconds(g) <= sum + scaled_seconds(0.2));
    fs::remove_all(dir);
}

TEST_CASE("clocks: the clock, not --move-timeout, limits an engine that has one") {
    const fs::path dir = temp_dir("othello_clock_decides");
    // Moves of 0.8 s on a 2 s clock: two fit, although --move-timeout is 0.5.
    Run run =
        run_match_from_start("--engine 'tc=2,cmd:" + kFake +
                                 " --delay 0.8' --engine policy:random --games 1 --move-timeout 0.5"
                                 " --results " +
                                 (dir / "clock.json").string(),
                             dir);
    REQUIRE(run.status == 0);
    auto g = games_of(dir / "clock.json").at(0);
    {
        CAPTURE(g.dump());
        check_fake_lost_on_time(g);
        const auto moves = fake_move_seconds(g);
        CHECK(!moves.empty());
        CHECK(moves.size() <= 2);
        for (double s : moves) CHECK(s >= 0.8);
    }
    // Without a clock --move-timeout still guards every move.
    run =
        run_match_from_start("--engine 'cmd:" + kFake +
                                 " --delay 0.8' --engine policy:random --games 1 --move-timeout 0.5"
                                 " --results " +
                                 (dir / "bare.json").string(),
                             dir);
    REQUIRE(run.status == 0);
    g = games_of(dir / "bare.json").at(0);
    CAPTURE(g.dump());
    CHECK(g.at("reason") == "timeout");
    fs::remove_all(dir);
}

namespace {

// What a GTP engine is told of one time control: the time_settings line, its first time_left (as
// black in game 0, as white in game 1, after nothing but acknowledgements), and the limits that
// make every later time_left honest.
struct Announcement {
    std::string key;            // the spec's tc= or st=
    std::string settings;       // the exact time_settings line
    std::string first;          // the exact first time_left, without "time_left b "
    double seconds, increment;  // the clock: S and I (st=: S a move, no increment)
    bool per_move;
};

const std::vector<Announcement> kAnnouncements = {
    {"tc=10+0.1", "time_settings 10 0 0", "10 0", 10, 0.1, false},
    {"tc=5+2", "time_settings 3 2 1", "3 0", 5, 2, false},
    {"st=0.5", "time_settings 0 0 1", "0 1", 0.5, 0, true},
    {"st=3", "time_settings 0 3 1", "3 1", 3, 0, true},
};

// The most one move may take by the announcement "time_left C SECONDS STONES": in main time the
// main time left and then a byo-yomi period (`byoyomi`, as time_settings gave it).
double announced_budget(const std::string& line, double byoyomi) {
    std::istringstream in(line);
    std::string command, color;
    double seconds = 0;
    int stones = -1;
    in >> command >> color >> seconds >> stones;
    return stones == 0 ? seconds + byoyomi : seconds;
}

}  // namespace

TEST_CASE("clocks: GTP engines are told whole seconds rounded down, never more than they have") {
    const fs::path dir = temp_dir("othello_clock_told");
    constexpr double kMargin = 0.1;  // --time-margin's default, part of what a side has
    for (const auto& a : kAnnouncements) {
        CAPTURE(a.key);
        const fs::path log = dir / "commands.txt";
        fs::remove(log);
        const Run run = run_match_from_start(
            "--engine 'name=fake," + a.key + ",cmd:" + kFake + " --log " + log.string() +
                "' --engine policy:random --games 2 --concurrency 1",
            dir);
        REQUIRE(run.status == 0);
        std::ifstream in(log);
        int games = 0, settings = 0, moves_made = 0;
        double byoyomi = 0;
        std::string first_left[2];
        for (std::string line; std::getline(in, line);) {
            CAPTURE(line);
            if (line == "clear_board") {
                ++games;
                moves_made = 0;
            } else if (line.starts_with("time_settings")) {
                CHECK(line == a.settings);
                ++settings;
                std::istringstream(line.substr(14)) >> byoyomi >> byoyomi;
            } else if (line.starts_with("genmove")) {
                ++moves_made;
            } else if (line.starts_with("time_left")) {
                REQUIRE((games == 1 || games == 2));
                if (first_left[games - 1].empty()) first_left[games - 1] = line;
                // No announcement exceeds the clock: st= gives S a move; tc=S+I gives S and the
                // increments of the moves made, whatever the engine spent.
                const double has = a.per_move ? a.seconds : a.seconds + a.increment * moves_made;
                CHECK(announced_budget(line, byoyomi) <= has + kMargin);
                // st=: each move is told the same whole seconds, less one only when the side's
                // acknowledgement of the last move took more than the 10 ms grace (charged to its
                // clock: a loaded machine can take that long).
                if (a.per_move) {
                    const int told = std::stoi(line.substr(12));
                    const int full = std::stoi(a.first);
                    CHECK((told == full || (told == full - 1 && full > 0)));
                    CHECK(line.ends_with(" 1"));
                }
            }
        }
        CHECK(settings == 2);  // once a game
        CHECK(first_left[0] == "time_left b " + a.first);
        CHECK(first_left[1] == "time_left w " + a.first);
    }
    fs::remove_all(dir);
}

TEST_CASE("clocks: an engine that takes every second it is told never loses on time") {
    const fs::path dir = temp_dir("othello_clock_trust");
    // A late opening leaves the fake (black) two or three moves: a few seconds of sleep each.
    std::ofstream(dir / "late.txt")
        << "f5d6c5f4d7g5d3c4h5f6e7d8c7h6h4b8c3b4a3b2f3g4h3h2b3d2e1g6e6e8a1g7b7g2h7g3c2c8e3a4h1b1"
           "a5a6a2e2a7b5h8g1d1c6f7c1f2g8\n";
    // All four at once (they sleep, nearly idle). The margin (0.5 s) covers oversleeping on a
    // loaded machine; what was told once took 1 s where 0.6 s was left (tc=10+0.1).
    std::string all;
    for (std::size_t i = 0; i < kAnnouncements.size(); ++i) {
        all += kBin + "/othello-match --engine 'name=fake," + kAnnouncements[i].key +
               ",cmd:" + kFake + " --mode trust' --engine policy:random --games 1 --openings " +
               (dir / "late.txt").string() + " --time-margin 0.5 --no-progress --results " +
               (dir / (std::to_string(i) + ".json")).string() + " & ";
    }
    const Run run = run_shell(all + "wait", dir);
    REQUIRE(run.status == 0);
    for (std::size_t i = 0; i < kAnnouncements.size(); ++i) {
        CAPTURE(kAnnouncements[i].key);
        const auto g = games_of(dir / (std::to_string(i) + ".json")).at(0);
        CAPTURE(g.dump());
        CHECK(g.at("reason") == "normal");
        // It did take what it was told: all of tc=10's first move, none of st=0.5's.
        const double expected[] = {10, 5, 0, 3};
        CHECK(fake_seconds(g) >= expected[i]);
    }
    fs::remove_all(dir);
}

TEST_CASE("limits: nonsense numbers and runaway sizes are usage errors naming the option") {
    const fs::path dir = temp_dir("othello_clock_usage");
    const std::string two = "--engine policy:random --engine policy:mobility --games 2 ";
    struct Case {
        std::string args;
        std::string named;  // what the message must name
    };
    const std::vector<Case> cases = {
        {two + "--time-margin nan", "--time-margin"},
        {two + "--time-margin -1", "--time-margin"},
        {two + "--time-margin inf", "--time-margin"},
        {two + "--start-timeout 0", "--start-timeout"},
        {two + "--start-timeout nan", "--start-timeout"},
        {two + "--game-time -5", "--game-time"},
        {two + "--game-time nan", "--game-time"},
        {two + "--game-time 1e30", "--game-time"},
        {two + "--move-timeout 1e30", "--move-timeout"},
        {two + "--move-timeout inf", "--move-timeout"},
        {two + "--concurrency 1000000", "--concurrency"},
        {two + "--report-every -1", "--report-every"},
        {two + "--adjudicate 21", "--adjudicate"},
        {two + "--sprt elo0=nan,elo1=5", "--sprt"},
        {two + "--sprt elo0=0,elo1=inf", "--sprt"},
        {"--engine 'tc=1,st=1,policy:random' --engine policy:random --games 2", "tc= and st="},
        {"--engine policy:random --engine policy:random --each tc=1,st=1 --games 2", "tc= and st="},
        {"--engine 'seed=12x,policy:random' --engine policy:random --games 2", "seed '12x'"},
        {"--engine policy:random --engine policy:mobility --games 2147483647", "--games"},
        // Six pairings of 200,000 games each: the whole match is over the maximum.
        {"--engine policy:random --engine policy:mobility --engine policy:mobility-max "
         "--engine policy:random --games 200000",
         "--games"},
    };
    for (const auto& c : cases) {
        CAPTURE(c.args);
        const Run run = run_match_from_start(c.args, dir);
        CHECK(run.status == 2);
        CHECK(run.err.find(c.named) != std::string::npos);
        CHECK(run.out.empty());  // refused before any game
    }
    // The documented bounds are in --help (read with its line wrapping undone).
    std::string help;
    for (const char c : run_match_from_start("--help", dir).out) {
        const bool space = std::isspace(static_cast<unsigned char>(c));
        if (!space || (!help.empty() && help.back() != ' ')) help += space ? ' ' : c;
    }
    CHECK(help.find("N from 0 to 20") != std::string::npos);                        // --adjudicate
    CHECK(help.find("at most 1,000,000 in the whole match") != std::string::npos);  // --games
    CHECK(help.find("an engine without a clock") != std::string::npos);  // --move-timeout
    fs::remove_all(dir);
}
