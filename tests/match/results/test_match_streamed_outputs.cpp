// The outputs written at the end of a match are streamed (the results file from the journal's
// lines, every file through a buffer), and stay byte for byte what the runner wrote when it kept
// every game in memory: fixed-seed in-process matches against the files that runner wrote
// (tests/data/streamed_outputs/, a file per output), and a match with a process engine, whose times
// vary, against its own journal put together as one JSON document. The rating list's and
// statistics' floating point numbers may differ in their last digits between builds (an iterative
// fit, and a compiler free to fuse a multiply and an add): those are compared to 1e-6, every other
// byte exactly. The same snapshot pins the game record fields othello-match --help lists.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/match/match_test_support.h"
#include "tests/match/results/journal_edit_support.h"
#include "tests/support/programs.h"

namespace fs = std::filesystem;
using namespace othello::testing;

namespace {

const fs::path kExpected = fs::path(OTHELLO_SOURCE_DIR) / "tests/data/streamed_outputs";

Run run_with_shipped_data(const fs::path& dir, const std::string& args) {
    return run_shell("cd '" + dir.string() +
                         "' && OTHELLO_DATA_DIR='" OTHELLO_SOURCE_DIR
                         "/data' timeout -s KILL 120 " +
                         kMatch + " " + args + " --no-progress",
                     dir);
}

bool starts_number(const std::string& s, std::size_t i) {
    return std::isdigit(static_cast<unsigned char>(s[i])) ||
           (s[i] == '-' && i + 1 < s.size() && std::isdigit(static_cast<unsigned char>(s[i + 1])));
}

// Where two texts first differ by more than floating-point noise (std::string::npos: nowhere):
// numbers with a fraction compare within a relative 1e-6, everything else byte for byte.
std::size_t first_difference(const std::string& a, const std::string& b) {
    std::size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        const bool fresh = i == 0 || !std::isalnum(static_cast<unsigned char>(a[i - 1]));
        if (fresh && starts_number(a, i) && starts_number(b, j)) {
            char* a_end = nullptr;
            char* b_end = nullptr;
            const double x = std::strtod(a.c_str() + i, &a_end);
            const double y = std::strtod(b.c_str() + j, &b_end);
            const std::string x_text(a.c_str() + i, static_cast<const char*>(a_end));
            const std::string y_text(b.c_str() + j, static_cast<const char*>(b_end));
            const bool fractional = x_text.find('.') != std::string::npos;
            if (x_text != y_text &&
                !(fractional && std::abs(x - y) <= 1e-6 * std::max(std::abs(x), std::abs(y))))
                return i;
            i += x_text.size();
            j += y_text.size();
            continue;
        }
        if (a[i] != b[j]) return i;
        ++i;
        ++j;
    }
    return i == a.size() && j == b.size() ? std::string::npos : i;
}

// The command that rewrites the expected outputs from this build's, after a change meant to
// change them (review the diff before committing it).
// (A std::string: doctest's INFO shows a char pointer as an address.)
const std::string kRegenerate =
    "OTHELLO_REGENERATE_GOLDEN=1 ctest --test-dir build -R match/results/outputs";

// The expected outputs, one file each in tests/data/streamed_outputs/ named after the output, in
// a form a diff reads: the JSON results (written with one field a line), the journal (one game a
// line), CSV and records as written; the report page with its data block (one line in the page)
// pretty-printed, a game a line. So a new record field is one line more, or longer, per game.

// `j` with every object's members on lines of their own and every array of containers one
// element a line; an array of plain values (a game's row on the page) stays on one line.
std::string pretty(const nlohmann::ordered_json& j, int depth = 0) {
    const std::string indent(2 * (depth + 1), ' ');
    const std::string close(2 * depth, ' ');
    const auto dump = [](const nlohmann::ordered_json& v) {
        return v.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
    };
    if (j.is_object() && !j.empty()) {
        std::string text = "{\n";
        std::size_t left = j.size();
        for (const auto& [key, value] : j.items())
            text += indent + dump(key) + ": " + pretty(value, depth + 1) + (--left ? ",\n" : "\n");
        return text + close + "}";
    }
    const bool flat = std::none_of(
        j.begin(), j.end(), [](const nlohmann::ordered_json& v) { return v.is_structured(); });
    if (!j.is_array() || j.empty() || flat) return dump(j);
    std::string text = "[\n";
    for (std::size_t i = 0; i < j.size(); ++i)
        text += indent + pretty(j[i], depth + 1) + (i + 1 < j.size() ? ",\n" : "\n");
    return text + close + "]";
}

// An output as its snapshot holds it: the report page's data block pretty-printed ("</" kept
// escaped, as the page writes it inside its script element), everything else as written.
std::string snapshot_form(const std::string& name, const std::string& text) {
    if (!name.ends_with(".html")) return text;
    const std::string open = "<script type=\"application/json\" id=\"report-data\">";
    const std::size_t begin = text.find(open);
    REQUIRE(begin != std::string::npos);
    const std::size_t data = begin + open.size();
    const std::size_t end = text.find("</script>", data);
    REQUIRE(end != std::string::npos);
    std::string block = pretty(nlohmann::ordered_json::parse(text.substr(data, end - data)));
    for (std::size_t at = 0; (at = block.find("</", at)) != std::string::npos; at += 3)
        block.replace(at, 2, "<\\/");
    return text.substr(0, data) + "\n" + block + "\n" + text.substr(end);
}

// `written` against its snapshot, tests/data/streamed_outputs/NAME.
void check_output(const fs::path& written, const std::string& name) {
    const fs::path snapshot = kExpected / name;
    INFO("written: " << written.string() << ", expected: " << snapshot.string());
    const std::string text = snapshot_form(name, slurp(written));
    REQUIRE(!text.empty());
    const char* regenerate = std::getenv("OTHELLO_REGENERATE_GOLDEN");
    if (regenerate && std::string(regenerate) == "1") {
        write_bytes(snapshot, text);
        MESSAGE("regenerated " << snapshot.string());
    }
    const std::size_t at = first_difference(text, slurp(snapshot));
    INFO("first difference at byte " << at << ": '"
                                     << text.substr(at == std::string::npos ? 0 : at, 60) << "'");
    INFO("if the change is meant, regenerate the expected outputs: " << kRegenerate);
    CHECK(at == std::string::npos);
}

// 204 games of three policies (so the results carry a rating list), one at a time so the
// journal's order is fixed too, with a fixed run id (a new match draws a random one).
const std::string kRoundRobin =
    "--engine policy:random --engine policy:mobility --engine policy:mobility-max --games 68 "
    "--seed 7 --concurrency 1 --run-id golden";

}  // namespace

TEST_CASE("streamed outputs: a fixed-seed match writes the bytes the in-memory runner wrote") {
    const fs::path dir = temp_dir("streamed_outputs");
    const Run json =
        run_with_shipped_data(dir, kRoundRobin +
                                       " --results r.json --records r.ggf --positions-out p.txt "
                                       "--html page.html");
    INFO(json.err);
    REQUIRE(json.status == 0);
    check_output(dir / "r.json", "round_robin.json");
    check_output(dir / "r.jsonl", "round_robin.jsonl");
    check_output(dir / "r.ggf", "round_robin.ggf");
    check_output(dir / "p.txt", "round_robin_positions.txt");
    check_output(dir / "page.html", "round_robin.html");

    const Run csv = run_with_shipped_data(dir, kRoundRobin + " --results c.csv --records r.txt");
    INFO(csv.err);
    REQUIRE(csv.status == 0);
    check_output(dir / "c.csv", "round_robin.csv");
    check_output(dir / "r.txt", "round_robin_records.txt");
    fs::remove_all(dir);
}

TEST_CASE("streamed outputs: signed records, and a resumed match's kept games, as before") {
    const fs::path dir = temp_dir("streamed_signed");
    const std::string signed_match =
        "--engine policy:random --engine policy:mobility --games 20 --seed 3 --concurrency 1 "
        "--run-id golden --sign-key '" +
        (kExpected / "sign.key").string() + "' --results s.json";
    const Run whole = run_with_shipped_data(dir, signed_match);
    INFO(whole.err);
    REQUIRE(whole.status == 0);
    check_output(dir / "s.json", "signed.json");

    // Half the games kept in the journal, the rest played again: the results file takes the kept
    // games' lines from the rewritten journal and the others from its appends.
    std::vector<std::string> lines = lines_of(slurp(dir / "s.jsonl"));
    REQUIRE(lines.size() == 21);
    lines.resize(11);
    write_lines(dir / "s.jsonl", lines);
    fs::remove(dir / "s.json");
    const Run resumed = run_with_shipped_data(dir, signed_match + " --resume");
    INFO(resumed.err);
    REQUIRE(resumed.status == 0);
    CHECK(resumed.err.find("Resuming: 10 games already played.") != std::string::npos);
    check_output(dir / "s.json", "signed.json");
    fs::remove_all(dir);
}

// Pinned with the outputs: the names other people's tools read, and what users are told of them.
TEST_CASE("the game record fields othello-match --help lists are the expected ones") {
    const fs::path dir = temp_dir("record_fields");
    const Run help = run_with_shipped_data(dir, "--help");
    REQUIRE(help.status == 0);
    const std::size_t begin = help.out.find("Game record fields");
    const std::size_t end = help.out.find("Subcommands", begin);
    REQUIRE(begin != std::string::npos);
    REQUIRE(end != std::string::npos);
    write_bytes(dir / "fields.txt", help.out.substr(begin, end - begin));
    check_output(dir / "fields.txt", "record_fields.txt");
    fs::remove_all(dir);
}

TEST_CASE("streamed outputs: with a process engine the results file is its journal's games") {
    const fs::path dir = temp_dir("streamed_engine");
    const Run run =
        run_with_shipped_data(dir, "--engine 'name=fake,cmd:" + kFake +
                                       "' --engine policy:random --games 2 --concurrency 2 "
                                       "--openings start --results r.json");
    INFO(run.err);
    REQUIRE(run.status == 0);
    // What the runner wrote when it kept the games: every record of the journal, sorted by id, in
    // one document with the summary and configuration, dumped with nlohmann's indent of 1.
    const std::vector<std::string> lines = lines_of(slurp(dir / "r.jsonl"));
    REQUIRE(lines.size() == 3);
    std::vector<nlohmann::json> games;
    for (std::size_t i = 1; i < lines.size(); ++i) games.push_back(nlohmann::json::parse(lines[i]));
    std::sort(games.begin(), games.end(), [](const nlohmann::json& a, const nlohmann::json& b) {
        return a.at("id").get<int>() < b.at("id").get<int>();
    });
    const nlohmann::json written = nlohmann::json::parse(slurp(dir / "r.json"));
    nlohmann::json expected{{"config", nlohmann::json::parse(lines[0]).at("config")},
                            {"games", games},
                            {"summary", written.at("summary")}};
    CHECK(written.at("summary").at("games") == 2);
    CHECK(slurp(dir / "r.json") ==
          expected.dump(1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
    fs::remove_all(dir);
}

TEST_CASE("streamed outputs: the comparison forgives floating-point noise only") {
    CHECK(first_difference("elo: 251.47410110289925,", "elo: 251.4741006950311,") ==
          std::string::npos);
    CHECK(first_difference("elo: 251.5,", "elo: 251.6,") == 5);
    CHECK(first_difference("games: 12,", "games: 13,") == 7);
    CHECK(first_difference("a1b2", "a1b2c") == 4);
}
