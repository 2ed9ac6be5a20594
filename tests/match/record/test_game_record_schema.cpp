// The game record's schema is declared once (match/record/game_record_schema.h): its table drives
// the JSON record, the CSV columns and the report page's game columns; the reader keeps its checks;
// and journals written before the table existed still resume through the real othello-match.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "match/record/game_record_schema.h"
#include "match/report/report_page_data.h"
#include "match/results/results_file.h"
#include "tests/match/match_test_support.h"
#include "tests/support/programs.h"

using namespace othello;
using namespace othello::testing;
namespace fs = std::filesystem;

namespace {

const fs::path kData = fs::path(OTHELLO_SOURCE_DIR) / "tests" / "data";

// Written by othello-match before the schema table (so by the hand-written to_json), each the
// first games of a match run in a folder holding fake-gtp-engine, fake-nboard-engine and
// positions.obf with --concurrency 1 and the engines and openings its config line records:
// nb, gtp and rnd with --games 2 --openings random:4 (forfeits with last_lines, evals from the
// NBoard engine, GTP engines' seconds), and nb against rnd from positions.obf (start boards).
const fs::path kEnginesJournal = kData / "journal_engines.jsonl";
const fs::path kBoardsJournal = kData / "journal_boards.jsonl";

std::vector<std::string> game_lines(const fs::path& p) {
    std::vector<std::string> lines;
    std::istringstream in(slurp(p));
    for (std::string line; std::getline(in, line);)
        if (nlohmann::json::parse(line).contains("id")) lines.push_back(line);
    return lines;
}

std::vector<std::string> table_names(bool (*wanted)(const GameRecordField&)) {
    std::vector<std::string> names;
    for (const GameRecordField& f : game_record_fields())
        if (wanted(f)) names.emplace_back(f.name);
    return names;
}

// A record with every field set, none of them empty.
GameRecord full_record() {
    GameRecord r = record_from_json(nlohmann::json::parse(game_lines(kBoardsJournal).at(0)));
    r.opening_name = "from a board";
    r.reason = Outcome::IllegalMove;
    r.detail = "white played a1, which is not legal";
    r.last_lines = {"> genmove w", "< = a1"};
    r.signature = "hmac-sha256:00";
    return r;
}

std::string first_line(const fs::path& p) {
    const std::string text = slurp(p);
    return text.substr(0, text.find('\n'));
}

}  // namespace

// The names are pinned where every output is: other people's tools read them, so they change
// only with the expected outputs (tests/data/streamed_outputs/: the JSON and CSV
// results, and the fields othello-match --help lists; test match/results/outputs).
TEST_CASE("the schema table names every JSON field, CSV column and page column") {
    for (const GameRecordField& f : game_record_fields()) {  // what --help says of each
        CAPTURE(f.name);
        CHECK(!f.meaning.empty());
        CHECK(f.meaning.find('\n') == std::string_view::npos);
    }
    const GameRecord full = full_record();
    const nlohmann::json j = to_json(full);
    std::vector<std::string> keys;
    for (const auto& [key, value] : j.items()) keys.push_back(key);
    const auto all = table_names([](const GameRecordField&) { return true; });
    CHECK(std::set<std::string>(keys.begin(), keys.end()) ==
          std::set<std::string>(all.begin(), all.end()));

    const fs::path dir = temp_dir("schema_csv");
    write_results((dir / "r.csv").string(), {full}, nlohmann::json::object(), nullptr);
    std::string header;
    for (const auto& name : table_names([](const GameRecordField& f) { return f.csv; }))
        header += (header.empty() ? "" : ",") + name;
    CHECK(first_line(dir / "r.csv") == header);
    fs::remove_all(dir);

    ReportPageData page_data(
        ReportPageSetup{{full.black, full.white}, nlohmann::json::object(), std::nullopt});
    Standings standings({full.black, full.white});
    standings.add(full);
    page_data.add(full, standings);
    const nlohmann::json page = nlohmann::json::parse(page_data.text(standings, nullptr, true));
    const auto page_names =
        table_names([](const GameRecordField& f) { return f.page != PageForm::None; });
    CHECK(page.at("game_fields") == nlohmann::json(page_names));
    CHECK(page.at("games").at(0).size() == page_names.size());
}

TEST_CASE("JSON -> record -> JSON is the same, with and without the optional fields") {
    int with_evals = 0, with_board = 0, with_last_lines = 0;
    for (const fs::path& journal : {kEnginesJournal, kBoardsJournal}) {
        for (const std::string& line : game_lines(journal)) {
            const nlohmann::json j = nlohmann::json::parse(line);
            CHECK(to_json(record_from_json(j)) == j);
            with_evals += j.contains("move_evals");
            with_board += j.contains("start_board");
            with_last_lines += j.contains("last_lines");
        }
    }
    CHECK(with_evals > 0);
    CHECK(with_board > 0);
    CHECK(with_last_lines > 0);

    // Two in-process players from the start: none of the optional fields, so none written.
    GameRecord plain;
    plain.id = 7;
    plain.black = "a";
    plain.white = "b";
    plain.moves = "f5d6";
    plain.black_discs = 3;
    plain.white_discs = 3;
    const nlohmann::json j = to_json(plain);
    for (const char* absent : {"start_board", "move_seconds", "move_evals", "last_lines"})
        CHECK_FALSE(j.contains(absent));
    CHECK(to_json(record_from_json(j)) == j);

    // An eval JSON cannot hold is written as null, as a move without one; none at all: left out.
    plain.move_records = {{0.5, 1.5},
                          {0.25, std::nullopt},
                          {0, std::numeric_limits<double>::infinity()},
                          {0, std::nan("")}};
    CHECK(to_json(plain).at("move_seconds") == nlohmann::json{0.5, 0.25, 0, 0});
    CHECK(to_json(plain).at("move_evals") == nlohmann::json{1.5, nullptr, nullptr, nullptr});
    plain.move_records = {{1, std::nullopt}, {2, std::nullopt}};
    CHECK(to_json(plain).at("move_seconds") == nlohmann::json{1, 2});
    CHECK_FALSE(to_json(plain).contains("move_evals"));
}

TEST_CASE("the reader checks every field: presence, type, range and names") {
    const nlohmann::json good = to_json(full_record());
    auto refused = [&](const std::string& key, const nlohmann::json& value) {
        nlohmann::json j = good;
        if (value.is_discarded())
            j.erase(key);
        else
            j[key] = value;
        try {
            record_from_json(j);
        } catch (const std::runtime_error& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    const nlohmann::json missing = nlohmann::json::value_t::discarded;
    CHECK(refused("moves", missing) == "bad game record: \"moves\" is missing");
    CHECK(refused("id", 1e300) ==
          "bad game record: \"id\" is 1e+300, not an integer from 0 to 2147483647");
    CHECK(refused("pair", -1) ==
          "bad game record: \"pair\" is -1, not an integer from 0 to 2147483647");
    // Discs beyond a board's 64 (2147483647, say) would overflow the read-back checks' sums.
    CHECK(refused("white_discs", 2147483647) ==
          "bad game record: \"white_discs\" is 2147483647, not a disc count from 0 to 64");
    CHECK(refused("black_discs", 65) ==
          "bad game record: \"black_discs\" is 65, not a disc count from 0 to 64");
    CHECK(refused("black", 5) == "bad game record: \"black\" is 5, not a string");
    CHECK(refused("winner", "purple") ==
          "bad game record: winner 'purple' is not black, white or draw");
    CHECK(refused("reason", "bored").starts_with("bad game record: game reason 'bored' is not"));
    CHECK(refused("black_seconds", "1") ==
          "bad game record: \"black_seconds\" is \"1\", not a number");
    CHECK(refused("move_evals", {1, "x"}) ==
          "bad game record: \"move_evals\" is \"x\", not a number");
    // One eval (or null) a move: the two lists are one list of moves in memory.
    CHECK(refused("move_evals", {1})
              .starts_with(
                  "bad game record: \"move_evals\" has 1 entries, but \"move_seconds\" has "));
    CHECK(refused("last_lines", "one") == "bad game record: \"last_lines\" is \"one\", not a list");
    CHECK(refused("start_board", nullptr) ==
          "bad game record: \"start_board\" is null, not a string");
    // Fields added after the first journals read as their defaults when absent.
    for (const char* optional : {"opening_name", "detail", "black_seconds", "white_seconds",
                                 "start_board", "move_evals", "last_lines", "sig"})
        CHECK(refused(optional, missing) == "accepted");
    // Without "move_seconds" (in-process players) there are no moves to give evals to.
    const std::size_t evals = good.at("move_evals").size();
    CHECK(refused("move_seconds", missing) == "bad game record: \"move_evals\" has " +
                                                  std::to_string(evals) +
                                                  " entries, but \"move_seconds\" has 0");
    nlohmann::json neither = good;
    neither.erase("move_seconds");
    neither.erase("move_evals");
    CHECK(record_from_json(neither).move_records.empty());
    CHECK(record_from_json(nlohmann::json::parse(R"({"id": 1, "pair": 0, "black": "a",
        "white": "b", "opening": "", "moves": "", "black_discs": 2, "white_discs": 2,
        "winner": "draw", "reason": "normal"})"))
              .black_seconds == 0);
}

TEST_CASE("journals written before the schema table resume through othello-match") {
    struct Case {
        fs::path journal;
        std::string engines;
        std::string openings;
        int games;  // the whole match's
    };
    const std::vector<Case> cases{
        {kEnginesJournal,
         "--engine name=nb,nboard:./fake-nboard-engine --engine 'name=gtp,cmd:./fake-gtp-engine "
         "--mode illegal --at 20' --engine name=rnd,policy:random --games 2",
         "random:4", 6},
        {kBoardsJournal,
         "--engine name=nb,nboard:./fake-nboard-engine --engine name=rnd,policy:random --games 4",
         "positions.obf", 4}};
    for (const Case& c : cases) {
        CAPTURE(c.journal);
        const fs::path dir = temp_dir("schema_resume");
        for (const char* engine : {"fake-gtp-engine", "fake-nboard-engine"})
            fs::create_symlink(fs::path(othello::testing::program_dir()) / engine, dir / engine);
        fs::copy_file(kData / "positions.obf", dir / "positions.obf");
        fs::copy_file(c.journal, dir / "results.jsonl");
        const std::string command = "cd '" + dir.string() + "' && " + kMatch + " " + c.engines +
                                    " --openings " + c.openings +
                                    " --concurrency 1 --results results.json --resume "
                                    "--no-progress >out.txt 2>err.txt";
        REQUIRE_MESSAGE(std::system(command.c_str()) == 0, slurp(dir / "err.txt"));
        const nlohmann::json results = nlohmann::json::parse(slurp(dir / "results.json"));
        CHECK(results.at("games").size() == static_cast<std::size_t>(c.games));
        // Each game of the old journal is kept as it was: the same JSON in the results and the
        // very same line in the journal the resumed match rewrote.
        const std::vector<std::string> now = game_lines(dir / "results.jsonl");
        for (const std::string& line : game_lines(c.journal)) {
            const nlohmann::json old = nlohmann::json::parse(line);
            CHECK(results.at("games").at(old.at("id").get<int>()) == old);
            CHECK(std::find(now.begin(), now.end(), line) != now.end());
        }
        fs::remove_all(dir);
    }
}
