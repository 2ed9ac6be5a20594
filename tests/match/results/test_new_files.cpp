// Temporary files, merge's spool and the output probe: new files of random names, created with
// O_EXCL | O_NOFOLLOW, so a link planted at a name the runner once used (FILE.tmp.PID,
// OUT.spool-PID-N.jsonl, FILE.probe.PID) is never written through nor in the way.
#include <doctest/doctest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>

#include "match/record/game_record.h"
#include "match/results/atomic_file.h"
#include "match/results/game_spool.h"
#include "match/results/new_file.h"
#include "match/results/output_paths.h"
#include "match/results/results_file.h"
#include "tests/match/match_test_support.h"

using namespace othello;
using namespace othello::testing;
namespace fs = std::filesystem;

namespace {

const std::string kVictim = "another user's file\n";

// dir/victim, and links to it at each of `names` in `dir`.
fs::path plant_links(const fs::path& dir, const std::vector<std::string>& names) {
    const fs::path victim = dir / "victim";
    std::ofstream(victim) << kVictim;
    for (const std::string& name : names) fs::create_symlink(victim, dir / name);
    return victim;
}

// Games 0 to 2 of "a" against "b".
void add_three_games(GameSpool& spool) {
    GameRecord r;
    r.black = "a";
    r.white = "b";
    for (int id = 0; id < 3; ++id) {
        r.id = id;
        spool.add(r);
    }
}

// The entries of `dir` that are not in `before`.
std::set<std::string> new_entries(const fs::path& dir, const std::set<std::string>& before) {
    std::set<std::string> found;
    for (const auto& e : fs::directory_iterator(dir)) {
        const std::string name = e.path().filename().string();
        if (!before.count(name)) found.insert(name);
    }
    return found;
}

}  // namespace

TEST_CASE("new files: random names, created exclusively, never through a link") {
    const fs::path dir = temp_dir("othello_new_files");
    std::set<std::string> paths;
    for (int i = 0; i < 50; ++i) {
        const NewFile f = create_new_file((dir / "out.json.tmp-").string());
        REQUIRE(f.fd >= 0);
        ::close(f.fd);
        CHECK(f.path.size() == (dir / "out.json.tmp-").string().size() + 16);
        CHECK(fs::is_regular_file(fs::symlink_status(f.path)));
        paths.insert(f.path);
    }
    CHECK(paths.size() == 50);
    fs::remove_all(dir);
}

TEST_CASE("new files: a whole-file output never writes through a link at its temporary's name") {
    const fs::path dir = temp_dir("othello_new_files_atomic");
    const std::string pid = std::to_string(::getpid());
    const fs::path victim = plant_links(dir, {"r.json.tmp." + pid});
    write_file_atomically((dir / "r.json").string(), [](std::ostream& out) { out << "new\n"; });
    CHECK(slurp(victim) == kVictim);
    CHECK(fs::is_regular_file(fs::symlink_status(dir / "r.json")));
    CHECK(slurp(dir / "r.json") == "new\n");
    CHECK(fs::is_symlink(fs::symlink_status(dir / ("r.json.tmp." + pid))));
    // Nothing left beside it: the temporary was renamed.
    CHECK(new_entries(dir, {"victim", "r.json.tmp." + pid}) == std::set<std::string>{"r.json"});
    fs::remove_all(dir);
}

TEST_CASE("new files: merge's spool never writes through a link at a name it could have had") {
    const fs::path dir = temp_dir("othello_new_files_spool");
    const std::string pid = std::to_string(::getpid());
    std::vector<std::string> names;
    for (int n = 0; n < 4; ++n) {
        const std::string spool = "m.json.spool-" + pid + "-" + std::to_string(n) + ".jsonl";
        names.push_back(spool + ".tmp." + pid);
    }
    names.push_back("m.json.spool-" + pid + "-4.jsonl");
    const fs::path victim = plant_links(dir, names);
    std::set<std::string> before(names.begin(), names.end());
    before.insert("victim");
    {
        GameSpool spool((dir / "m.json").string());
        add_three_games(spool);
        CHECK(spool.entries().size() == 3);
        CHECK(fs::is_regular_file(fs::symlink_status(spool.path())));
        CHECK(new_entries(dir, before) ==
              std::set<std::string>{fs::path(spool.path()).filename().string()});
    }
    CHECK(slurp(victim) == kVictim);
    CHECK(new_entries(dir, before).empty());  // the spool is gone with it
    fs::remove_all(dir);
}

TEST_CASE("new files: the output check's probe is neither stopped nor led by a planted link") {
    const fs::path dir = temp_dir("othello_new_files_probe");
    const std::string pid = std::to_string(::getpid());
    const fs::path victim = plant_links(dir, {"r.json.probe." + pid});
    check_output_path("--results", (dir / "r.json").string());
    CHECK(slurp(victim) == kVictim);
    CHECK(new_entries(dir, {"victim", "r.json.probe." + pid}).empty());
    fs::remove_all(dir);
}

TEST_CASE("new files: the spool's games are read back through its descriptor, not its name") {
    const fs::path dir = temp_dir("othello_new_files_spool_swap");
    GameSpool spool((dir / "m.json").string());
    add_three_games(spool);
    REQUIRE(spool.entries().size() == 3);
    // Someone who can write to the folder puts another file at the spool's name.
    const fs::path forged = dir / "forged";
    std::ofstream(forged) << std::string(4096, 'x');
    fs::rename(forged, spool.path());
    std::vector<int> ids;
    spool.records()([&](const GameRecord& g) {
        CHECK(g.black == "a");
        ids.push_back(g.id);
    });
    CHECK(ids == std::vector<int>{0, 1, 2});
    fs::remove_all(dir);
}

TEST_CASE("new files: a journal made afresh is appended through the file it made, not its name") {
    const fs::path dir = temp_dir("othello_new_files_journal");
    const std::string path = (dir / "r.jsonl").string();
    GameRecord r;
    r.black = "a";
    r.white = "b";
    ResultsJournal journal(path, nlohmann::json::object(), {r});
    // A link planted at the journal's name after it was made leads nowhere new.
    const fs::path victim = plant_links(dir, {});
    fs::rename(path, dir / "moved.jsonl");
    fs::create_symlink(victim, path);
    r.id = 1;
    journal.append(r);
    CHECK(slurp(victim) == kVictim);
    const std::string lines = slurp(dir / "moved.jsonl");
    CHECK(std::count(lines.begin(), lines.end(), '\n') == 3);  // the config and both games
    fs::remove_all(dir);
}
