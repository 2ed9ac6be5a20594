// cutechess-cli's options through the real othello-match: engines files (engines.json with
// conf=NAME), knockout and seeded gauntlets, --noswap and --reverse, --wait, and --event/--site
// in GGF records.
#include <doctest/doctest.h>
#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "match/players/engine_protocols.h"
#include "match/run/knockout.h"
#include "match/run/schedule.h"
#include "tests/match/match_test_support.h"
#include "tests/support/programs.h"

using namespace othello::testing;
namespace fs = std::filesystem;

namespace {

// "black-white" of each game, in id order.
std::vector<std::string> colours_of(const nlohmann::json& games) {
    std::map<int, std::string> by_id;
    for (const auto& g : games)
        by_id[g.at("id").get<int>()] =
            g.at("black").get<std::string>() + "-" + g.at("white").get<std::string>();
    std::vector<std::string> out;
    for (const auto& [id, colours] : by_id) out.push_back(colours);
    return out;
}

const std::string kNamedPolicies =
    "--engine name=A,policy:mobility --engine name=B,policy:random --no-progress ";

}  // namespace

TEST_CASE("--engines FILE with --engine conf=NAME[,key=value]: cutechess's engines.json") {
    const fs::path dir = temp_dir("cutechess_engines");
    const fs::path file = dir / "engines.json";
    write_bytes(file, R"([
  {"name": "mob", "command": ")" +
                          kBin + R"(/othello-engine --policy mobility",
   "workingDirectory": ")" +
                          dir.string() + R"(", "protocol": "gtp", "initStrings": [],
   "ponder": false},
  {"name": "rnd", "command": ")" +
                          kBin + R"(/othello-engine --policy random --protocol nboard",
   "workingDirectory": "", "stderrFile": "", "protocol": "nboard", "restart": "off",
   "validateClaims": false, "variants": ["othello"],
   "options": [{"alias": "", "default": 2, "max": 60, "min": 1, "name": "depth", "type": "spin",
                "value": 4}]}
])");
    const Run r =
        run_othello_match("--engines " + file.string() +
                              " --engine conf=mob --engine conf=rnd,name=other,tc=600 --games 2 "
                              "--concurrency 1 --no-progress --results " +
                              (dir / "r.json").string(),
                          dir);
    INFO(r.err);
    REQUIRE(r.status == 0);
    const auto config = nlohmann::json::parse(slurp(dir / "r.json")).at("config");
    CHECK(config.at("engines")[0].at("name") == "mob");
    // The file's fields in the order of their names (nlohmann keeps objects sorted), then the
    // overrides that are new, then the command.
    CHECK(config.at("engines")[0].at("spec") == "name=mob,protocol=gtp,dir=" + dir.string() +
                                                    ",cmd:" + kBin +
                                                    "/othello-engine --policy mobility");
    CHECK(config.at("engines")[1].at("name") == "other");
    // As cutechess writes it: empty strings unset, an option read by its name and value, and
    // the fields of no use here ignored, each with a note.
    CHECK(config.at("engines")[1].at("spec") ==
          "name=other,depth=4,protocol=nboard,restart=off,tc=600,cmd:" + kBin +
              "/othello-engine --policy random --protocol nboard");
    CHECK(contains(r.err, "othello-match: note: engines file '" + file.string() +
                              "': entry 2 (\"rnd\"): field \"validateClaims\" ignored "
                              "(othello-match reads name, command, workingDirectory, protocol, "
                              "stderrFile, timemargin, restart, options, initStrings, ponder, "
                              "whitepov)"));
    CHECK(contains(r.err, "entry 2 (\"rnd\"): field \"variants\" ignored"));
    CHECK(colours_of(games_of(dir / "r.json")) ==
          std::vector<std::string>{"mob-other", "other-mob"});
    fs::remove_all(dir);
}

TEST_CASE("a bad engines file or conf name: exit 2 naming the file, the entry, the name") {
    const fs::path dir = temp_dir("cutechess_engines_bad");
    const fs::path file = dir / "engines.json";
    const auto refused = [&](const std::string& json, const std::string& engine) {
        write_bytes(file, json);
        const Run r = run_othello_match("--engines " + file.string() + " --engine " + engine +
                                            " --engine policy:random --games 2",
                                        dir);
        CHECK(r.status == 2);
        return lines_of(r.err).empty() ? std::string() : lines_of(r.err).front();
    };
    const std::string f = "othello-match: engines file '" + file.string() + "'";
    CHECK(refused(R"([{"name": "a", "command": "x"}])", "conf=b") ==
          "othello-match: --engine conf=b: no configuration named \"b\" in engines file '" +
              file.string() + "' (it holds: a)");
    CHECK(refused("[{\"name\": \"a\",\n \"command\": }]", "conf=a") ==
          f + ": not JSON: [json.exception.parse_error.101] parse error at line 2, column 13: "
              "syntax error while parsing value - unexpected '}'; expected '[', '{', or a literal");
    CHECK(refused(R"([{"name": "a", "command": "x"}, {"name": "sf", "command": "stockfish",
                      "protocol": "uci"}])",
                  "conf=a") ==
          f +
              ": entry 2 (\"sf\"): protocol \"uci\" is a chess protocol (cutechess's); "
              "othello-match speaks " +
              engine_protocol_names());
    CHECK(refused(R"([{"name": "a"}])", "conf=a") == f + ": entry 1 (\"a\"): no \"command\"");
    CHECK(refused(R"({"name": "a"})", "conf=a") ==
          f + ": expected a JSON array of engine configurations");
    CHECK(refused(R"([{"name": "a", "command": "x"}])", "conf=a,cmd:y") ==
          "othello-match: --engine conf=a: expected key=value at 'cmd:y' (the command is the "
          "engines file's)");
    // 100,000 entries are checked in one pass (the duplicate is the last), and the names a
    // refusal lists are the first 20.
    std::string big = "[";
    for (int i = 0; i < 100000; ++i)
        big += R"({"name": "e)" + std::to_string(i) + R"(", "command": "x"},)";
    CHECK(refused(big + R"({"name": "e7", "command": "y"}])", "conf=e7") ==
          f + ": entry 100001 (\"e7\"): a second configuration named \"e7\"");
    big.back() = ']';
    CHECK(refused(big, "conf=nothere") ==
          "othello-match: --engine conf=nothere: no configuration named \"nothere\" in engines "
          "file '" +
              file.string() +
              "' (it holds: e0, e1, e2, e3, e4, e5, e6, e7, e8, e9, e10, e11, e12, e13, e14, e15, "
              "e16, e17, e18, e19, ... and 99980 more)");
    // Not a regular file: refused at once, not read (a FIFO would wait for a writer for ever).
    ::mkfifo((dir / "fifo").c_str(), 0600);
    const Run fifo =
        run_shell("timeout -s KILL 30 " + kMatch + " --engines " + (dir / "fifo").string() +
                      " --engine conf=a --engine policy:random --games 2",
                  dir);
    CHECK(fifo.status == 2);
    CHECK(lines_of(fifo.err).front() ==
          "othello-match: --engines " + (dir / "fifo").string() + ": not a regular file (a FIFO)");
    const Run device = run_othello_match(
        "--engines /dev/zero --engine conf=a --engine policy:random --games 2", dir);
    CHECK(device.status == 2);
    CHECK(lines_of(device.err).front() ==
          "othello-match: --engines /dev/zero: not a regular file (a device)");
    // conf= without --engines reads the engines.json here, as cutechess-cli would.
    const Run r = run_othello_match("--engine conf=a --engine policy:random", dir);
    CHECK(r.status == 2);
    CHECK(lines_of(r.err).front().starts_with(
        "othello-match: --engine conf=a: no configuration named \"a\" in engines file "
        "'engines.json'"));
    fs::remove_all(dir);
}

TEST_CASE("--noswap and --reverse set who is black in each pairing") {
    const fs::path dir = temp_dir("cutechess_colours");
    const auto colours = [&](const std::string& extra) {
        const Run r = run_othello_match(kNamedPolicies + "--games 4 --overwrite --results " +
                                            (dir / "r.json").string() + " " + extra,
                                        dir);
        INFO(r.err);
        REQUIRE(r.status == 0);
        return colours_of(games_of(dir / "r.json"));
    };
    using V = std::vector<std::string>;
    CHECK(colours("") == V{"A-B", "B-A", "A-B", "B-A"});
    CHECK(colours("--reverse") == V{"B-A", "A-B", "B-A", "A-B"});
    CHECK(colours("--noswap") == V{"A-B", "A-B", "A-B", "A-B"});
    CHECK(colours("--noswap --reverse") == V{"B-A", "B-A", "B-A", "B-A"});
    // Without the swap every game has an opening of its own.
    std::set<std::string> openings;
    for (const auto& g : games_of(dir / "r.json")) openings.insert(g.at("opening"));
    CHECK(openings.size() == 4);
    fs::remove_all(dir);
}

TEST_CASE("--tournament gauntlet --seeds N: the seeds play everyone else, not each other") {
    const fs::path dir = temp_dir("cutechess_seeds");
    const std::string engines =
        "--engine name=S1,policy:mobility --engine name=S2,policy:random "
        "--engine name=C,policy:random --engine name=D,policy:random --no-progress ";
    Run r = run_othello_match(engines + "--tournament gauntlet --seeds 2 --games 2 --results " +
                                  (dir / "r.json").string(),
                              dir);
    INFO(r.err);
    REQUIRE(r.status == 0);
    CHECK(colours_of(games_of(dir / "r.json")) ==
          std::vector<std::string>{"S1-C", "C-S1", "S1-D", "D-S1", "S2-C", "C-S2", "S2-D", "D-S2"});
    // The crosstable leaves the pairs that never met blank (not 0-0-0, which reads as games).
    const std::vector<std::string> out = lines_of(r.out);
    const auto header = std::find_if(out.begin(), out.end(), [](const std::string& l) {
        return l.starts_with(
            "Crosstable (row's wins-losses-draws against column; blank: never "
            "met)");
    });
    REQUIRE(header != out.end());
    REQUIRE(header + 2 < out.end());
    const std::size_t first_column = (header + 1)->find('1');  // columns 14 wide from here
    const std::string& s1 = *(header + 2);
    REQUIRE(s1.starts_with("  1. S1"));
    CHECK(s1.substr(first_column, 28) == "-" + std::string(27, ' '));  // itself, then S2: blank
    CHECK(std::isdigit(static_cast<unsigned char>(s1.at(first_column + 28))));  // against C
    r = run_othello_match(engines + "--tournament gauntlet --seeds 4", dir);
    CHECK(r.status == 2);
    CHECK(lines_of(r.err).front() ==
          "othello-match: --seeds 4: expected 1 to 3 (the seeds play every other engine)");
    // A round-robin has no seeds: it plays, saying that --seeds changed nothing.
    r = run_othello_match(engines + "--seeds 2 --games 2 --results " + (dir / "rr.json").string(),
                          dir);
    CHECK(r.status == 0);
    CHECK(lines_of(r.err).front() ==
          "othello-match: note: a round-robin has no seeds: --seeds 2 changes nothing");
    CHECK(games_of(dir / "rr.json").size() == 12);
    fs::remove_all(dir);
}

TEST_CASE("--tournament knockout --seeds N: the seeds lead the bracket, the rest are drawn") {
    const fs::path dir = temp_dir("cutechess_knockout_seeds");
    std::string engines = "--no-progress --games 2 --tournament knockout ";
    for (const char* name : {"S1", "S2", "C", "D", "E", "F", "G", "H"})
        engines += std::string("--engine name=") + name + ",policy:random ";
    // The first round's pairs, as "lower-higher" engine names, for a --seed.
    const auto first_round = [&](const std::string& seeds, int seed) {
        const std::string results = (dir / ("r" + std::to_string(seed) + ".json")).string();
        const Run r = run_othello_match(engines + seeds + " --seed " + std::to_string(seed) +
                                            " --overwrite --results " + results,
                                        dir);
        INFO(r.err);
        REQUIRE(r.status == 0);
        std::set<std::string> pairs;
        for (const auto& g : games_of(results)) {
            if (g.at("id").get<int>() >= 8) continue;  // round 1: 4 pairings of 2 games
            std::string a = g.at("black"), b = g.at("white");
            pairs.insert(std::min(a, b) + "-" + std::max(a, b));
        }
        return pairs;
    };
    // Without --seeds every engine is seeded in --engine order: 1-8, 4-5, 2-7, 3-6.
    CHECK(first_round("", 1) == std::set<std::string>{"H-S1", "D-E", "G-S2", "C-F"});
    // With --seeds 2 the two seeds keep their places (they can meet only in the final) and
    // the six others are drawn by --seed: the same draw for the same seed, another for another.
    const auto drawn = first_round("--seeds 2", 1);
    CHECK(drawn == first_round("--seeds 2", 1));
    std::set<std::string> draws;
    for (int seed = 1; seed <= 6; ++seed) {
        std::string line;
        for (const std::string& pair : first_round("--seeds 2", seed)) line += pair + " ";
        draws.insert(line);
    }
    CHECK(draws.size() > 1);
    int seeds_paired = 0;
    for (const std::string& pair : drawn) {
        seeds_paired += pair.find("S1") != std::string::npos;
        seeds_paired += pair.find("S2") != std::string::npos;
        CHECK(pair != "S1-S2");
    }
    CHECK(seeds_paired == 2);
    const Run r = run_othello_match(engines + "--seeds 9", dir);
    CHECK(r.status == 2);
    CHECK(lines_of(r.err).front() ==
          "othello-match: --seeds 9: expected 1 to 8 (the engines placed in the bracket by "
          "--engine order)");
    fs::remove_all(dir);
}

TEST_CASE("--repeat 1: a new opening every game, colours still alternating") {
    const fs::path dir = temp_dir("cutechess_repeat");
    const Run r = run_othello_match(
        kNamedPolicies + "--games 4 --repeat 1 --results " + (dir / "r.json").string(), dir);
    REQUIRE(r.status == 0);
    const auto games = games_of(dir / "r.json");
    CHECK(colours_of(games) == std::vector<std::string>{"A-B", "B-A", "A-B", "B-A"});
    std::set<std::string> openings;
    for (const auto& g : games) openings.insert(g.at("opening").get<std::string>());
    CHECK(openings.size() == 4);
    const Run three = run_othello_match(kNamedPolicies + "--repeat 3", dir);
    CHECK(three.status == 2);
    CHECK(contains(three.err, "--repeat 3: expected 2 (each opening once with each colour) or 1"));
    fs::remove_all(dir);
}

TEST_CASE("cutechess-cli's own command line plays the same match as othello-match's spelling") {
    const fs::path dir = temp_dir("cutechess_single_dash");
    const std::string engine = kBin + "/othello-engine";
    write_bytes(dir / "openings.txt", "f5d6c3d3c4f4f6f3\nf5f6e6f4e3c5c4e7\nf5d6c5f4e3f6d3f3\n");
    // The pinned form: -engine cmd= arg= name=, -each proto= tc=, -games, -rounds, -repeat.
    // One game at a time: each engine process then plays every game, its random moves drawn in
    // the same order in both runs.
    const std::string tail = " --no-progress --results ";
    const Run run_single = run_othello_match(
        "-engine cmd=" + engine + " arg=--policy arg=mobility name=Mob -engine cmd=" + engine +
            " arg=--policy arg=random arg=--seed arg=3 name=Rnd -each proto=gtp tc=40/60+0.5 "
            "timemargin=100 -games 2 -rounds 3 -repeat -concurrency 1 -srand 7 -openings file=" +
            (dir / "openings.txt").string() +
            " order=random plies=4 -resign movecount=3 score=400 -recover -epdout " +
            (dir / "single.obf").string() + tail + (dir / "single.json").string(),
        dir);
    INFO(run_single.err);
    REQUIRE(run_single.status == 0);
    const Run run_double = run_othello_match(
        "--engine 'name=Mob,protocol=gtp,cmd:" + engine +
            " --policy mobility' --engine 'name=Rnd,cmd:" + engine +
            " --policy random --seed 3' --each protocol=gtp,tc=40/60+0.5,timemargin=100 "
            "--games 6 --concurrency 1 --seed 7 --openings plies=4," +
            (dir / "openings.txt").string() +
            " --openings-order random --resign moves=3,score=4 --positions-out " +
            (dir / "double.obf").string() + tail + (dir / "double.json").string(),
        dir);
    INFO(run_double.err);
    REQUIRE(run_double.status == 0);
    // The same games, move for move, and the same final positions.
    const auto games = [](const fs::path& results) {
        std::map<int, std::string> by_id;
        for (const auto& g : games_of(results))
            by_id[g.at("id").get<int>()] = g.at("black").get<std::string>() + " " +
                                           g.at("white").get<std::string>() + " " +
                                           g.at("moves").dump();
        return by_id;
    };
    CHECK(games(dir / "single.json").size() == 6);
    CHECK(games(dir / "single.json") == games(dir / "double.json"));
    CHECK(slurp(dir / "single.obf") == slurp(dir / "double.obf"));
    fs::remove_all(dir);
}

TEST_CASE("-engine conf=NAME without --engines reads ./engines.json, as cutechess-cli does") {
    const fs::path dir = temp_dir("cutechess_default_engines");
    const std::string conf = "-engine conf=mob -engine conf=rnd -games 2 --no-progress";
    Run r = run_shell("cd '" + dir.string() + "' && HOME='" + dir.string() +
                          "' XDG_CONFIG_HOME= " + kMatch + " " + conf,
                      dir);
    CHECK(r.status == 2);
    CHECK(lines_of(r.err).front() ==
          "othello-match: --engine conf=mob: needs --engines FILE, or an engines.json here or in "
          "~/.config/cutechess/ (where cutechess-cli looks)");
    write_bytes(dir / "engines.json", R"([
  {"name": "mob", "command": ")" + kBin + R"(/othello-engine --policy mobility",
   "workingDirectory": "", "stderrFile": "", "protocol": "gtp"},
  {"name": "rnd", "command": ")" + kBin + R"(/othello-engine --policy random",
   "workingDirectory": "", "stderrFile": "", "protocol": "gtp"}
])");
    r = run_othello_match(conf + " -openings file=" + (dir / "none.txt").string(), dir);
    CHECK(r.status == 2);  // the engines were found: the missing openings file stops it
    CHECK(contains(r.err, "none.txt"));
    r = run_othello_match(conf + " --results " + (dir / "r.json").string(), dir);
    INFO(r.err);
    REQUIRE(r.status == 0);
    CHECK(colours_of(games_of(dir / "r.json")) == std::vector<std::string>{"mob-rnd", "rnd-mob"});
    fs::remove_all(dir);
}

TEST_CASE("--wait MS pauses between games and changes no game") {
    const fs::path dir = temp_dir("cutechess_wait");
    Run r = run_othello_match(
        kNamedPolicies + "--games 4 --concurrency 2 --results " + (dir / "plain.json").string(),
        dir);
    REQUIRE(r.status == 0);
    r = run_othello_match(kNamedPolicies + "--games 4 --concurrency 2 --wait 30 --results " +
                              (dir / "waited.json").string(),
                          dir);
    INFO(r.err);
    REQUIRE(r.status == 0);
    std::map<int, std::string> plain, waited;
    for (const auto& g : games_of(dir / "plain.json")) plain[g.at("id")] = g.at("moves");
    for (const auto& g : games_of(dir / "waited.json")) waited[g.at("id")] = g.at("moves");
    CHECK(plain.size() == 4);
    CHECK(plain == waited);
    r = run_othello_match(kNamedPolicies + "--wait -1", dir);
    CHECK(r.status == 2);
    CHECK(lines_of(r.err).front() ==
          "othello-match: --wait -1: expected milliseconds from 0 to 3600000");
    fs::remove_all(dir);
}

TEST_CASE("--event and --site name the GGF records, each with its date") {
    const fs::path dir = temp_dir("cutechess_event");
    const Run r =
        run_othello_match(kNamedPolicies + "--games 2 --event 'Autumn Cup' --site Lab --records " +
                              (dir / "games.ggf").string(),
                          dir);
    INFO(r.err);
    REQUIRE(r.status == 0);
    const auto lines = lines_of(slurp(dir / "games.ggf"));
    REQUIRE(lines.size() == 2);
    const std::regex header(
        R"(\(;GM\[Othello\]PC\[Lab\]DT\[\d{4}\.\d\d\.\d\d_\d\d:\d\d:\d\d\.UTC\]EV\[Autumn Cup\]PB\[[AB]\]PW\[[AB]\]TY\[8\]RE\[.*)");
    for (const auto& line : lines) {
        CAPTURE(line);
        CHECK(std::regex_match(line, header));
    }
    // A control character would reach every record's tags (a line break splits the record).
    for (const char* option : {"--event", "--site"}) {
        const Run bad = run_othello_match(
            kNamedPolicies + "--games 2 " + option + " \"$(printf 'a\\nb')\" --records bad.ggf",
            dir);
        CHECK(bad.status == 2);
        REQUIRE_FALSE(lines_of(bad.err).empty());
        CHECK(lines_of(bad.err).front() ==
              "othello-match: " + std::string(option) + " 'a\\x0ab' holds a control character");
        CHECK_FALSE(fs::exists(dir / "bad.ggf"));
    }
    fs::remove_all(dir);
}

TEST_CASE("--tournament knockout: a bracket with byes, winners advance, ties broken by discs") {
    const fs::path dir = temp_dir("cutechess_knockout");
    std::string engines;
    for (const char* e :
         {"name=E1,policy:mobility", "name=E2,policy:mobility", "name=E3,policy:random",
          "name=E4,policy:random", "name=E5,policy:random"})
        engines += std::string("--engine ") + e + " ";
    Run r = run_othello_match(engines + "--tournament knockout --games 2 --no-progress --results " +
                                  (dir / "r.json").string(),
                              dir);
    INFO(r.err);
    REQUIRE(r.status == 0);
    std::vector<std::string> knockout;
    for (const auto& line : lines_of(r.out)) {
        if (line.starts_with("Knockout")) knockout.push_back(line);
    }
    // Five engines in a bracket of eight: seeds 1, 2 and 3 have byes; four mini-matches in all
    // (in-process games replay identically, so the results are pinned).
    CHECK(knockout == std::vector<std::string>{
                          "Knockout round 1: E1: a bye",
                          "Knockout round 1: E4 2 - 0 E5: E4 advances",
                          "Knockout round 1: E2: a bye",
                          "Knockout round 1: E3: a bye",
                          "Knockout round 2: E1 2 - 0 E4: E1 advances",
                          "Knockout round 2: E2 2 - 0 E3: E2 advances",
                          "Knockout round 3: E1 2 - 0 E2: E1 advances",
                          "Knockout winner: E1",
                      });
    CHECK(games_of(dir / "r.json").size() == 8);
    // An engine that cannot start loses its mini-match, whatever its seed.
    const Run failed = run_othello_match(
        "--engine name=E1,policy:mobility --engine name=gone,cmd:/nonexistent/engine "
        "--engine name=E3,policy:random --tournament knockout --games 2 --no-progress",
        dir);
    CHECK(failed.status == 1);
    std::vector<std::string> failed_lines;
    for (const auto& line : lines_of(failed.out)) {
        if (line.starts_with("Knockout")) failed_lines.push_back(line);
    }
    CHECK(failed_lines == std::vector<std::string>{
                              "Knockout round 1: E1: a bye",
                              "Knockout round 1: gone 0 - 0 E3: E3 advances (gone could not start)",
                              "Knockout round 2: E1 2 - 0 E3: E1 advances",
                              "Knockout winner: E1",
                          });
    r = run_othello_match(
        engines + "--tournament knockout --resume --results " + (dir / "r.json").string(), dir);
    CHECK(r.status == 2);
    CHECK(lines_of(r.err).front() ==
          "othello-match: --tournament knockout cannot take --resume (its rounds depend on the "
          "games' results)");
    fs::remove_all(dir);
}

TEST_CASE("a knockout's bracket order, byes and tie-breaks") {
    using othello::GameRecord;
    using othello::KnockoutBracket;
    using othello::Winner;
    using Pairs = std::vector<std::pair<int, int>>;
    // Standard seeding: 1-8, 4-5, 2-7, 3-6; with six engines seeds 1 and 2 have byes.
    CHECK(KnockoutBracket(8).pairings() == Pairs{{0, 7}, {3, 4}, {1, 6}, {2, 5}});
    KnockoutBracket six(6);
    CHECK(six.pairings() == Pairs{{3, 4}, {2, 5}});
    CHECK(six.byes() == std::vector<int>{0, 1});
    CHECK(othello::make_schedule(6, othello::TournamentKind::Knockout, 2, 1).size() == 4);
    CHECK(othello::scheduled_game_count(6, othello::TournamentKind::Knockout, 2) == 10);

    // One win each: the disc margin decides; level on discs too: the higher seed.
    const auto game = [](Winner winner, int black, int white) {
        GameRecord r;
        r.winner = winner;
        r.black_discs = black;
        r.white_discs = white;
        return r;
    };
    const GameRecord a_wins_big = game(Winner::Black, 40, 24);    // 0 black: +16 for 0
    const GameRecord b_wins_small = game(Winner::Black, 33, 31);  // 1 black: +2 for 1
    KnockoutBracket two(2);
    const std::vector<std::string> names = {"A", "B"};
    CHECK(two.advance({{0, 1, &a_wins_big}, {1, 0, &b_wins_small}}, names) ==
          std::vector<std::string>{"A 1 - 1 B: A advances (level on points; disc margin +14)"});
    CHECK(two.finished());
    CHECK(two.champion() == 0);
    KnockoutBracket again(2);
    const GameRecord b_wins_big = game(Winner::White, 24, 40);    // 0 black: 1 wins by 16
    const GameRecord a_wins_small = game(Winner::White, 31, 33);  // 1 black: 0 wins by 2
    CHECK(again.advance({{0, 1, &b_wins_big}, {1, 0, &a_wins_small}}, names) ==
          std::vector<std::string>{"A 1 - 1 B: B advances (level on points; disc margin +14)"});
    KnockoutBracket level(2);
    const GameRecord b_by_two = game(Winner::White, 31, 33);
    const GameRecord a_by_two = game(Winner::White, 31, 33);
    CHECK(level.advance({{0, 1, &b_by_two}, {1, 0, &a_by_two}}, names) ==
          std::vector<std::string>{"A 1 - 1 B: A advances (level on points and discs; the higher "
                                   "seed)"});
}
