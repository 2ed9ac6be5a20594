// Through the real programs: every argument is meant (a stray word, an unknown spec key or a value
// a key does not take is a usage error naming it), an interrupted match keeps its games and says
// how to resume, and an engine that fails is reported with its exit status or signal and the last
// lines of its stderr.
#include <doctest/doctest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "match/players/engine_spec_keys.h"
#include "tests/match/match_test_support.h"
#include "tests/support/child_process.h"
#include "tests/support/programs.h"

using namespace othello::testing;
namespace fs = std::filesystem;
using othello::testing::ChildProcess;

namespace {

// A scratch folder that, on the way out, kills every process whose command line names it (the
// engines a failing test left) and removes it.
struct Scratch {
    fs::path dir;
    explicit Scratch(const std::string& name) : dir(temp_dir(name)) {}
    ~Scratch() {
        for (const pid_t pid : processes_naming(dir.string())) ::kill(pid, SIGKILL);
        fs::remove_all(dir);
    }
    // The running (not zombie) processes whose command line holds `text`.
    static std::vector<pid_t> processes_naming(const std::string& text) {
        std::vector<pid_t> found;
        for (const auto& entry : fs::directory_iterator("/proc")) {
            const std::string name = entry.path().filename().string();
            if (name.find_first_not_of("0123456789") != std::string::npos) continue;
            const pid_t pid = std::stoi(name);
            if (pid == ::getpid()) continue;
            std::string cmdline = slurp(entry.path() / "cmdline");
            const std::string stat = slurp(entry.path() / "stat");
            const auto paren = stat.rfind(')');
            if (paren == std::string::npos || paren + 2 >= stat.size() || stat[paren + 2] == 'Z')
                continue;
            if (cmdline.find(text) != std::string::npos) found.push_back(pid);
        }
        return found;
    }
};

// An executable shell script at dir/name.
std::string script(const fs::path& dir, const std::string& name, const std::string& body) {
    const fs::path path = dir / name;
    std::ofstream(path) << "#!/bin/sh\n" << body;
    fs::permissions(path, fs::perms::owner_all);
    return path.string();
}

Run run(const std::string& command, const fs::path& dir) {
    return run_shell(command, dir);
}

const std::string kTwoPolicies = " --engine policy:random --engine policy:mobility --games 2 ";

// The lines of a journal, each parsed (a torn line fails the parse).
std::vector<nlohmann::json> journal_lines(const fs::path& path) {
    std::ifstream in(path);
    std::vector<nlohmann::json> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(nlohmann::json::parse(line));
    return lines;
}

long games_in(const std::vector<nlohmann::json>& journal) {
    long games = 0;
    for (const auto& line : journal) games += line.contains("id");
    return games;
}

}  // namespace

TEST_CASE("a word no program takes is a usage error naming it") {
    const Scratch scratch("othello_cli_stray");
    const fs::path& dir = scratch.dir;
    const Run match = run(kMatch + kTwoPolicies + "foo bar", dir);
    CHECK(match.status == 2);
    CHECK(match.err == "othello-match: unexpected argument 'foo'\n(see othello-match --help)\n");

    const Run report = run(kMatch + " report --html x.html a.json b.json", dir);
    CHECK(report.status == 2);
    CHECK(
        report.err ==
        "othello-match report: unexpected argument 'b.json'\n(see othello-match report --help)\n");
    const Run openings = run(kMatch + " balanced-openings --plies 2 extra", dir);
    CHECK(openings.status == 2);
    CHECK(openings.err ==
          "othello-match balanced-openings: unexpected argument 'extra'\n"
          "(see othello-match balanced-openings --help)\n");

    const Run engine = run(kBin + "/othello-engine --policy random foo", dir);
    CHECK(engine.status == 2);
    CHECK(engine.err == "othello-engine: unexpected argument 'foo'\n(see othello-engine --help)\n");
    const Run perft = run(kBin + "/othello-engine perft 3 4", dir);
    CHECK(perft.status == 2);
    CHECK(perft.err == "othello-engine perft: unexpected argument '4' (give one depth)\n");
    CHECK(run(kBin + "/othello-engine perft 3x", dir).status == 2);
    const Run bench = run(kBin + "/othello-engine bench 5", dir);
    CHECK(bench.status == 2);
    CHECK(bench.err == "othello-engine bench: unexpected argument '5' (bench takes none)\n");

    const Run book = run(kBin + "/othello-book stats --book none.db extra", dir);
    CHECK(book.status == 2);
    CHECK(book.err ==
          "othello-book stats: unexpected argument 'extra'\n(see othello-book stats --help)\n");
    const Run train = run(kBin + "/othello-train extra", dir);
    CHECK(train.status == 2);
    CHECK(train.err == "othello-train: unexpected argument 'extra'\n(see othello-train --help)\n");
}

TEST_CASE(
    "an engine spec key that is unknown, repeated, misplaced or of the wrong value is refused") {
    const Scratch scratch("othello_cli_spec");
    const fs::path& dir = scratch.dir;
    struct Case {
        std::string spec, message;
    };
    const std::vector<Case> cases = {
        {"stderr=,cmd:true",
         "engine spec 'stderr=,cmd:true': stderr= is empty (0, 1 or a FILE to append to)"},
        // Every key of the table the spec is read through (the spec's own, the protocols', the
        // policies').
        {"bogus=1,policy:random",
         "engine spec 'bogus=1,policy:random': unknown option 'bogus' "
         "(known: " +
             engine_spec_key_names() + ")"},
        {"dir=/tmp,policy:random",
         "engine spec 'dir=/tmp,policy:random': dir= is for engines started by cmd: or nboard:"},
        {"stderr=1,tcp://127.0.0.1:9",
         "engine spec 'stderr=1,tcp://127.0.0.1:9': stderr= is for engines started by cmd: or "
         "nboard:"},
        {"token=t,human", "engine spec 'token=t,human': token= is for engines (cmd: or tcp://)"},
        {"token=,tcp://127.0.0.1:9", "engine spec 'token=,tcp://127.0.0.1:9': token= is empty"},
        {"dir=,cmd:true", "engine spec 'dir=,cmd:true': dir= is empty"},
        {"name=a,name=b,policy:random",
         "engine spec 'name=a,name=b,policy:random': name= given twice (which one was meant "
         "cannot be guessed)"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.spec);
        const Run r =
            run(kMatch + " --engine policy:random --engine '" + c.spec + "' --games 2", dir);
        CHECK(r.status == 2);
        CHECK(r.err == "othello-match: " + c.message + "\n(see othello-match --help)\n");
    }
    // --each holds keys for a mix of engines: where one does not apply it is skipped.
    const Run each = run(kMatch + kTwoPolicies + "--each dir=/tmp,stderr=1 --no-progress", dir);
    CHECK(each.status == 0);
    const Run each_bad = run(kMatch + kTwoPolicies + "--each stderr=", dir);
    CHECK(each_bad.status == 2);
    CHECK(each_bad.err ==
          "othello-match: 2 problems with the command line:\n"
          "  engine spec 'policy:random': stderr= is empty (0, 1 or a FILE to append to)\n"
          "  engine spec 'policy:mobility': stderr= is empty (0, 1 or a FILE to append to)\n"
          "(see othello-match --help)\n");
}

TEST_CASE("stderr= naming one of the match's own files (journal, key, engines file) is refused") {
    const Scratch scratch("othello_cli_stderr_own");
    const fs::path& dir = scratch.dir;
    std::ofstream(dir / "key") << "0123456789abcdef0123";
    std::ofstream(dir / "engines.json")
        << R"([{"name": "f", "command": ")" << kFake << R"(", "stderrFile": "r.jsonl"}])";
    struct Case {
        std::string args, message;
    };
    const std::vector<Case> cases = {
        {"--engine 'name=f,stderr=r.jsonl,cmd:" + kFake + "' --results r.json",
         "engine 'f' stderr='r.jsonl' is also the --results journal"},
        {"--engine 'name=f,stderr=./r.json,cmd:" + kFake + "' --results r.json",
         "engine 'f' stderr='./r.json' is also --results"},
        {"--engine 'name=f,stderr=key,cmd:" + kFake + "' --results r.json --sign-key key",
         "engine 'f' stderr='key' is also the --sign-key file"},
        {"--engines engines.json --engine conf=f --results r.json",
         "engine 'f' stderr='r.jsonl' is also the --results journal"},
        {"--engines engines.json --engine 'conf=f,stderr=engines.json'",
         "engine 'f' stderr='engines.json' is also the --engines file"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.args);
        const Run r = run("cd '" + dir.string() + "' && " + kMatch + " " + c.args +
                              " --engine policy:random --games 2 --no-progress",
                          dir);
        CHECK(r.status == 2);
        CHECK(r.err == "othello-match: " + c.message + "\n");
        CHECK(!fs::exists(dir / "r.jsonl"));
    }
    CHECK(slurp(dir / "key") == "0123456789abcdef0123");
}

TEST_CASE("--sprt takes cutechess's spelling, with its meaning, or refuses what it cannot take") {
    const Scratch scratch("othello_cli_sprt");
    const fs::path& dir = scratch.dir;
    const Run r =
        run(kMatch + kTwoPolicies + "--no-progress --results " + (dir / "r.json").string() +
                " --sprt elo0=0 elo1=10 alpha=0.1 beta=0.2 --seed 3",
            dir);
    CHECK(r.status == 0);
    CHECK(r.out.find("SPRT (elo0 0, elo1 10)") != std::string::npos);
    const nlohmann::json config = nlohmann::json::parse(slurp(dir / "r.json")).at("config");
    CHECK(config.at("sprt") ==
          nlohmann::json({{"elo0", 0.0}, {"elo1", 10.0}, {"alpha", 0.1}, {"beta", 0.2}}));
    const Run stray = run(kMatch + kTwoPolicies + "--sprt elo0=0 elo1=10 foo", dir);
    CHECK(stray.status == 2);
    CHECK(stray.err ==
          "othello-match: --sprt 'elo0=0,elo1=10,foo': expected key=number at "
          "'foo'\n(see othello-match --help)\n");
    // A key given twice (the last one was taken silently).
    const Run twice = run(kMatch + kTwoPolicies + "--sprt elo0=0 elo1=10 elo1=20", dir);
    CHECK(twice.status == 2);
    CHECK(twice.err ==
          "othello-match: --sprt 'elo0=0,elo1=10,elo1=20': 'elo1' given twice\n(see "
          "othello-match --help)\n");
}

TEST_CASE("an engine that fails is reported with its exit status or signal and its last stderr") {
    const Scratch scratch("othello_cli_failures");
    const fs::path& dir = scratch.dir;
    const std::string results = (dir / "r.json").string();
    const auto play = [&](const std::string& spec, const std::string& extra = "") {
        return run(kMatch + " --engine policy:random --engine '" + spec +
                       "' --games 1 --no-progress --overwrite --results " + results + extra,
                   dir);
    };
    const auto detail = [&] {
        const auto journal = journal_lines(dir / "r.jsonl");
        REQUIRE(journal.size() == 2);
        CHECK(journal[1].at("reason") == "crash");
        return journal[1].at("detail").get<std::string>();
    };

    SUBCASE("one that exits at its start") {
        const std::string failing =
            script(dir, "failing.sh", "echo loading >&2\necho 'fatal: no weights' >&2\nexit 3\n");
        const Run r = play("name=failing,cmd:" + failing);
        CHECK(r.status == 1);
        CHECK(r.err.find("othello-match: engine failed: failing: engine 'failing' failed to "
                         "start: '" +
                         failing +
                         "' exited with status 3 (stderr: loading | fatal: no weights)\n") !=
              std::string::npos);
        // Shown as well when asked for: the lines pass through, and are still in the report.
        const Run shown = play("stderr=1,name=failing,cmd:" + failing);
        CHECK(shown.err.rfind("loading\nfatal: no weights\n", 0) == 0);
        CHECK(shown.err.find("(stderr: loading | fatal: no weights)") != std::string::npos);
    }
    SUBCASE("one that dies in the middle of a game, and one killed by a signal") {
        const std::string dying =
            script(dir, "dying.sh",
                   "echo 'fake: loading' >&2\n'" + kFake +
                       "' --mode crash --at 2\nstatus=$?\necho \"fake: lost (status $status)\" "
                       ">&2\nexit $status\n");
        CHECK(play("name=dying,cmd:" + dying).status == 0);
        std::string d = detail();
        CHECK(
            d.ends_with(": '" + dying +
                        "' exited with status 3 (stderr: fake: loading | fake: lost (status 3))"));
        const std::string killed = script(
            dir, "killed.sh",
            "echo 'about to be killed' >&2\n'" + kFake + "' --mode crash --at 2\nkill -KILL $$\n");
        CHECK(play("name=killed,cmd:" + killed).status == 0);
        d = detail();
        CHECK(d.ends_with(": '" + killed +
                          "' was killed by signal 9 (SIGKILL) (stderr: about to be killed)"));
    }
    SUBCASE("only the last five lines are kept, each cut at 400 bytes") {
        const std::string chatty =
            script(dir, "chatty.sh",
                   "i=0; while [ $i -lt 1000 ]; do echo \"line $i\" >&2; i=$((i+1)); done\n"
                   "head -c 1000 /dev/zero | tr '\\0' x >&2\necho >&2\nexit 4\n");
        const Run r = play("name=chatty,cmd:" + chatty);
        CHECK(r.status == 1);
        CHECK(r.err.find("' exited with status 4 (stderr: line 996 | line 997 | line 998 | line "
                         "999 | " +
                         std::string(400, 'x') + "...)\n") != std::string::npos);
    }
    SUBCASE("one that does not exist") {
        const Run r = play("cmd:/nonexistent");
        CHECK(r.status == 1);
        CHECK(r.err.find("othello-match: engine failed: nonexistent: engine 'nonexistent' failed "
                         "to start: cannot start '/nonexistent': No such file or directory\n") !=
              std::string::npos);
    }
}

TEST_CASE("an interrupted match stops its engines, shows its table and says how to resume") {
    for (const int signal : {SIGINT, SIGTERM, SIGHUP}) {
        CAPTURE(signal);
        const Scratch scratch("othello_cli_interrupt");
        const fs::path& dir = scratch.dir;
        // The engine's command line names the scratch folder, so that what is left of it is seen.
        const std::string engine = "cmd:" + kFake + " --delay 0.03 --log " + (dir / "log").string();
        const bool journal = signal != SIGHUP;  // SIGHUP: a match without --results
        std::vector<std::string> args = {
            "--engine",      engine, "--engine",      "policy:random", "--games", "24",
            "--concurrency", "2",    "--no-progress", "--seed",        "5"};
        if (journal) {
            args.insert(args.end(), {"--results", (dir / "r.json").string(), "--overwrite"});
        }
        ChildProcess match(kMatch, args,
                           ChildProcess::Streams()
                               .stdout_file((dir / "out").string())
                               .stderr_file((dir / "err").string()));
        // Two games finished (the journal's config line and two games; without a journal, the
        // engine's log holds two games' commands).
        const auto until = std::chrono::steady_clock::now() + scaled(std::chrono::seconds(30));
        while (std::chrono::steady_clock::now() < until) {
            const std::string log = slurp(dir / "log");
            std::size_t games = 0;
            for (auto at = log.find("clear_board"); at != std::string::npos;
                 at = log.find("clear_board", at + 1))
                ++games;
            if (games >= 4) break;
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        match.signal(signal);
        const int status = match.wait_status();
        // Ended by the signal, as if it had not been caught: a shell sees 128 + signal.
        CHECK(WIFSIGNALED(status));
        CHECK(WTERMSIG(status) == signal);
        CHECK(Scratch::processes_naming(dir.string()).empty());

        const std::string out = slurp(dir / "out"), err = slurp(dir / "err");
        CHECK(out.find("  Engine ") == 0);
        const std::string name = signal == SIGINT    ? "SIGINT"
                                 : signal == SIGTERM ? "SIGTERM"
                                                     : "SIGHUP";
        const std::string said = "othello-match: interrupted by " + name + " after ";
        REQUIRE(err.find(said) != std::string::npos);
        const long finished = std::stol(err.substr(err.find(said) + said.size()));
        CHECK(finished >= 1);
        CHECK(finished < 24);
        CHECK(out.find(" vs random: " + std::to_string(finished) + " games") != std::string::npos);
        if (!journal) {
            CHECK(
                err.ends_with(" of 24 games; they were not saved (no --results FILE): the table "
                              "above is all that is left of them\n"));
            continue;
        }
        const std::string resume = kMatch + " --engine '" + engine +
                                   "' --engine policy:random --games 24 --concurrency 2 "
                                   "--no-progress --seed 5 --results " +
                                   (dir / "r.json").string() + " --resume";
        CHECK(err.ends_with(" of 24 games; the finished games are kept in '" +
                            (dir / "r.jsonl").string() + "'. To play the rest:\n  " + resume +
                            "\n"));
        // Whole lines only, each a finished game.
        CHECK(games_in(journal_lines(dir / "r.jsonl")) == finished);

        // The command said, as a shell takes it, finishes the match.
        const Run resumed = run(resume, dir);
        CHECK(resumed.status == 0);
        CHECK(resumed.err.find("Resuming: " + std::to_string(finished) +
                               " games already played.") != std::string::npos);
        const nlohmann::json results = nlohmann::json::parse(slurp(dir / "r.json"));
        std::set<int> ids;
        for (const auto& g : results.at("games")) ids.insert(g.at("id").get<int>());
        CHECK(ids.size() == 24);
        CHECK(results.at("games").size() == 24);
        CHECK(Scratch::processes_naming(dir.string()).empty());
    }
}

namespace {

// How many times `text` occurs in `file`.
long count_in(const fs::path& file, const std::string& text) {
    const std::string all = slurp(file);
    long n = 0;
    for (auto at = all.find(text); at != std::string::npos; at = all.find(text, at + 1)) ++n;
    return n;
}

}  // namespace

TEST_CASE("names: a name the user gave is kept; an engine answering it is made distinct, said") {
    const Scratch scratch("othello_cli_names");
    const std::string impostor = "cmd:" + kEngine + " --policy random --name champion";
    // The impostor first and last: the user's engine is 'champion' either way.
    for (const bool impostor_first : {true, false}) {
        CAPTURE(impostor_first);
        const std::string engines =
            impostor_first ? "--engine '" + impostor + "' --engine name=champion,policy:mobility"
                           : "--engine name=champion,policy:mobility --engine '" + impostor + "'";
        const Run r =
            run_match_from_start(engines + " --games 2 --results r.json --overwrite", scratch.dir);
        INFO(r.err);
        REQUIRE(r.status == 0);
        const int index = impostor_first ? 1 : 2;
        CHECK(contains(r.err, "othello-match: note: engine " + std::to_string(index) +
                                  " named itself 'champion', a name another engine has: it "
                                  "plays as 'champion-2'"));
        for (const auto& g : games_of(scratch.dir / "r.json")) {
            // mobility is black in game 0, whichever engine is first: names follow the engines.
            const bool mobility_black = (g.at("id") == 0) != impostor_first;
            CHECK(g.at(mobility_black ? "black" : "white") == "champion");
            CHECK(g.at(mobility_black ? "white" : "black") == "champion-2");
        }
    }
}

TEST_CASE("names: a command named like a given name does not push it aside before it answers") {
    // The impostor's command is called 'champion' too, and comes first: until it answers, its
    // name is its command's, which must not take the user's 'champion' even for a moment.
    const Scratch scratch("othello_cli_names_command");
    const fs::path champion = scratch.dir / "champion";
    fs::create_symlink(kEngine, champion);
    const Run r = run_match_from_start("--engine 'cmd:" + champion.string() +
                                           " --policy random --name champion' --engine "
                                           "name=champion,policy:mobility --games 2 --results "
                                           "r.json --overwrite",
                                       scratch.dir);
    INFO(r.err);
    REQUIRE(r.status == 0);
    CHECK(contains(r.err,
                   "othello-match: note: engine 1 named itself 'champion', a name another "
                   "engine has: it plays as 'champion-2'"));
    for (const auto& g : games_of(scratch.dir / "r.json")) {
        const bool mobility_black = g.at("id") != 0;
        CHECK(g.at(mobility_black ? "black" : "white") == "champion");
        CHECK(g.at(mobility_black ? "white" : "black") == "champion-2");
    }
}

TEST_CASE(
    "names: each engine starts once, asked its name by the runner; the command line starts none") {
    const Scratch scratch("othello_cli_names_once");
    const fs::path& dir = scratch.dir;
    const auto engine = [&](const std::string& log, const std::string& keys = "") {
        return "--engine '" + keys + "cmd:" + kFake + " --log " + (dir / log).string() + "'";
    };
    // Two games on one process (one worker): one start, asked its name once, named 'fake'.
    Run r = run_match_from_start(engine("a.log") +
                                     " --engine policy:random --games 2 --concurrency 1 --results "
                                     "a.json --log protocol.log",
                                 dir);
    INFO(r.err);
    REQUIRE(r.status == 0);
    INFO(slurp(dir / "a.log"));
    // One start: boardsize is sent once a start (protocol_version also after every move).
    CHECK(count_in(dir / "a.log", "boardsize") == 1);
    CHECK(count_in(dir / "a.log", "\nname\n") == 1);
    CHECK(games_of(dir / "a.json").at(0).at("black") == "fake");
    // The protocol log holds that one start.
    CHECK(count_in(dir / "protocol.log", "> boardsize") == 1);
    // restart=on: a start for each game, the first being the one asked.
    r = run_match_from_start(
        engine("b.log", "restart=on,") +
            " --engine policy:random --games 2 --concurrency 1 --results b.json",
        dir);
    REQUIRE(r.status == 0);
    CHECK(count_in(dir / "b.log", "boardsize") == 2);
    // A run refused after its command line was read (its results exist) starts no engine.
    r = run_match_from_start(engine("c.log") + " --engine policy:random --games 2 --results a.json",
                             dir);
    CHECK(r.status == 2);
    CHECK(contains(r.err, "already exists"));
    CHECK(!fs::exists(dir / "c.log"));
}

TEST_CASE("an interrupt while the engines are asked their names says so and ends them") {
    const Scratch scratch("othello_cli_names_interrupt");
    const fs::path& dir = scratch.dir;
    // An engine that never answers its first command; the runner waits up to a minute for it.
    ChildProcess match(
        kMatch,
        {"--engine", "cmd:" + kFake + " --mode silent --log " + (dir / "log").string(), "--engine",
         "policy:random", "--games", "2", "--start-timeout", "60", "--results",
         (dir / "r.json").string(), "--no-progress"},
        ChildProcess::Streams()
            .stdout_file((dir / "out").string())
            .stderr_file((dir / "err").string()));
    const auto until = std::chrono::steady_clock::now() + scaled(std::chrono::seconds(30));
    while (count_in(dir / "log", "protocol_version") == 0 &&
           std::chrono::steady_clock::now() < until)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    REQUIRE(count_in(dir / "log", "protocol_version") >= 1);
    match.signal(SIGINT);
    const int status = match.wait_status();
    CHECK(WIFSIGNALED(status));
    CHECK(WTERMSIG(status) == SIGINT);
    CHECK(contains(slurp(dir / "err"),
                   "othello-match: interrupted by SIGINT while the engines were started and "
                   "asked their names; no game was played, nothing was written"));
    CHECK(!fs::exists(dir / "r.jsonl"));
    CHECK(Scratch::processes_naming(dir.string()).empty());
}

TEST_CASE("an engines file over 16 MiB is refused before any of it is read") {
    const Scratch scratch("othello_cli_engines_size");
    // A sparse file: 20 MB on paper, nothing on the disk.
    { std::ofstream(scratch.dir / "engines.json") << "["; }
    fs::resize_file(scratch.dir / "engines.json", 20'000'000);
    const std::string file = (scratch.dir / "engines.json").string();
    const Run r = run(kMatch + " --engines " + file + " --engine conf=big --engine policy:random",
                      scratch.dir);
    CHECK(r.status == 2);
    CHECK(contains(r.err, "--engines " + file +
                              ": 20000000 bytes, more than an engines file holds (at most "
                              "16777216)"));
}

TEST_CASE("--help is in the GNU form: '-h, --help', '--games=ARG', never Boost's '-h [ --help ]'") {
    const Scratch scratch("othello_cli_gnu_help");
    const std::vector<std::string> commands = {kMatch,
                                               kMatch + " merge",
                                               kMatch + " report",
                                               kMatch + " ratings",
                                               kMatch + " balanced-openings",
                                               kMatch + " compliance",
                                               kEngine,
                                               program("othello-book"),
                                               program("othello-book") + " build",
                                               program("othello-train")};
    for (const std::string& command : commands) {
        CAPTURE(command);
        const Run r = run(command + " --help", scratch.dir);
        CHECK(r.status == 0);
        CHECK(!contains(r.out, "[ --"));
        CHECK(!contains(r.out, " arg "));
        CHECK(!contains(r.out, " arg\n"));
        CHECK(!contains(r.out, "(="));
    }
    const Run match = run(kMatch + " --help", scratch.dir);
    CHECK(contains(match.out, "\n  -h, --help "));
    CHECK(contains(match.out, "\n      --games=ARG (default: 100)"));
    CHECK(contains(match.out, "\n      --sign-key=FILE"));
    CHECK(contains(match.out, "\n      --resume "));
}
