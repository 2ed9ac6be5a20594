// Sharded matches and the match configuration, through the real othello-match: --shard K/N plays
// the whole match's games (merged, game for game and table for table), merge reports missing and
// duplicate games and refuses another match's files, --resume refuses another match and completes
// a shard, and existing results are not overwritten without --overwrite.
#include <doctest/doctest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "match/config/match_config.h"
#include "match/players/engine_spec.h"
#include "match/results/results_merge.h"
#include "match/run/shard.h"
#include "tests/match/match_test_support.h"

using namespace othello;
namespace fs = std::filesystem;
using namespace othello::testing;

namespace {

// prefix + k + suffix (appended, which keeps GCC 12's -Wrestrict false positive away).
std::string numbered(const std::string& prefix, int k, const std::string& suffix) {
    std::string s = prefix;
    s += std::to_string(k);
    s += suffix;
    return s;
}

// `args` with its option `from` (e.g. "--seed 11") changed `to` another.
std::string changed(std::string args, const std::string& from, const std::string& to) {
    return args.replace(args.find(from), from.size(), to);
}

std::multiset<std::string> sorted_lines(const std::string& text) {
    std::multiset<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.insert(line);
    return lines;
}

const std::string kThree =
    "--engine policy:mobility --engine policy:random --engine policy:mobility-max --games 10 "
    "--openings random:3 --seed 11 --no-progress --concurrency 2";

}  // namespace

TEST_CASE("parse_shard and id_ranges") {
    CHECK(to_string(parse_shard("2/5")) == "2/5");
    CHECK(parse_shard("0/1").whole());
    for (const char* bad : {"5/5", "-1/4", "1/0", "1", "a/4", "1/4x", "/4"}) {
        CAPTURE(bad);
        CHECK_THROWS_WITH_AS(parse_shard(bad), doctest::Contains("expected K/N"),
                             std::invalid_argument);
    }
    CHECK(id_ranges({1, 2, 3, 5, 7, 8}) == "1-3, 5, 7-8");
    CHECK(id_ranges({}) == "");
    CHECK(id_ranges({1, 3, 5, 6, 9}, 2) == "1, 3, ... and 3 more");
}

TEST_CASE("the recorded configuration hides a TCP engine's token, wherever it stands") {
    MatchOptions o;
    o.engine_texts = {"token=s3cret,name=far,tcp://127.0.0.1:7000",
                      "name=x,token=t0k3n,tcp://127.0.0.1:7001"};
    o.engines = {parse_engine_spec(o.engine_texts[0], ""),
                 parse_engine_spec(o.engine_texts[1], "")};
    const nlohmann::json config = match_config(o, {});
    CHECK(config.at("engines").at(0).at("spec") == "token=(hidden),name=far,tcp://127.0.0.1:7000");
    CHECK(config.at("engines").at(1).at("spec") == "name=x,token=(hidden),tcp://127.0.0.1:7001");
    CHECK(config.dump().find("s3cret") == std::string::npos);
    CHECK(config.dump().find("t0k3n") == std::string::npos);
}

TEST_CASE("config_difference names the first differing field by its path") {
    const nlohmann::json a = {{"games", 200},
                              {"engines", {{{"name", "a"}, {"spec", "policy:random"}}}},
                              {"shard", "0/4"}};
    nlohmann::json b = a;
    CHECK(config_difference(a, b, "journal") == "");
    b["games"] = 400;
    CHECK(config_difference(a, b, "journal") == "games differs: journal 200, now 400");
    b = a;
    b["engines"][0]["spec"] = "policy:mobility";
    CHECK(config_difference(a, b, "journal") ==
          "engines[0].spec differs: journal \"policy:random\", now \"policy:mobility\"");
    b = a;
    b["shard"] = "1/4";
    CHECK(config_difference(a, b, "journal") != "");
    CHECK(config_difference(a, b, "a", "b", true) == "");
    b.erase("shard");
    CHECK(config_difference(a, b, "journal") == "shard differs: journal \"0/4\", now (none)");
    b = a;
    b["adjudication"] = nullptr;  // a field added later and unset reads as equal
    CHECK(config_difference(a, b, "journal") == "");
}

TEST_CASE("four shards of a round-robin merge into the unsharded match, game for game") {
    const fs::path dir = temp_dir("match_shards");
    // One run id for the whole match and for the shards: the same configuration, merged.
    const Run whole = run_othello_match(kThree + " --run-id r1 --results whole.json", dir);
    INFO(whole.err);
    REQUIRE(whole.status == 0);
    for (int k = 0; k < 4; ++k) {
        const Run shard =
            run_othello_match(kThree + " --run-id r1" + numbered(" --shard ", k, "/4") +
                                  numbered(" --results s", k, ".json"),
                              dir);
        INFO(shard.err);
        REQUIRE(shard.status == 0);
        CHECK(shard.err.find(numbered("shard ", k, "/4: ")) != std::string::npos);
        const auto results = read_json(dir / numbered("s", k, ".json"));
        CHECK(results.at("config").at("shard") == numbered("", k, "/4"));
        for (const auto& g : results.at("games")) CHECK(g.at("pair").get<int>() % 4 == k);
        // The journal opens with the configuration line.
        std::ifstream journal(dir / numbered("s", k, ".jsonl"));
        std::string first;
        std::getline(journal, first);
        CHECK(nlohmann::json::parse(first).at("config") == results.at("config"));
    }
    // Journals and results files mix.
    const Run merge =
        run_othello_match("merge --results merged.json s0.json s1.jsonl s2.json s3.jsonl", dir);
    INFO(merge.err);
    REQUIRE(merge.status == 0);
    CHECK(merge.out.starts_with("Merged 4 files: 30 of 30 games, complete.\n"));
    const auto a = read_json(dir / "whole.json"), b = read_json(dir / "merged.json");
    CHECK(a.at("games").size() == 30);
    CHECK(a.at("games") == b.at("games"));
    CHECK(a.at("summary") == b.at("summary"));
    CHECK(a.at("config") == b.at("config"));
    CHECK(!b.at("config").contains("shard"));
    // The same tables one run prints (crosstable included).
    CHECK(merge.out.ends_with(whole.out));
    fs::remove_all(dir);
}

TEST_CASE("merge prints the SPRT state one run would; shards do not stop early") {
    const fs::path dir = temp_dir("match_shards_sprt");
    const std::string match =
        "--engine policy:random --engine policy:random --games 24 --openings random:4 --seed 2 "
        "--sprt elo0=-1,elo1=1,alpha=0.01,beta=0.01 --no-progress";
    const Run whole = run_othello_match(match + " --results whole.json", dir);
    REQUIRE(whole.status == 0);
    REQUIRE(whole.out.find("SPRT") != std::string::npos);
    for (int k = 0; k < 3; ++k) {
        const Run shard = run_othello_match(
            match + numbered(" --shard ", k, "/3") + numbered(" --results s", k, ".json"), dir);
        REQUIRE(shard.status == 0);
        CHECK(shard.err.find("cannot stop early") != std::string::npos);
    }
    const Run merge = run_othello_match("merge --results merged.json s0.json s1.json s2.json", dir);
    INFO(merge.err);
    REQUIRE(merge.status == 0);
    CHECK(merge.out.ends_with(whole.out));
    CHECK(read_json(dir / "merged.json").at("games") == read_json(dir / "whole.json").at("games"));
    fs::remove_all(dir);
}

TEST_CASE(
    "a partial merge says what is missing; --resume completes a shard; duplicates count once") {
    const fs::path dir = temp_dir("match_shards_partial");
    for (int k : {0, 1, 2}) {
        REQUIRE(
            run_othello_match(
                kThree + numbered(" --shard ", k, "/4") + numbered(" --results s", k, ".json"), dir)
                .status == 0);
    }
    Run merge = run_othello_match("merge --results partial.json s0.json s2.json s2.jsonl", dir);
    INFO(merge.err);
    REQUIRE(merge.status == 0);
    // 5 pairs per pairing, numbered on across pairings: shard 1 has pairs 1, 5, 9, 13 and
    // shard 3 pairs 3, 7, 11.
    CHECK(merge.out.find("Merged 3 files: 16 of 30 games; missing 14 (ids 2-3, 6-7, 10-11, 14-15, "
                         "18-19, 22-23, 26-27) from shards 1/4: 8 games, 3/4: 6 games.") !=
          std::string::npos);
    CHECK(merge.out.find("Duplicates: 8 games in more than one input") != std::string::npos);
    CHECK(read_json(dir / "partial.json").at("games").size() == 16);

    // Shard 1 killed after 3 games: its journal keeps the configuration and 3 games.
    std::string journal = slurp(dir / "s1.jsonl");
    std::istringstream lines(journal);
    std::string line, cut;
    for (int i = 0; i < 4 && std::getline(lines, line); ++i) cut += line + "\n";
    fs::remove(dir / "s1.json");
    std::ofstream(dir / "s1.jsonl") << cut;
    const Run resumed = run_othello_match(kThree + " --shard 1/4 --resume --results s1.json", dir);
    INFO(resumed.err);
    REQUIRE(resumed.status == 0);
    CHECK(resumed.err.find("Resuming: 3 games already played.") != std::string::npos);
    CHECK(read_json(dir / "s1.json").at("games").size() == 8);
    CHECK(sorted_lines(slurp(dir / "s1.jsonl")) == sorted_lines(journal));  // the same games
    fs::remove_all(dir);
}

TEST_CASE("another match's files are refused, naming the difference; nothing overwritten") {
    const fs::path dir = temp_dir("match_config_refusals");
    REQUIRE(run_othello_match(kThree + " --shard 0/2 --results a.json", dir).status == 0);
    REQUIRE(run_othello_match(
                changed(kThree, "--seed 11", "--seed 12") + " --shard 1/2 --results b.json", dir)
                .status == 0);
    Run r = run_othello_match("merge --results m.json a.json b.json", dir);
    CHECK(r.status == 2);
    // Its openings come from the seed, so they are the first difference.
    CHECK(r.err.find("'b.json' is not a shard of the same match: openings.hash differs: 'a.json' "
                     "\"") != std::string::npos);
    CHECK(!fs::exists(dir / "m.json"));

    // --resume with another configuration.
    const std::string before = slurp(dir / "a.jsonl");
    r = run_othello_match(
        changed(kThree, "--games 10", "--games 20") + " --shard 0/2 --resume --results a.json",
        dir);
    CHECK(r.status == 2);
    CHECK(r.err.find("--resume: games differs: journal 10, now 20") != std::string::npos);
    r = run_othello_match(kThree + " --shard 0/2 --adjudicate 12 --resume --results a.json", dir);
    CHECK(r.status == 2);
    CHECK(r.err.find("--resume: adjudication differs: journal null, now 12") != std::string::npos);
    r = run_othello_match(kThree + " --shard 1/2 --resume --results a.json", dir);
    CHECK(r.status == 2);
    CHECK(r.err.find("--resume: shard differs: journal \"0/2\", now \"1/2\"") != std::string::npos);
    r = run_othello_match(
        "--engine policy:mobility --engine policy:mobility-max --engine policy:mobility-max "
        "--games 10 "
        "--openings random:3 --seed 11 --shard 0/2 --resume --results a.json",
        dir);
    CHECK(r.status == 2);
    CHECK(r.err.find("engines[1].name differs") != std::string::npos);
    CHECK(slurp(dir / "a.jsonl") == before);

    // A new run onto existing results.
    const std::string results = slurp(dir / "a.json");
    r = run_othello_match(kThree + " --shard 0/2 --results a.json", dir);
    CHECK(r.status == 2);
    CHECK(r.err.find("'a.json' already exists: --resume continues that match, --overwrite "
                     "replaces it") != std::string::npos);
    CHECK(slurp(dir / "a.json") == results);
    CHECK(slurp(dir / "a.jsonl") == before);
    fs::remove(dir / "a.json");  // the journal alone is protected too
    const std::string four = changed(kThree, "--games 10", "--games 4");
    r = run_othello_match(four + " --results a.json", dir);
    CHECK(r.status == 2);
    CHECK(r.err.find("'a.jsonl' already exists") != std::string::npos);
    r = run_othello_match(four + " --overwrite --results a.json", dir);
    CHECK(r.status == 0);
    CHECK(read_json(dir / "a.json").at("games").size() == 12);  // 3 pairings x 4

    // A merge does not replace results that hold games its inputs lack.
    REQUIRE(run_othello_match(kThree + " --results whole.json", dir).status == 0);
    r = run_othello_match("merge --results whole.json b.json", dir);
    CHECK(r.status == 2);
    CHECK(r.err.find("already exists and is not an earlier merge") != std::string::npos);
    fs::remove_all(dir);
}

TEST_CASE("a journal without its configuration line is refused, not resumed unchecked") {
    const fs::path dir = temp_dir("match_old_journal");
    REQUIRE(run_othello_match(kThree + " --results r.json", dir).status == 0);
    const auto games = read_json(dir / "r.json").at("games");
    {
        std::ofstream old(dir / "old.jsonl");
        for (std::size_t i = 0; i < 12; ++i) old << games[i].dump() << "\n";
    }
    const Run r = run_othello_match(kThree + " --resume --results old.json", dir);
    INFO(r.err);
    CHECK(r.status == 2);
    CHECK(r.err.find("'old.jsonl' line 1: a game, but the journal has no configuration line") !=
          std::string::npos);
    CHECK(!fs::exists(dir / "old.json"));
    // Merge needs configurations to check: it refuses such a file.
    fs::remove(dir / "old.json");
    std::ofstream(dir / "older.jsonl") << games[0].dump() << "\n";
    const Run m = run_othello_match("merge --results m.json older.jsonl", dir);
    CHECK(m.status == 2);
    CHECK(m.err.find("'older.jsonl' line 1: a game, but the journal has no configuration line") !=
          std::string::npos);
    fs::remove_all(dir);
}

TEST_CASE("a merge that cannot write its results says so, never \"complete\"") {
    const fs::path dir = temp_dir("match_merge_write_fails");
    REQUIRE(run_othello_match(kTwoPolicyMatch + " --results a.json", dir).status == 0);
    // A file-size limit (as a full disk) that the spool, the journal's records, fits under and
    // the merged results file (the same records, the configuration and a summary) does not.
    const auto limit_kib = fs::file_size(dir / "a.jsonl") / 1024 + 1;
    REQUIRE(fs::file_size(dir / "a.json") > limit_kib * 1024);
    const Run r =
        run_shell("cd '" + dir.string() + "' && bash -c 'ulimit -f " + std::to_string(limit_kib) +
                      "; trap \"\" XFSZ; exec " + kMatch + " merge --results m.json a.jsonl'",
                  dir);
    CHECK(r.status == 2);
    CHECK(contains(r.err, "othello-match merge: cannot write 'm.json': "));
    CHECK(contains(r.err, "File too large"));
    CHECK(!contains(r.out, "complete"));
    CHECK(!contains(r.out, "Merged"));
    CHECK(!fs::exists(dir / "m.json"));
    // Nothing left beside it: neither the temporary nor the spool.
    std::set<std::string> left;
    for (const auto& e : fs::directory_iterator(dir)) left.insert(e.path().filename().string());
    CHECK(left == std::set<std::string>{"a.json", "a.jsonl", "out.txt", "err.txt"});
    fs::remove_all(dir);
}
