// `othello-match ratings`, through the real executable: one joint rating list over the games of
// several matches (results files and journals), engines matched by name, each game counted once,
// an anchor, and an existing output refused.
#include <doctest/doctest.h>
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <tuple>
#include <vector>

#include "tests/match/match_test_support.h"
#include "tests/support/file_contents.h"
#include "tests/support/programs.h"

namespace fs = std::filesystem;
using namespace othello::testing;

namespace {

Run run_in(const fs::path& dir, const std::string& args) {
    return run_shell("cd '" + dir.string() + "' && " + kMatch + " " + args, dir);
}

const nlohmann::json& rating_of(const nlohmann::json& list, const std::string& engine) {
    for (const auto& r : list.at("ratings"))
        if (r.at("engine") == engine) return r;
    FAIL("no rating for " << engine);
    return list;
}

// `engine`'s points per game in a results file, draws as half points.
double score_in(const nlohmann::json& results, const std::string& engine) {
    double points = 0, games = 0;
    for (const auto& g : results.at("games")) {
        const bool black = g.at("black") == engine;
        if (!black && g.at("white") != engine) continue;
        ++games;
        const std::string winner = g.at("winner");
        points += winner == "draw" ? 0.5 : (winner == "black") == black ? 1.0 : 0.0;
    }
    return points / games;
}

}  // namespace

TEST_CASE(
    "ratings over two matches: joint list, game counts, anchor, duplicates, existing output") {
    const fs::path dir = temp_dir("ratings_command");
    // A chain: a - b in one match, b - c in the other; a and c never meet.
    REQUIRE(run_in(dir,
                   "--engine name=a,seed=1,policy:random --engine name=b,seed=2,policy:random "
                   "--games 40 --openings random:4 --no-progress --results ab.json")
                .status == 0);
    REQUIRE(run_in(dir,
                   "--engine name=b,seed=3,policy:random --engine name=c,policy:mobility "
                   "--games 20 --openings random:4 --seed 5 --no-progress --results bc.json")
                .status == 0);
    const nlohmann::json ab = read_json(dir / "ab.json"), bc = read_json(dir / "bc.json");

    const Run run = run_in(dir, "ratings --results list.json ab.json bc.json");
    INFO(run.err);
    REQUIRE(run.status == 0);
    CHECK(run.out.find("Rated 60 games of 3 engines from 2 files.") != std::string::npos);
    const nlohmann::json list = read_json(dir / "list.json");
    CHECK(list.at("games") == 60);
    CHECK(list.at("duplicates") == 0);
    REQUIRE(list.at("ratings").size() == 3);
    CHECK(rating_of(list, "a").at("games") == 40);
    CHECK(rating_of(list, "b").at("games") == 60);
    CHECK(rating_of(list, "c").at("games") == 20);
    double sum = 0;
    for (const auto& r : list.at("ratings")) {
        sum += r.at("elo").get<double>();
        CHECK(r.at("error").get<double>() > 0);
        CHECK(run.out.find(r.at("engine").get<std::string>()) != std::string::npos);
    }
    CHECK(std::abs(sum) < 1e-6);  // mean 0 without an anchor
    // Without a game between a and c the likelihood splits by pair: a - b's difference is their
    // own match's logistic Elo.
    if (!list.at("virtual_draws").get<bool>()) {
        const double s = score_in(ab, "b");
        CHECK(rating_of(list, "b").at("elo").get<double>() -
                  rating_of(list, "a").at("elo").get<double>() ==
              doctest::Approx(400 * std::log10(s / (1 - s))).epsilon(1e-3));
    }

    // The anchor moves the list, not the differences.
    const Run anchored =
        run_in(dir, "ratings --anchor a=1500 --results anchored.json ab.json bc.json");
    INFO(anchored.err);
    REQUIRE(anchored.status == 0);
    const nlohmann::json moved = read_json(dir / "anchored.json");
    CHECK(rating_of(moved, "a").at("elo").get<double>() == doctest::Approx(1500));
    for (const std::string e : {"b", "c"}) {
        CHECK(rating_of(moved, e).at("elo").get<double>() - 1500 ==
              doctest::Approx(rating_of(list, e).at("elo").get<double>() -
                              rating_of(list, "a").at("elo").get<double>()));
    }
    CHECK(anchored.out.find("a fixed at 1500") != std::string::npos);

    // The same games twice (a file, its journal, the file again): counted once.
    const Run twice =
        run_in(dir, "ratings --results twice.json ab.json bc.json ab.json ab.jsonl bc.jsonl");
    INFO(twice.err);
    REQUIRE(twice.status == 0);
    const nlohmann::json dedup = read_json(dir / "twice.json");
    CHECK(dedup.at("games") == 60);
    CHECK(dedup.at("duplicates") == 100);
    CHECK(dedup.at("ratings") == list.at("ratings"));

    // An existing output is kept unless --overwrite; an unknown anchor is an error.
    const std::string before = slurp(dir / "list.json");
    const Run again = run_in(dir, "ratings --results list.json ab.json");
    CHECK(again.status == 2);
    CHECK(again.err.find("'list.json' already exists; --overwrite replaces it") !=
          std::string::npos);
    CHECK(slurp(dir / "list.json") == before);
    CHECK(run_in(dir, "ratings --overwrite --results list.json ab.json").status == 0);
    CHECK(read_json(dir / "list.json").at("games") == 40);
    const Run unknown = run_in(dir, "ratings --anchor z=0 --overwrite --results list.json ab.json");
    CHECK(unknown.status == 2);
    CHECK(unknown.err.find("no engine named 'z'") != std::string::npos);
    fs::remove_all(dir);
}

TEST_CASE("ratings refuses an anchor beyond any rating and a configuration of wrong types") {
    const fs::path dir = temp_dir("ratings_command_refusals");
    REQUIRE(run_in(dir,
                   "--engine name=a,seed=1,policy:random --engine name=b,seed=2,policy:random "
                   "--games 4 --openings random:4 --no-progress --results ab.json")
                .status == 0);
    for (const std::string elo : {"1e308", "-1e6", "nan"}) {
        const Run huge = run_in(dir, "ratings --anchor a=" + elo + " --results list.json ab.json");
        CHECK(huge.status == 2);
        CHECK(huge.err.find("--anchor 'a=" + elo + "': '" + elo + "' is not ") !=
              std::string::npos);
    }
    // A configuration whose fields are of another type: named, with its file and line, never a
    // JSON library's message.
    std::vector<std::string> lines = lines_of(slurp(dir / "ab.jsonl"));
    nlohmann::json config = nlohmann::json::parse(lines.at(0));
    for (const auto& [field, value, message] :
         std::vector<std::tuple<std::string, nlohmann::json, std::string>>{
             {"games", "40", "\"games\" is \"40\", not a whole number from 1"},
             {"engines", 5, "\"engines\" is 5, not a list of engines"},
             {"openings", nlohmann::json::array(), "\"openings\" is [], not {\"count\": N"}}) {
        nlohmann::json edited = config;
        edited["config"][field] = value;
        std::ofstream(dir / "edited.jsonl") << edited.dump() << "\n" << lines.at(1) << "\n";
        const Run bad = run_in(dir, "ratings --results list.json edited.jsonl");
        CHECK(bad.status == 2);
        CHECK(bad.err.find("'edited.jsonl' line 1: the configuration's " + message) !=
              std::string::npos);
        CHECK(bad.err.find("json.exception") == std::string::npos);
    }
    fs::remove_all(dir);
}

TEST_CASE("ratings takes two runs of one command whose engine is not deterministic") {
    // The engine seeds itself from its process id: each run plays other games under the same
    // ids. Each run has its own id, so the two are two runs, rated together.
    const fs::path dir = temp_dir("ratings_two_runs");
    const std::string match = "--engine 'name=moody,cmd:sh -c \"exec " + kFake +
                              " --seed $$\"' --engine policy:mobility --games 8 --openings "
                              "random:4 --no-progress --results ";
    REQUIRE(run_in(dir, match + "one.json").status == 0);
    REQUIRE(run_in(dir, match + "two.json").status == 0);
    REQUIRE(read_json(dir / "one.json").at("games") != read_json(dir / "two.json").at("games"));
    const Run both = run_in(dir, "ratings --results list.json one.json two.json");
    CHECK(both.status == 0);
    CHECK(both.out.starts_with("Rated 16 games of 2 engines from 2 files."));
    fs::remove_all(dir);
}

TEST_CASE("ratings refuses a game that does not check out, as merge and report do") {
    const fs::path dir = temp_dir("ratings_command_refused");
    REQUIRE(run_in(dir,
                   "--engine name=a,policy:random --engine name=b,policy:mobility --games 4 "
                   "--openings random:4 --no-progress --results ab.json")
                .status == 0);
    nlohmann::json ab = read_json(dir / "ab.json");
    nlohmann::json& game = ab.at("games").at(1);
    game["winner"] = game.at("winner") == "black" ? "white" : "black";  // a flipped result
    std::ofstream(dir / "ab.json") << ab.dump(1);
    fs::remove(dir / "ab.jsonl");
    const Run run = run_in(dir, "ratings --results list.json ab.json");
    CHECK(run.status == 2);
    CHECK(run.err.find("'ab.json' games[1]: game 1 (") != std::string::npos);
    CHECK(run.err.find("but the moves leave") != std::string::npos);
    CHECK(!fs::exists(dir / "list.json"));
    fs::remove_all(dir);
}

TEST_CASE("ratings of self-play only says so; an engine that played only itself is not rated") {
    const fs::path dir = temp_dir("ratings_command_self_play");
    // The runner names two engines apart (c, c-2); renamed alike, every game is c against c.
    REQUIRE(run_in(dir,
                   "--engine name=c,policy:random --engine name=c,policy:mobility --games 4 "
                   "--openings random:4 --no-progress --results cc.json")
                .status == 0);
    std::string text = slurp(dir / "cc.json");
    for (std::size_t at; (at = text.find("\"c-2\"")) != std::string::npos;)
        text.replace(at, 5, "\"c\"");
    std::ofstream(dir / "self.json") << text;
    const Run self = run_in(dir, "ratings --results list.json self.json");
    CHECK(self.status == 2);
    CHECK(self.err ==
          "othello-match ratings: every game in the inputs is an engine against itself ('c'): "
          "self-play gives no rating; rate games between different engines\n");
    CHECK(self.out.empty());
    CHECK(!fs::exists(dir / "list.json"));

    REQUIRE(run_in(dir,
                   "--engine name=a,policy:random --engine name=b,policy:mobility --games 4 "
                   "--openings random:4 --no-progress --results ab.json")
                .status == 0);
    const Run mixed = run_in(dir, "ratings --results list.json ab.json self.json");
    INFO(mixed.err);
    CHECK(mixed.status == 0);
    CHECK(mixed.err == "othello-match ratings: note: 'c' played only against itself: not rated\n");
    const nlohmann::json list = read_json(dir / "list.json");
    REQUIRE(list.at("ratings").size() == 2);
    CHECK(list.at("games") == 8);
    fs::remove_all(dir);
}
