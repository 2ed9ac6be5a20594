// Bytes from engines, through the real othello-match: what an engine sends (bytes that are not
// UTF-8, odd NBoard eval and time fields, a GTP answer given twice) costs at most its game, and
// the results, journal, game records, log and report page stay whole, with the bytes as \xNN.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "engine/ascii_text.h"
#include "engine/ggf.h"
#include "protocol/engine_process.h"
#include "protocol/nboard_client.h"
#include "tests/fakes/fake_tcp_engine.h"
#include "tests/match/match_test_support.h"
#include "tests/support/programs.h"

using namespace othello;
using namespace othello::testing;
namespace fs = std::filesystem;

namespace {

// True when `text` is UTF-8 throughout (line breaks and tabs allowed).
bool is_utf8(std::string text) {
    for (char& c : text) {
        if (c == '\n' || c == '\r' || c == '\t') c = ' ';
    }
    return printable(text) == text;
}

std::string all_of(const nlohmann::json& lines) {
    std::string out;
    for (const auto& line : lines) out += line.get<std::string>() + "\n";
    return out;
}

}  // namespace

TEST_CASE("bytes: Latin-1 from engines is kept as \\xNN everywhere; the match and --resume go on") {
    const fs::path dir = temp_dir("othello_match_latin1");
    // Both speak Latin-1: a name, refusals of the time commands, and a refused genmove that
    // forfeits the game (the piped one every game, the served one once).
    FakeTcpEngine served({"--mode", "latin1", "--at", "4", "--once", "1"});
    // Other outputs get fresh names on --resume: only the results and journal carry on.
    const auto args = [&](const std::string& run) {
        return "--engine 'name=piped,tc=60,cmd:" + kFake +
               " --mode latin1 --at 3 --once 1' --engine 'name=served,tc=60," + served.spec() +
               "' --games 4 --concurrency 1 --results " + (dir / "r.json").string() +
               " --records " + (dir / (run + ".ggf")).string() + " --log " +
               (dir / (run + ".log")).string() + " --html " + (dir / (run + ".html")).string();
    };
    const Run run = run_match_from_start(args("first"), dir);
    INFO(run.err);
    REQUIRE(run.status == 0);
    for (const char* file :
         {"r.json", "r.jsonl", "first.ggf", "first.log", "first.html", "out.txt"}) {
        INFO(file);
        CHECK(is_utf8(slurp(dir / file)));
    }
    const auto games = nlohmann::json::parse(slurp(dir / "r.json")).at("games");
    REQUIRE(games.size() == 4);
    std::string details, last_lines;
    for (const auto& g : games) {
        CHECK(g.at("reason") == "malformed reply");
        details += g.at("detail").get<std::string>() + "\n";
        last_lines += all_of(g.at("last_lines"));
    }
    CHECK(details.find("engine refused 'genmove b': coup ill\\xe9gal") != std::string::npos);
    CHECK(details.find("engine refused 'genmove w': coup ill\\xe9gal") != std::string::npos);
    CHECK(last_lines.find("< ? temps non g\\xe9r\\xe9") != std::string::npos);
    // A valid "\xc3\xa9" cut in two where a kept line ends: its first byte alone is escaped.
    CHECK(last_lines.find("< ? coup ill\\xe9gal xxx") != std::string::npos);
    CHECK(last_lines.find("x\\xc3...") != std::string::npos);
    const std::string log = slurp(dir / "first.log");
    CHECK(log.find("piped < = fake-\\xe9l\\xe8ve") != std::string::npos);
    CHECK(log.find("served < ? coup ill\\xe9gal") != std::string::npos);
    CHECK(read_ggf_file((dir / "first.ggf").string()).size() == 4);
    // The page's data: the detail's backslash itself escaped in JSON.
    CHECK(slurp(dir / "first.html").find("coup ill\\\\xe9gal") != std::string::npos);

    // A match killed after two games resumes from a journal holding the escaped text.
    std::ifstream journal_in(dir / "r.jsonl");
    std::string line, kept;
    for (int i = 0; i < 3 && std::getline(journal_in, line); ++i) kept += line + "\n";
    journal_in.close();
    std::ofstream(dir / "r.jsonl", std::ios::trunc) << kept;
    fs::remove(dir / "r.json");
    const Run resumed = run_match_from_start(args("resumed") + " --resume", dir);
    INFO(resumed.err);
    REQUIRE(resumed.status == 0);
    const auto again = nlohmann::json::parse(slurp(dir / "r.json")).at("games");
    REQUIRE(again.size() == 4);
    std::set<int> ids;
    for (const auto& g : again) ids.insert(g.at("id").get<int>());
    CHECK(ids == std::set<int>{0, 1, 2, 3});
    CHECK(again.at(0).at("detail") == games.at(0).at("detail"));
    CHECK(again.at(1).at("last_lines") == games.at(1).at("last_lines"));
    fs::remove_all(dir);
}

TEST_CASE("bytes: an engine name given with Latin-1 bytes is kept escaped; --resume matches it") {
    const fs::path dir = temp_dir("othello_match_latin1_name");
    const auto args = [&](const std::string& run) {
        return "--engine 'name=caf\xe9,policy:random' --engine policy:mobility --games 4 "
               "--results " +
               (dir / "r.json").string() + " --records " + (dir / (run + ".txt")).string();
    };
    const Run run = run_match_from_start(args("first"), dir);
    INFO(run.err);
    REQUIRE(run.status == 0);
    const std::string results = slurp(dir / "r.json");
    CHECK(is_utf8(results));
    CHECK(is_utf8(slurp(dir / "first.txt")));
    CHECK(is_utf8(run.out));
    CHECK(nlohmann::json::parse(results).at("games").at(0).at("black") == "caf\\xe9");
    // Two games kept, two played again: the journal's names and configuration match this run's.
    std::ifstream journal_in(dir / "r.jsonl");
    std::string line, kept;
    for (int i = 0; i < 3 && std::getline(journal_in, line); ++i) kept += line + "\n";
    journal_in.close();
    std::ofstream(dir / "r.jsonl", std::ios::trunc) << kept;
    fs::remove(dir / "r.json");
    const Run resumed = run_match_from_start(args("resumed") + " --resume", dir);
    INFO(resumed.err);
    CHECK(resumed.status == 0);
    CHECK(nlohmann::json::parse(slurp(dir / "r.json")).at("games").size() == 4);
    fs::remove_all(dir);
}

TEST_CASE("bytes: a GTP engine answering genmove twice is named for it, not for the next reply") {
    const fs::path dir = temp_dir("othello_match_twice");
    // Engines that echo ids are caught by the old id; those that drop ids, take them for a
    // command or repeat a stale one (Edax) by the protocol_version probe sent after each of their
    // moves.
    for (const std::string ids : {"echo", "drop", "plain", "edax"}) {
        CAPTURE(ids);
        const fs::path commands = dir / (ids + ".txt");
        // Each (re)started engine answers its second genmove twice.
        const Run run =
            run_match_from_start("--engine 'name=twice,cmd:" + kFake + " --ids " + ids +
                                     " --mode twice --at 2 --once 1 --log " + commands.string() +
                                     "' --engine policy:random --games 2 --concurrency 1 "
                                     "--results " +
                                     (dir / (ids + ".json")).string(),
                                 dir);
        INFO(run.err);
        REQUIRE(run.status == 0);
        const auto games = nlohmann::json::parse(slurp(dir / (ids + ".json"))).at("games");
        REQUIRE(games.size() == 2);
        for (const auto& g : games) {
            const std::string detail = g.at("detail").get<std::string>();
            INFO(detail);
            const bool black = g.at("black") == "twice";
            CHECK(g.at("reason") == "malformed reply");
            CHECK(g.at("winner") == (black ? "white" : "black"));
            // Found with the next command, the opponent's move after its second genmove: the
            // game's 4th move when it plays black, the 5th when it plays white.
            const std::string where =
                black ? "black (twice) when told move 4: answered 'genmove b' twice: the second "
                        "reply"
                      : "white (twice) when told move 5: answered 'genmove w' twice: the second "
                        "reply";
            CHECK(detail.find(where) != std::string::npos);
        }
        // What the engines received: one protocol_version a start (two for an engine that takes
        // the id for a command) and, without ids, one more after every move.
        int versions = 0, genmoves = 0, starts = 0;
        std::ifstream in(commands);
        for (std::string line; std::getline(in, line);) {
            starts += line == "1 protocol_version";
            versions += line.ends_with("protocol_version");
            const auto at = line.find("genmove");
            if (at == std::string::npos) continue;
            ++genmoves;
            // "2 genmove b": numbered from 2 after each start, the first command being 1.
            CHECK((ids == "echo") == (at > 0));
        }
        CHECK(starts == 2);  // the engine is restarted after its fault
        CHECK(genmoves == 4);
        if (ids == "echo") CHECK(versions == starts);
        if (ids == "drop" || ids == "edax") CHECK(versions == starts + genmoves);
        if (ids == "plain") CHECK(versions == 2 * starts + genmoves);
    }
    fs::remove_all(dir);
}

TEST_CASE("bytes: NBoard evals and times that are no numbers are dropped; the moves stand") {
    const fs::path dir = temp_dir("othello_match_nboard_fields");
    const Run run =
        run_match_from_start("--engine 'name=odd,nboard:" + kFakeNboard +
                                 " --mode odd' --engine policy:random --games 2 "
                                 "--concurrency 1 --results " +
                                 (dir / "r.json").string() + " --records " +
                                 (dir / "g.ggf").string() + " --log " + (dir / "log.txt").string(),
                             dir);
    INFO(run.err);
    REQUIRE(run.status == 0);
    const std::string results = slurp(dir / "r.json");
    const auto games = nlohmann::json::parse(results).at("games");
    REQUIRE(games.size() == 2);
    int evals = 0;
    for (const auto& g : games) {
        CHECK(g.at("reason") == "normal");
        for (const auto& e : g.at("move_evals")) {
            if (e.is_null()) continue;
            ++evals;
            CHECK(e.get<double>() == 5);  // "+5/abc": the eval kept, the time dropped
        }
    }
    CHECK(evals > 0);
    const std::string ggf = ascii_lower(slurp(dir / "g.ggf"));
    CHECK(ggf.find("nan") == std::string::npos);
    CHECK(ggf.find("inf") == std::string::npos);
    CHECK(read_ggf_file((dir / "g.ggf").string()).size() == 2);
    const std::string log = slurp(dir / "log.txt");
    CHECK(log.find("odd < status r\\xe9flexion") != std::string::npos);
    CHECK(log.find("odd < set myname r\\xe9fl\\xe9chi") != std::string::npos);
    CHECK(is_utf8(log));
    fs::remove_all(dir);
}

TEST_CASE("bytes: NBoard reply fields that are no usable number are left out") {
    for (const char* text : {"b5/1e999", "b5/+5/abc", "b5/nan/-1", "b5/inf", "b5 -inf nan",
                             "b5/1e300/-2", "b5/-99/1e999", "b5 x y"}) {
        INFO(std::string(text));
        const auto r = parse_nboard_move_reply(text);
        REQUIRE(r);
        CHECK(r->move == "b5");
        if (r->eval) CHECK(*r->eval == 5);
        CHECK_FALSE(r->seconds);
    }
    CHECK(parse_nboard_move_reply("b5/+5/abc")->eval == 5.0);
    CHECK(parse_nboard_move_reply("b5/-64/0.5")->eval == -64.0);
    CHECK(parse_nboard_move_reply("b5/-64/0.5")->seconds == 0.5);
}

namespace {

// The lines of `file`, each with its length checked against what the journal's readers take.
std::vector<std::string> journal_lines(const fs::path& file) {
    std::ifstream in(file);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) {
        CHECK(line.size() <= (std::size_t{1} << 20));
        lines.push_back(line);
    }
    return lines;
}

}  // namespace

TEST_CASE("bytes: every text at its bound; --resume, merge, report and ratings read it back") {
    const fs::path dir = temp_dir("othello_match_bounds");
    // An engine that answers `name` with 300,000 control bytes (each escaped to 4: a 1.2 MB name
    // made every journal line unreadable) and forfeits every game with 30 lines of 300 control
    // bytes; the other given a name of the longest length; openings named at length.
    const std::string long_name(256, 'n');
    std::ofstream(dir / "o.txt") << "f5d6\t" << std::string(3000, 'o') << "\nf5f6\tshort\n";
    const std::string args =
        "--engine 'cmd:" + kFake +
        " --name-bytes 300000 --mode long-lines --at 2' --engine 'name=" + long_name +
        ",policy:random' --games 4 --concurrency 1 --openings o.txt "
        "--results r.json";
    const Run run = run_match(args, dir);
    INFO(run.err);
    REQUIRE(run.status == 0);
    const std::vector<std::string> lines = journal_lines(dir / "r.jsonl");
    REQUIRE(lines.size() == 5);
    const nlohmann::json games = games_of(dir / "r.json");
    REQUIRE(games.size() == 4);
    // 63 escapes of 4 bytes and "...": the name cut where an escape ends.
    std::string escaped_name;
    for (int i = 0; i < 63; ++i) escaped_name += "\\x1b";
    escaped_name += "...";
    for (const auto& g : games) {
        CAPTURE(g.at("id"));
        const bool fake_black = g.at("black") == escaped_name;
        CHECK((fake_black ? g.at("white") : g.at("black")) == long_name);
        CHECK((fake_black ? g.at("white") : g.at("black")) != g.at(fake_black ? "black" : "white"));
        CHECK(g.at("reason") == "malformed reply");
        CHECK(g.at("detail").get<std::string>().size() <= 4096);
        const auto& last = g.at("last_lines");
        CHECK(last.size() == 20);
        for (const auto& l : last) CHECK(l.get<std::string>().size() <= 1024);
        CHECK(contains(all_of(last), "\\x01\\x01"));
        if (g.at("opening") == "f5d6")
            CHECK(g.at("opening_name") == std::string(1021, 'o') + "...");
    }

    // Killed after two games: --resume reads the journal and plays the other two.
    std::ofstream(dir / "r.jsonl", std::ios::trunc) << lines[0] << "\n"
                                                    << lines[1] << "\n"
                                                    << lines[2] << "\n";
    fs::remove(dir / "r.json");
    const Run resumed = run_match(args + " --resume", dir);
    INFO(resumed.err);
    REQUIRE(resumed.status == 0);
    CHECK(contains(resumed.out + resumed.err, "Resuming: 2 games already played."));
    CHECK(games_of(dir / "r.json").size() == 4);

    const Run merged = run_othello_match("merge --results m.json r.jsonl", dir);
    INFO(merged.err);
    CHECK(merged.status == 0);
    CHECK(games_of(dir / "m.json").size() == 4);
    const Run report = run_othello_match("report --html p.html r.jsonl", dir);
    INFO(report.err);
    CHECK(report.status == 0);
    CHECK(contains(slurp(dir / "p.html"), long_name));
    const Run ratings = run_othello_match("ratings --results rt.json r.jsonl", dir);
    INFO(ratings.err);
    CHECK(ratings.status == 0);
    CHECK(contains(ratings.out, long_name));
    fs::remove_all(dir);
}

TEST_CASE("bytes: a name= past the bound is refused; a configuration past a journal line too") {
    const fs::path dir = temp_dir("othello_match_bounds_refused");
    const Run named = run_match_from_start("--engine 'name=" + std::string(257, 'n') +
                                               ",policy:random' --engine policy:mobility "
                                               "--games 2 --results r.json",
                                           dir);
    CHECK(named.status == 2);
    CHECK(contains(named.err, "name= is 257 bytes (escaped); a name is at most 256"));
    CHECK(!fs::exists(dir / "r.jsonl"));
    // Nine engines (from an engines file: no command line holds them) whose specs take 120,000
    // bytes each: 1.08 MB as the journal's first line.
    nlohmann::json file = nlohmann::json::array();
    std::string engines;
    for (int i = 0; i < 9; ++i) {
        const std::string name = "e" + std::to_string(i);
        file.push_back({{"name", name}, {"command", kFake + " --log " + std::string(120000, 'x')}});
        engines += " --engine conf=" + name;
    }
    std::ofstream(dir / "engines.json") << file.dump();
    const Run big = run_match_from_start(
        "--engines engines.json" + engines + " --games 2 --results r.json", dir);
    CHECK(big.status != 0);
    CHECK(contains(big.err, "bytes a journal line may hold; give fewer or shorter engine specs"));
    CHECK(!fs::exists(dir / "r.jsonl"));
    CHECK(!contains(big.out, "Finished game"));
    fs::remove_all(dir);
}

TEST_CASE("bytes: a journal whose first line is too long to read is refused for what it is") {
    const fs::path dir = temp_dir("othello_match_unreadable_config");
    REQUIRE(run_othello_match(kTwoPolicyMatch + " --results r.json", dir).status == 0);
    std::ifstream in(dir / "r.jsonl");
    std::string first, rest, line;
    std::getline(in, first);
    while (std::getline(in, line)) rest += line + "\n";
    in.close();
    // A configuration line of 1.5 MB, as an engine named with 300,000 control bytes made it.
    nlohmann::json config = nlohmann::json::parse(first);
    config["config"]["padding"] = std::string(3 << 19, 'x');
    std::ofstream(dir / "r.jsonl", std::ios::trunc) << config.dump() << "\n" << rest;
    fs::remove(dir / "r.json");
    const std::string why =
        "'r.jsonl' line 1: longer than the 1048576 bytes a journal line may hold, so the "
        "journal's configuration (its first line) cannot be read";
    for (const std::string& command : {kTwoPolicyMatch + " --results r.json --resume",
                                       std::string("merge --results m.json r.jsonl"),
                                       std::string("report --html p.html r.jsonl"),
                                       std::string("ratings --results rt.json r.jsonl")}) {
        CAPTURE(command);
        const Run r = run_othello_match(command, dir);
        CHECK(r.status == 2);
        CHECK(contains(r.err, why));
        CHECK(!contains(r.err, "older othello-match"));
    }
    fs::remove_all(dir);
}
