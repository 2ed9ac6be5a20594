// Outputs never destroy what is at their path, through the real othello-match: an existing file is
// replaced only with --overwrite, a symbolic link stays a link, a FIFO is neither waited on nor
// replaced, a device node is never turned into a file, the protocol log never truncates another
// output or the journal and says a full disk once, CSV cells are never formulas; the merge and
// report subcommands follow the same rules. Device nodes are only ever reached through links or
// nodes made in the test's own folder, so even a broken runner cannot replace the system's.
#include <doctest/doctest.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "tests/match/match_test_support.h"
#include "tests/support/programs.h"

namespace fs = std::filesystem;
using namespace othello::testing;

namespace {

const std::string kPolicies = "--engine policy:random --engine policy:mobility --games 2 ";
const std::string kWithEngine =
    "--engine 'name=fake,cmd:" + kFake +
    "' --engine policy:random --games 2 --concurrency 1 --openings start ";

// Runs `othello-match ARGS` in `dir` (a subcommand such as merge or report as it is). A runner
// that waits on a FIFO is killed after 30 s, so the test stops by itself either way (and fails:
// the status is then 137).
Run run_subcommand(const fs::path& dir, const std::string& args) {
    return run_shell("cd '" + dir.string() + "' && timeout -s KILL 30 " + kMatch + " " + args, dir);
}

// A match, without the progress bar.
Run run_in(const fs::path& dir, const std::string& args) {
    return run_subcommand(dir, args + " --no-progress");
}

bool still_a_fifo(const fs::path& p) {
    return fs::is_fifo(fs::symlink_status(p));
}

bool still_a_link(const fs::path& p) {
    return fs::is_symlink(fs::symlink_status(p));
}

std::size_t count_of(const std::string& text, const std::string& part) {
    std::size_t n = 0;
    for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
    return n;
}

}  // namespace

TEST_CASE("--records: an existing file is replaced only with --overwrite; a link stays a link") {
    const fs::path dir = temp_dir("match_outputs_records");
    write_bytes(dir / "games.txt", "my notes\n");
    Run run = run_in(dir, kPolicies + "--records games.txt");
    CHECK(run.status == 2);
    CHECK(run.err ==
          "othello-match: --records 'games.txt' already exists: --overwrite replaces it\n");
    CHECK(run.out.empty());  // refused before the first game
    CHECK(slurp(dir / "games.txt") == "my notes\n");

    write_bytes(dir / "target.txt", "kept\n");
    fs::create_symlink("target.txt", dir / "link.txt");
    run = run_in(dir, kPolicies + "--records link.txt");
    CHECK(run.status == 2);
    CHECK(slurp(dir / "target.txt") == "kept\n");
    // Asked to: the link's target gets the records, the link stays.
    run = run_in(dir, kPolicies + "--records link.txt --overwrite");
    CAPTURE(run.err);
    CHECK(run.status == 0);
    CHECK(still_a_link(dir / "link.txt"));
    const std::vector<std::string> records = lines_of(slurp(dir / "target.txt"));
    REQUIRE(records.size() == 2);
    CHECK(records[0].find("\t# ") != std::string::npos);
    for (const auto& entry : fs::directory_iterator(dir))  // no temporary left beside either
        CHECK(entry.path().filename().string().find(".tmp.") == std::string::npos);

    run = run_in(dir, kPolicies + "--records games.txt --overwrite");
    CHECK(run.status == 0);
    CHECK(lines_of(slurp(dir / "games.txt")).size() == 2);
    fs::remove_all(dir);
}

TEST_CASE("a FIFO or a device node is neither waited on nor replaced by a file") {
    const fs::path dir = temp_dir("match_outputs_special");
    REQUIRE(::mkfifo((dir / "records.fifo").c_str(), 0600) == 0);
    REQUIRE(::mkfifo((dir / "page.html").c_str(), 0600) == 0);
    REQUIRE(::mkfifo((dir / "r.jsonl").c_str(), 0600) == 0);

    Run run = run_in(dir, kPolicies + "--records records.fifo --overwrite");
    CHECK(run.status == 2);
    CHECK(run.err == "othello-match: --records 'records.fifo': is a FIFO, not a regular file\n");
    CHECK(still_a_fifo(dir / "records.fifo"));

    run = run_in(dir, kPolicies + "--html page.html");
    CHECK(run.status == 2);
    CHECK(run.err == "othello-match: --html 'page.html': is a FIFO, not a regular file\n");
    CHECK(still_a_fifo(dir / "page.html"));

    // The journal of --results r.json is r.jsonl: resuming would read it.
    run = run_in(dir, kPolicies + "--results r.json --resume");
    CHECK(run.status == 2);
    CHECK(run.err == "othello-match: --results journal 'r.jsonl': is a FIFO, not a regular file\n");
    CHECK(still_a_fifo(dir / "r.jsonl"));
    CHECK_FALSE(fs::exists(dir / "r.json"));

    // /dev/null through a link in the test's folder: a broken runner replaces only the link.
    fs::create_symlink("/dev/null", dir / "null-link");
    for (const std::string option : {"--results", "--records", "--html"}) {
        CAPTURE(option);
        run = run_in(dir, kPolicies + option + " null-link --overwrite");
        CHECK(run.status == 2);
        CHECK(run.err == "othello-match: " + option +
                             " 'null-link': is a character device, not a regular file\n");
        CHECK(still_a_link(dir / "null-link"));
        CHECK_FALSE(fs::exists(dir / "null-link.jsonl"));  // no journal beside a device
    }
    CHECK(fs::is_character_file("/dev/null"));

    // A device node of the test's own (root only): still a device node afterwards.
    const fs::path node = dir / "null";
    if (::mknod(node.c_str(), S_IFCHR | 0666, makedev(1, 3)) == 0) {
        for (const std::string option : {"--results", "--records"}) {
            run = run_in(dir, kPolicies + option + " null --overwrite");
            CHECK(run.status == 2);
            CHECK(run.err.find("is a character device, not a regular file") != std::string::npos);
            CHECK(fs::is_character_file(fs::symlink_status(node)));
            CHECK_FALSE(fs::exists(dir / "null.jsonl"));
        }
    } else {
        MESSAGE("device node case skipped: mknod needs root (" << std::strerror(errno) << ")");
    }
    fs::remove_all(dir);
}

TEST_CASE("--log never truncates the journal, another output or a file it did not write") {
    const fs::path dir = temp_dir("match_outputs_log");
    Run run = run_in(dir, kWithEngine + "--results r.json --log match.log");
    CAPTURE(run.err);
    REQUIRE(run.status == 0);
    const std::string first_log = slurp(dir / "match.log");
    REQUIRE(lines_of(first_log).size() > 50);

    // A killed match leaves its journal and no results file: --resume reads the journal. A --log
    // onto it would empty it and every game would be played again.
    fs::remove(dir / "r.json");
    const std::string journal = slurp(dir / "r.jsonl");
    run = run_in(dir, kWithEngine + "--results r.json --resume --log r.jsonl");
    CHECK(run.status == 2);
    CHECK(run.err == "othello-match: --log 'r.jsonl' is also the --results journal\n");
    CHECK(slurp(dir / "r.jsonl") == journal);
    run = run_in(dir, kWithEngine + "--results other.json --log ./other.json");
    CHECK(run.status == 2);
    CHECK(run.err == "othello-match: --log './other.json' is also --results\n");
    CHECK_FALSE(fs::exists(dir / "other.json"));

    write_bytes(dir / "notes.txt", "precious\n");
    run = run_in(dir, kWithEngine + "--log notes.txt");
    CHECK(run.status == 2);
    CHECK(run.err ==
          "othello-match: cannot write the protocol log 'notes.txt': it exists and is not a "
          "protocol log (--overwrite replaces it)\n");
    CHECK(slurp(dir / "notes.txt") == "precious\n");

    // An earlier log goes on: the new lines come after the old ones.
    run = run_in(dir, kWithEngine + "--log match.log");
    CHECK(run.status == 0);
    const std::string both = slurp(dir / "match.log");
    CHECK(both.starts_with(first_log));
    CHECK(lines_of(both).size() > lines_of(first_log).size() + 50);

    run = run_in(dir, kWithEngine + "--log notes.txt --overwrite");
    CHECK(run.status == 0);
    CHECK(slurp(dir / "notes.txt").find(" game 0 fake > ") != std::string::npos);
    CHECK(slurp(dir / "notes.txt").find("precious") == std::string::npos);
    fs::remove_all(dir);
}

TEST_CASE("--log onto a FIFO: written to in place while read, refused when nobody reads it") {
    const fs::path dir = temp_dir("match_outputs_log_fifo");
    REQUIRE(::mkfifo((dir / "log.fifo").c_str(), 0600) == 0);
    Run run = run_in(dir, kWithEngine + "--log log.fifo");
    CHECK(run.status == 2);
    CHECK(run.err ==
          "othello-match: cannot write the protocol log 'log.fifo': it is a FIFO that nobody "
          "reads\n");
    // A reader started beside the match gets every line; the FIFO stays a FIFO.
    const std::string command = "cd '" + dir.string() +
                                "' && { timeout 30 cat log.fifo >read.txt & timeout -s KILL 30 " +
                                kMatch + " " + kWithEngine +
                                "--log log.fifo --no-progress >out.txt 2>err.txt; status=$?; "
                                "wait; exit $status; }";
    const int status = std::system(command.c_str());
    CAPTURE(slurp(dir / "err.txt"));
    CHECK(WEXITSTATUS(status) == 0);
    CHECK(lines_of(slurp(dir / "read.txt")).size() > 50);
    CHECK(still_a_fifo(dir / "log.fifo"));
    fs::remove_all(dir);
}

TEST_CASE("a full disk under --log is said once, with the system's reason") {
    if (!fs::is_character_file("/dev/full")) {
        MESSAGE("skipped: no /dev/full here");
        return;
    }
    const fs::path dir = temp_dir("match_outputs_log_full");
    fs::create_symlink("/dev/full", dir / "full-link");  // every write: ENOSPC
    const Run run = run_in(dir, kWithEngine + "--log full-link --results r.json");
    CAPTURE(run.err);
    CHECK(run.status == 1);
    CHECK(count_of(run.err, "protocol log") == 1);
    CHECK(run.err.find("othello-match: warning: cannot write the protocol log 'full-link': No "
                       "space left on device") != std::string::npos);
    CHECK(run.out.find("fake vs random: ") != std::string::npos);  // the games went on
    CHECK(nlohmann::json::parse(slurp(dir / "r.json")).at("games").size() == 2);
    CHECK(still_a_link(dir / "full-link"));
    CHECK(fs::is_character_file("/dev/full"));
    fs::remove_all(dir);
}

TEST_CASE("CSV results: a cell that starts like a formula is quoted and kept as text") {
    const fs::path dir = temp_dir("match_outputs_csv");
    const Run run = run_in(dir,
                           "--engine 'name==HYPERLINK(\"x\"),policy:random' --engine "
                           "'name=@SUM(1+1),policy:mobility' --engine 'name=+1,policy:random' "
                           "--engine 'name=-1,policy:mobility' --games 2 --results r.csv");
    CAPTURE(run.err);
    REQUIRE(run.status == 0);
    const std::vector<std::string> rows = lines_of(slurp(dir / "r.csv"));
    REQUIRE(rows.size() > 1);
    std::size_t quoted = 0;
    for (std::size_t i = 1; i < rows.size(); ++i) {
        CAPTURE(rows[i]);
        // No cell (after a comma) starts with a formula's first character.
        for (const char c : std::string("=+-@")) {
            CHECK(rows[i].find(std::string(",") + c) == std::string::npos);
        }
        quoted += count_of(rows[i], ",\"'=HYPERLINK(\"\"x\"\")\",") +
                  count_of(rows[i], ",\"'@SUM(1+1)\",") + count_of(rows[i], ",\"'+1\",") +
                  count_of(rows[i], ",\"'-1\",");
    }
    CHECK(quoted == 2 * (rows.size() - 1));  // black and white of every game
    fs::remove_all(dir);
}

TEST_CASE("merge --results and report --html: no existing file replaced by accident") {
    const fs::path dir = temp_dir("match_outputs_subcommands");
    REQUIRE(run_in(dir, kPolicies + "--results r.json").status == 0);

    // report: someone's own page is kept unless asked; a report page is replaced through a link.
    write_bytes(dir / "mine.html", "<!DOCTYPE html>\n<html><body>my page</body></html>\n");
    Run run = run_subcommand(dir, "report --html mine.html r.json");
    CHECK(run.status == 2);
    CHECK(run.err ==
          "othello-match report: --html 'mine.html' exists and is an HTML page othello-match did "
          "not write; refusing to replace it (--overwrite replaces it)\n");
    CHECK(slurp(dir / "mine.html").find("my page") != std::string::npos);
    run = run_subcommand(dir, "report --html mine.html --overwrite r.json");
    CHECK(run.status == 0);
    CHECK(slurp(dir / "mine.html").find("my page") == std::string::npos);
    REQUIRE(run_subcommand(dir, "report --html target.html r.json").status == 0);
    fs::create_symlink("target.html", dir / "page.html");
    run = run_subcommand(dir, "report --html page.html r.json");
    CHECK(run.status == 0);
    CHECK(still_a_link(dir / "page.html"));
    run = run_subcommand(dir, "report --html r.json --overwrite r.json");
    CHECK(run.status == 2);
    CHECK(run.err == "othello-match report: --html 'r.json' is also the results file\n");

    REQUIRE(::mkfifo((dir / "out.fifo").c_str(), 0600) == 0);
    fs::create_symlink("/dev/null", dir / "null-link");
    run = run_subcommand(dir, "report --html out.fifo r.json");
    CHECK(run.status == 2);
    CHECK(run.err == "othello-match report: --html 'out.fifo': is a FIFO, not a regular file\n");
    CHECK(still_a_fifo(dir / "out.fifo"));
    run = run_subcommand(dir, "report --html null-link --overwrite r.json");
    CHECK(run.status == 2);
    CHECK(still_a_link(dir / "null-link"));

    // merge: the same, and merging again onto a link to an earlier merge keeps the link.
    run = run_subcommand(dir, "merge --results out.fifo r.json");
    CHECK(run.status == 2);
    CHECK(run.err == "othello-match merge: --results 'out.fifo': is a FIFO, not a regular file\n");
    CHECK(still_a_fifo(dir / "out.fifo"));
    run = run_subcommand(dir, "merge --results null-link --overwrite r.json");
    CHECK(run.status == 2);
    CHECK(run.err ==
          "othello-match merge: --results 'null-link': is a character device, not a regular "
          "file\n");
    CHECK(still_a_link(dir / "null-link"));
    CHECK(fs::is_character_file("/dev/null"));
    REQUIRE(run_subcommand(dir, "merge --results all.json r.json").status == 0);
    fs::create_symlink("all.json", dir / "all-link.json");
    run = run_subcommand(dir, "merge --results all-link.json r.json");
    CAPTURE(run.err);
    CHECK(run.status == 0);
    CHECK(still_a_link(dir / "all-link.json"));
    fs::remove_all(dir);
}
