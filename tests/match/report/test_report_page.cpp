// The HTML match report: its data and escaping, and the page of real matches rendered in headless
// Chromium — engine names, SVG charts, a 64-square board whose positions while stepping through a
// game match the rules engine's, no remote resource and no script error.
#include <doctest/doctest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>

#include "engine/game.h"
#include "engine/notation.h"
#include "match/record/game_record_schema.h"
#include "match/report/html_report.h"
#include "match/report/recorded_match.h"
#include "match/report/report_page_data.h"
#include "tests/match/match_test_support.h"
#include "tests/support/programs.h"

using namespace othello;
namespace fs = std::filesystem;
using namespace othello::testing;

namespace {

int run_shell(const std::string& command) {
    const int status = std::system(command.c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// The text between the last `open` and the next `close` ("" if absent): the page's scripts,
// shown in the DOM, mention the elements too. Not std::regex: its recursive matcher overflows the
// stack on long texts under AddressSanitizer.
std::string between(const std::string& text, const std::string& open, const std::string& close) {
    const std::size_t start = text.rfind(open);
    if (start == std::string::npos) return "";
    const std::size_t end = text.find(close, start + open.size());
    if (end == std::string::npos) return "";
    return text.substr(start + open.size(), end - start - open.size());
}

bool have_chromium() {
    return run_shell("command -v chromium >/dev/null 2>&1") == 0;
}

struct Rendered {
    std::string dom;           // the DOM after the page's scripts ran
    std::string log;           // Chromium's stderr, console messages included
    nlohmann::json self_test;  // what the page's #selftest wrote into <pre id="selftest-result">
};

// Opens `page` in headless Chromium with the #selftest fragment and returns the rendered DOM.
// `timeout` ends a browser that hangs; Chromium's helpers exit with it.
Rendered render(const fs::path& page, const fs::path& dir) {
    const fs::path dom = dir / "dom.html", log = dir / "chromium.log";
    const std::string command =
        "timeout -k 5 90 chromium --headless --no-sandbox --disable-gpu --disable-dev-shm-usage "
        "--no-first-run --user-data-dir=" +
        (dir / "profile").string() + " --enable-logging=stderr --v=0 --dump-dom 'file://" +
        fs::absolute(page).string() + "#selftest' >" + dom.string() + " 2>" + log.string();
    REQUIRE(run_shell(command) == 0);
    Rendered r{slurp(dom), slurp(log), nullptr};
    std::string text = between(r.dom, "<pre id=\"selftest-result\">", "</pre>");
    REQUIRE_MESSAGE(!text.empty(), "the page's self-test wrote nothing; Chromium said:\n" << r.log);
    // Undo the serializer's text escapes (&lt; &gt; &amp;; &amp; last).
    for (const auto& [from, to] : {std::pair<std::string, std::string>{"&lt;", "<"},
                                   {"&gt;", ">"},
                                   {"&nbsp;", "\u00a0"},
                                   {"&amp;", "&"}}) {
        for (std::size_t at = 0; (at = text.find(from, at)) != std::string::npos;)
            text.replace(at, from.size(), to), at += to.size();
    }
    r.self_test = nlohmann::json::parse(text);
    return r;
}

// The boards the page showed while stepping a game agree with the rules engine's replay.
void check_steps(const nlohmann::json& self_test, const nlohmann::json& results) {
    const int id = self_test.at("game").get<int>();
    std::string moves;
    Position start = Position::start();  // a game from a board opening starts from its board
    for (const auto& g : results.at("games")) {
        if (g.at("id") != id) continue;
        moves = g.at("moves").get<std::string>();
        if (g.contains("start_board")) start = parse_board(g.at("start_board").get<std::string>());
    }
    REQUIRE(!moves.empty());
    const Game game = Game::from_transcript(moves, start);
    std::vector<Position> after_squares = {game.positions().front()};  // the viewer skips passes
    for (std::size_t i = 0; i < game.moves().size(); ++i)
        if (!game.moves()[i].is_pass()) after_squares.push_back(game.positions()[i + 1]);

    const nlohmann::json& steps = self_test.at("steps");
    REQUIRE(steps.size() == 5);  // start, 3x ArrowRight, the next button, ArrowLeft, the end button
    const std::vector<std::size_t> plies = {0, 3, 4, 3, after_squares.size() - 1};
    for (std::size_t i = 0; i < plies.size(); ++i) {
        CAPTURE(i);
        CHECK(steps[i].at("ply").get<std::size_t>() == plies[i]);
        CHECK(steps[i].at("board") == to_board_string(after_squares[plies[i]]));
        CHECK(steps[i].at("discs") == after_squares[plies[i]].disc_count(Color::Black) +
                                          after_squares[plies[i]].disc_count(Color::White));
    }
    CHECK(steps[0].at("board") != steps[1].at("board"));
}

void check_clean(const Rendered& r, const std::string& html) {
    CHECK(r.self_test.at("errors").empty());
    CHECK(r.self_test.at("resources").empty());  // nothing loaded besides the page itself
    CHECK(r.log.find("Uncaught") == std::string::npos);
    CHECK(r.log.find(":ERROR:CONSOLE") == std::string::npos);
    // No remote reference in the source either: no src/href/url()/@import leaving the page.
    CHECK_FALSE(std::regex_search(
        html, std::regex(R"((src|href)\s*=\s*["']?[a-z]*:?//)", std::regex::icase)));
    CHECK_FALSE(std::regex_search(html, std::regex(R"(url\(\s*["']?[a-z]*:?//)")));
    CHECK(html.find("@import") == std::string::npos);
    CHECK(r.self_test.at("squares") == 64);
    CHECK(r.dom.find("class=\"square\"") != std::string::npos);
}

}  // namespace

TEST_CASE("compact moves: one character per square, a1 first, passes left out") {
    CHECK(compact_moves("") == "");
    CHECK(compact_moves("a1b1h1a2h8") == "ABHI_");
    CHECK(compact_moves("F5 d6 pass C3 PA") == compact_moves("f5d6c3"));
    CHECK(compact_moves("f5d6c3").size() == 3);
}

TEST_CASE("the data block cannot end its <script> element") {
    const std::string text = json_for_script_block({{"name", "</script><!--x"}});
    CHECK(text.find('<') == std::string::npos);
    CHECK(nlohmann::json::parse(text).at("name") == "</script><!--x");
}

TEST_CASE("page data: standings, pairs, openings and compact games from records") {
    auto game = [](int id, int pair, std::string black, std::string white, std::string winner,
                   int bd, int wd) {
        return nlohmann::json{{"id", id},         {"pair", pair},      {"black", black},
                              {"white", white},   {"opening", "f5"},   {"opening_name", "o1"},
                              {"moves", "f5d6"},  {"black_discs", bd}, {"white_discs", wd},
                              {"winner", winner}, {"reason", "normal"}};
    };
    std::vector<nlohmann::json> games = {game(0, 0, "a", "b", "black", 40, 24),
                                         game(1, 0, "b", "a", "black", 33, 31),
                                         game(2, 1, "a", "b", "draw", 32, 32)};
    games[1]["move_seconds"] = {0.5, 0.25};
    ReportPageData page(ReportPageSetup{{"a", "b"}, nlohmann::json::object(), SprtParameters{}});
    Standings standings({"a", "b"});
    for (const nlohmann::json& g : games) {
        const GameRecord r = record_from_json(g);
        standings.add(r);
        page.add(r, standings);
    }
    const nlohmann::json d = nlohmann::json::parse(page.text(standings, nullptr, true));
    CHECK(d.at("standings")[0].at("total") ==
          nlohmann::json{{"games", 3}, {"wins", 1}, {"losses", 1}, {"draws", 1}});
    CHECK(d.at("standings")[0].at("disc_diff") == 4.67);  // (16 - 2 + 0) / 3
    CHECK(d.at("pairs")[0].at("pentanomial") == nlohmann::json{0, 0, 1, 0, 0});
    CHECK(d.at("openings")[0] == nlohmann::json{"o1", "f5", 3, 2, 0, 1, 16 + 2 + 0});
    CHECK(d.at("games")[0] ==
          nlohmann::json{0, 0, 1, 0, compact_moves("f5d6"), 40, 24, 0, 0, "", 0.0, 0.0});
    const nlohmann::json& fields = d.at("game_fields");
    const auto column = [&](const char* name) {
        return static_cast<std::size_t>(std::find(fields.begin(), fields.end(), name) -
                                        fields.begin());
    };
    REQUIRE(column("move_evals") < fields.size());
    // Per-move seconds kept (in milliseconds); evaluations, absent, left off the row's end.
    CHECK(d.at("games")[1].size() == column("move_seconds") + 1);
    CHECK(d.at("games")[1][column("move_seconds")] == nlohmann::json{500, 250});
    CHECK(d.at("series").at("games") == nlohmann::json{1, 2, 3});
    CHECK(d.at("series").at("llr").size() == 3);
    CHECK(d.at("sprt").at("decision") == "undecided");
    CHECK(d.at("finished") == true);
}

TEST_CASE("page data kept game by game is the page the report command counts from the file") {
    const fs::path dir = temp_dir("report_page_from_records");
    // Over 400 games: the charts' points are every few games, picked when the page is written.
    const std::string sprt = "elo0=0,elo1=1,alpha=0.001,beta=0.001";
    REQUIRE(run_shell(kMatch +
                      " --engine policy:random --engine policy:mobility --games 450 --seed 5 "
                      "--concurrency 1 --no-progress --sprt " +
                      sprt + " --results " + (dir / "r.json").string() + " >/dev/null") == 0);
    REQUIRE(run_shell(kMatch + " report --html " + (dir / "file.html").string() + " " +
                      (dir / "r.json").string() + " >/dev/null") == 0);
    const nlohmann::json results = nlohmann::json::parse(slurp(dir / "r.json"));
    REQUIRE(results.at("games").size() == 450);

    // The games as a match adds them: each counted in the standings, then given to the page.
    ReportPageSetup setup{{"random", "mobility"}, results.at("config"), parse_sprt(sprt)};
    ReportPageData page(setup);
    Standings standings(setup.engines);
    std::vector<GameRecord> records;
    for (const nlohmann::json& g : results.at("games")) {
        records.push_back(record_from_json(g));
        standings.add(records.back());
        page.add(records.back(), standings);
        const std::size_t n = records.size();
        if (n != 1 && n != 2 && n != 399 && n != 400 && n != 401 && n != 449) continue;
        CAPTURE(n);
        // Mid-match, the page is the one counted from scratch from the games so far.
        const RecordSource games = [&](const std::function<void(const GameRecord&)>& each) {
            for (const GameRecord& r : records) each(r);
        };
        RecordedMatch so_far{setup, games, static_cast<long>(n), nullptr};
        Standings counted(setup.engines);
        const ReportPageData from_scratch = report_page_data_of(so_far, counted);
        CHECK(page.text(standings, nullptr, false) == from_scratch.text(counted, nullptr, false));
    }
    write_html_report((dir / "records.html").string(), page, standings, true);
    CHECK(slurp(dir / "records.html") == slurp(dir / "file.html"));
    fs::remove_all(dir);
}

TEST_CASE("a match's page in headless Chromium: standings, charts, a board that steps") {
    if (!have_chromium()) {
        MESSAGE("SKIPPED: chromium is not installed (scripts/setup.sh installs Debian's chromium)");
        return;
    }
    const fs::path dir = temp_dir("report_page_match");
    // A name with markup in it: the page must show it as text, not run it.
    const std::string odd = "</script><b>&x";
    REQUIRE(
        run_shell(kMatch + " --engine 'name=" + odd +
                  ",policy:mobility-max' --engine policy:mobility --games 12 --openings random:4 "
                  "--concurrency 1 --sprt elo0=0,elo1=100 --report-every 4 --no-progress "
                  "--results " +
                  (dir / "r.json").string() + " --html " + (dir / "page.html").string() + " >" +
                  (dir / "out.txt").string()) == 0);
    const std::string html = slurp(dir / "page.html");
    const nlohmann::json results = nlohmann::json::parse(slurp(dir / "r.json"));
    const Rendered r = render(dir / "page.html", dir);
    check_clean(r, html);
    nlohmann::json engines = r.self_test.at("engines");  // best first
    std::sort(engines.begin(), engines.end());
    CHECK(engines == nlohmann::json{odd, "mobility"});
    CHECK(r.dom.find("<b>&amp;x") == std::string::npos);  // the name never became markup
    const nlohmann::json& charts = r.self_test.at("charts");
    for (const std::string chart : {"elo", "score", "elo-progress", "sprt"}) {
        CAPTURE(chart);
        CHECK(std::find(charts.begin(), charts.end(), chart) != charts.end());
    }
    // Every game is in the table (the SPRT may have stopped the match early).
    CHECK(r.self_test.at("rows") == results.at("games").size());
    CHECK(results.at("games").size() >= 4);
    check_steps(r.self_test, results);

    {  // the report subcommand draws the same match from its results file
        REQUIRE(run_shell(kMatch + " report --html " + (dir / "again.html").string() + " " +
                          (dir / "r.json").string() + " >/dev/null") == 0);
        const Rendered again = render(dir / "again.html", dir);
        check_clean(again, slurp(dir / "again.html"));
        CHECK(again.self_test.at("engines") == r.self_test.at("engines"));
        // The SPRT bounds come from the results' "config"; without one there is no SPRT chart.
        nlohmann::json charts_again = r.self_test.at("charts");
        if (!results.contains("config")) charts_again.erase(charts_again.size() - 1);
        CHECK(again.self_test.at("charts") == charts_again);
        check_steps(again.self_test, results);
    }
    fs::remove_all(dir);
}

TEST_CASE("a match from board openings: the viewer starts each game from its board") {
    if (!have_chromium()) {
        MESSAGE("SKIPPED: chromium is not installed (scripts/setup.sh installs Debian's chromium)");
        return;
    }
    const fs::path dir = temp_dir("report_page_boards");
    REQUIRE(run_shell(kMatch +
                      " --engine policy:mobility --engine policy:random --games 20 --concurrency 2 "
                      "--openings " OTHELLO_SOURCE_DIR "/tests/data/positions.obf --no-progress "
                      "--results " +
                      (dir / "r.json").string() + " --html " + (dir / "page.html").string() +
                      " >/dev/null") == 0);
    const nlohmann::json results = nlohmann::json::parse(slurp(dir / "r.json"));
    const Rendered r = render(dir / "page.html", dir);
    check_clean(r, slurp(dir / "page.html"));
    // The table lists games by number, though two workers finish them in any order.
    CHECK(r.self_test.at("rowIds") ==
          nlohmann::json{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14});
    REQUIRE(r.self_test.at("game") == 0);  // the first row: a game from the file's first board
    REQUIRE(results.at("games").at(0).contains("start_board"));
    CHECK(r.self_test.at("steps").at(0).at("board") == results.at("games").at(0).at("start_board"));
    check_steps(r.self_test, results);
    fs::remove_all(dir);
}

TEST_CASE("a tournament's page in headless Chromium: crosstable, Elo per engine") {
    if (!have_chromium()) {
        MESSAGE("SKIPPED: chromium is not installed (scripts/setup.sh installs Debian's chromium)");
        return;
    }
    const fs::path dir = temp_dir("report_page_tournament");
    // One engine is a process that takes 2 ms a move (its games carry per-move times for the
    // viewer to list) and crashes once (a forfeit among the results by reason).
    REQUIRE(run_shell(kMatch + " --engine policy:random --engine 'name=fake,cmd:" + kFake +
                      " --delay 0.002 --mode crash --at 40 --once 1' --engine policy:mobility-max "
                      "--games 4 --concurrency 1 --no-progress --results " +
                      (dir / "r.json").string() + " --html " + (dir / "page.html").string() +
                      " >/dev/null") == 0);
    const std::string html = slurp(dir / "page.html");
    const Rendered r = render(dir / "page.html", dir);
    check_clean(r, html);
    nlohmann::json engines = r.self_test.at("engines");
    std::sort(engines.begin(), engines.end());
    CHECK(engines == nlohmann::json{"fake", "mobility-max", "random"});
    CHECK(r.dom.find("Crosstable") != std::string::npos);
    const nlohmann::json& charts = r.self_test.at("charts");
    CHECK(std::find(charts.begin(), charts.end(), "ratings") != charts.end());
    CHECK(r.dom.find("id=\"ratings\"") != std::string::npos);
    CHECK(r.self_test.at("rows") == 12);
    const nlohmann::json results = nlohmann::json::parse(slurp(dir / "r.json"));
    check_steps(r.self_test, results);
    // The first game (random - fake) carries fake's 2 ms moves; the viewer lists every move's time.
    const nlohmann::json& first = results.at("games").at(0);
    REQUIRE(first.at("id") == r.self_test.at("game"));
    long timed = 0;
    for (const auto& s : first.at("move_seconds")) timed += s.get<double>() >= 0.0015;
    CHECK(timed >= 25);
    CHECK(r.self_test.at("moveNotes") == first.at("move_seconds").size());  // one per move
    CHECK(r.self_test.at("reasons").get<std::string>().find("crash") != std::string::npos);
    fs::remove_all(dir);
}

TEST_CASE("a running match's page says so and reloads itself; a finished one does not") {
    if (!have_chromium()) {
        MESSAGE("SKIPPED: chromium is not installed (scripts/setup.sh installs Debian's chromium)");
        return;
    }
    const fs::path dir = temp_dir("report_page_running");
    const ReportPageData page(ReportPageSetup{{"a", "b"}, nlohmann::json::object(), {}, 10});
    const Standings standings({"a", "b"});
    write_html_report((dir / "page.html").string(), page, standings, false);
    const std::string html = slurp(dir / "page.html");
    const Rendered r = render(dir / "page.html", dir);
    check_clean(r, html);
    auto status_of = [](const std::string& dom) {
        return between(dom, "<p id=\"status\">", "</p>");
    };
    CHECK(
        status_of(r.dom).starts_with("<span class=\"badge running\">running</span>0 of 10 games"));
    CHECK(status_of(r.dom).find("refreshes every 5 s") != std::string::npos);
    CHECK(r.self_test.at("rows") == 0);
    CHECK(r.self_test.at("game").is_null());
    write_html_report((dir / "page.html").string(), page, standings, true);
    const Rendered done = render(dir / "page.html", dir);
    CHECK(status_of(done.dom) == "<span class=\"badge\">finished</span>0 games");
    fs::remove_all(dir);
}

TEST_CASE("report subcommand: clear errors for bad arguments and files") {
    const fs::path dir = temp_dir("report_page_errors");
    const std::string err = (dir / "err.txt").string();
    CHECK(run_shell(kMatch + " report " + (dir / "missing.json").string() + " 2>" + err) == 2);
    CHECK(slurp(err).find("--html") != std::string::npos);
    CHECK(run_shell(kMatch + " report --html " + (dir / "p.html").string() + " " +
                    (dir / "missing.json").string() + " 2>" + err) == 2);
    CHECK(slurp(err).find("missing.json") != std::string::npos);
    std::ofstream(dir / "bad.json") << "{\"games\": [{\"id\": 1}]}";
    CHECK(run_shell(kMatch + " report --html " + (dir / "p.html").string() + " " +
                    (dir / "bad.json").string() + " 2>" + err) == 2);
    CHECK(slurp(err).find("bad.json") != std::string::npos);
    CHECK(slurp(err).find("game 1") != std::string::npos);
    CHECK_FALSE(fs::exists(dir / "p.html"));

    // A file that is not a report page is never replaced by one.
    std::ofstream(dir / "keep.json") << "{\"games\": []}";
    CHECK(run_shell(kMatch + " report --html " + (dir / "keep.json").string() + " " +
                    (dir / "keep.json").string() + " 2>" + err) == 2);
    CHECK(slurp(err).find("not an HTML page") != std::string::npos);
    CHECK(run_shell(kMatch + " --engine policy:random --engine policy:random --games 2 " +
                    "--no-progress --html " + (dir / "keep.json").string() + " >/dev/null 2>" +
                    err) == 2);
    CHECK(slurp(err).find("not an HTML page") != std::string::npos);
    CHECK(slurp(dir / "keep.json") == "{\"games\": []}");
    CHECK(run_shell(kMatch + " report --html " + (dir / "p.html").string() + " " +
                    (dir / "keep.json").string() + " >/dev/null") == 0);
    CHECK(run_shell(kMatch + " report --html " + (dir / "p.html").string() + " " +
                    (dir / "keep.json").string() + " >/dev/null") == 0);  // a page is replaced
    fs::remove_all(dir);
}

TEST_CASE("an engine that lost every game has Elo −∞, drawn at the chart's lower end") {
    if (!have_chromium()) {
        MESSAGE("SKIPPED: chromium is not installed (scripts/setup.sh installs Debian's chromium)");
        return;
    }
    const fs::path dir = temp_dir("report_page_minus_infinity");
    // Every move the fake engine plays is illegal: it forfeits every game.
    const std::string loser = "'name=loser,cmd:" + kFake + " --mode illegal'";
    for (const std::string& others :
         {std::string(" --engine policy:random"),
          std::string(" --engine policy:random --engine policy:mobility")}) {
        CAPTURE(others);
        fs::remove(dir / "page.html");
        REQUIRE(run_shell(kMatch + " --engine " + loser + others +
                          " --games 4 --concurrency 1 --no-progress --results " +
                          (dir / "r.json").string() + " --overwrite --html " +
                          (dir / "page.html").string() + " >/dev/null") == 0);
        const Rendered r = render(dir / "page.html", dir);
        check_clean(r, slurp(dir / "page.html"));
        const nlohmann::json& marks = r.self_test.at("eloMarks");
        INFO(marks.dump());
        if (others.find("mobility") == std::string::npos) {
            // Two engines: the loser's side of the pair, per game and per pair of games.
            CHECK(marks.at("per game") == "lower end");
            CHECK(marks.at("per pair (pentanomial)") == "lower end");
        } else {
            CHECK(marks.at("loser") == "lower end");
        }
        CHECK(r.dom.find("−∞") != std::string::npos);
        // The interval as the command line's table writes it: all of it at −∞ (its upper end
        // was shown as +∞).
        CHECK(r.dom.find("[−∞, −∞]") != std::string::npos);
        CHECK(r.dom.find("[−∞, +∞]") == std::string::npos);
    }
    fs::remove_all(dir);
}
