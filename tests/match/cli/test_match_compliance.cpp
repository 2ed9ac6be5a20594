// `othello-match compliance SPEC` through the real programs: the real othello-engine passes over
// GTP and NBoard, pipes and TCP; each scripted misbehaviour of the fake engines fails with its own
// line (illegal move, double answer, wrong pass, refused time commands, bad eval); a spec that is
// no engine is a usage error. And --help lists every subcommand.
#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "tests/match/match_test_support.h"
#include "tests/support/engine_server_process.h"
#include "tests/support/programs.h"

using namespace othello::testing;

namespace {

const std::string kFakeGtp = kBin + "/fake-gtp-engine";

Run compliance(const std::string& spec) {
    const auto dir = temp_dir("othello_compliance");
    Run r = run_shell(kMatch + " compliance '" + spec + "'", dir);
    std::filesystem::remove_all(dir);
    return r;
}

// The FAILED lines of a run's list, in order. A check that leaves the engine out of step (a double
// answer, a crash) has it started again, and a fake scripted by its genmove count may strike again
// in the new process: those cases compare the first line only.
std::string failures(const std::string& out) {
    std::string lines;
    std::size_t start = 0;
    while (start < out.size()) {
        const std::size_t end = out.find('\n', start);
        const std::string line = out.substr(start, end - start + 1);
        if (line.starts_with("FAILED ")) lines += line;
        if (end == std::string::npos) break;
        start = end + 1;
    }
    return lines;
}

}  // namespace

TEST_CASE("the real othello-engine is compliant over GTP and NBoard, through pipes and TCP") {
    const Run gtp = compliance("cmd:" + kBin + "/othello-engine");
    CHECK(gtp.status == 0);
    CHECK(
        gtp.out.starts_with("Checking engine 'othello-engine' (gtp)\nok       protocol_version: "
                            "answered 2\nok       name: answered 'othello mobility'\n"));
    CHECK(failures(gtp.out).empty());
    CHECK(gtp.out.find("\nskipped ") == std::string::npos);
    CHECK(gtp.out.find("ok       a pass when it has no move: genmove b answered pass\n") !=
          std::string::npos);
    CHECK(gtp.out.ends_with(
        "ok       quit: answered, then closed its output\n"
        "18 checks: 18 ok, 0 FAILED, 0 skipped: engine 'othello-engine' is compliant\n"));

    const Run nboard = compliance("nboard:" + kBin + "/othello-engine --protocol nboard");
    CHECK(nboard.status == 0);
    CHECK(nboard.out.find("ok       nboard 2 and set myname: set myname othello mobility\n") !=
          std::string::npos);
    CHECK(nboard.out.find("ok       a pass when it has no move: go answered '=== PA'\n") !=
          std::string::npos);
    CHECK(
        nboard.out.ends_with("12 checks: 12 ok, 0 FAILED, 0 skipped: engine 'othello-engine "
                             "--protocol nboard' is compliant\n"));

    EngineServerProcess server({});
    const Run tcp = compliance("name=served,tcp://127.0.0.1:" + std::to_string(server.port()));
    CHECK(tcp.status == 0);
    CHECK(
        tcp.out.ends_with("18 checks: 18 ok, 0 FAILED, 0 skipped: engine 'served' is "
                          "compliant\n"));
}

TEST_CASE("an engine with Edax's ids (\"= 1 2\", then that id before every answer) is compliant") {
    // Edax 4.4 answers "1 protocol_version" with "= 1 2" and puts "1" before every later answer:
    // the runner numbers no command of such an engine and cuts the stale id off.
    const Run run = compliance("cmd:" + kFakeGtp + " --ids edax");
    CHECK(run.status == 0);
    CHECK(run.out.find("ok       protocol_version: answered 2\nok       name: answered 'fake'\n") !=
          std::string::npos);
    CHECK(failures(run.out).empty());
    CHECK(run.out.ends_with("is compliant\n"));
    const auto dir = temp_dir("othello_edax_ids");
    const Run match = run_match_from_start("--engine 'name=edaxish,cmd:" + kFakeGtp +
                                               " --ids edax' --engine policy:random --games 4 "
                                               "--results r.json",
                                           dir);
    CHECK(match.status == 0);
    for (const auto& g : games_of(dir / "r.json")) CHECK(g.at("reason") == "normal");
    std::filesystem::remove_all(dir);
}

TEST_CASE("each misbehaviour of a GTP engine fails its own check, with why") {
    const std::string fake = "cmd:" + kFakeGtp;
    // The fake plays legal moves and knows no othello-set_position.
    const Run normal = compliance(fake);
    CHECK(normal.status == 0);
    CHECK(normal.out.find("skipped  a legal move from a board with 10 empties: "
                          "othello-set_position is not listed: the runner refuses board openings "
                          "for this engine\n") != std::string::npos);
    CHECK(
        normal.out.ends_with("18 checks: 17 ok, 0 FAILED, 1 skipped: engine 'fake-gtp-engine' "
                             "is compliant\n"));

    struct Case {
        std::string args, failed;
    };
    const std::vector<Case> cases = {
        {" --mode illegal --at 1 --once 1",
         "FAILED   a legal move from the start: genmove b answered 'd4', which is not legal "
         "there (legal: d3 c4 f5 e6)\n"},
        {" --mode twice --at 1",
         "FAILED   a legal move from the start: answered 'genmove b' twice: the second reply "
         "was '= f5'\n"},
        {" --mode pass --at 1 --once 1",
         "FAILED   a legal move from the start: genmove b answered 'pass' with legal moves (d3 "
         "c4 f5 e6): a pass is only for no move\n"},
        {" --mode no-pass",
         "FAILED   a pass when it has no move: genmove b answered 'a1' with no legal move: it "
         "must pass\n"},
        {" --mode no-pass --die-at 1", "FAILED   a legal move from the start: '" + kFakeGtp +
                                           " --mode no-pass --die-at 1' exited with status 3\n"},
        {" --mode latin1 --at 1000",
         "FAILED   time_settings and time_left: refused 'time_settings 300 0 0': 'temps non "
         "g\\xe9r\\xe9'\n"
         "FAILED   a move within time_left: refused 'time_settings 2 0 0': 'temps non "
         "g\\xe9r\\xe9'\n"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.args);
        const Run r = compliance(fake + c.args);
        CHECK(r.status == 1);
        CHECK(failures(r.out).starts_with(c.failed));
        CHECK(r.out.ends_with("' is not compliant\n"));
    }

    // A crash costs its check; the engine is started again for the next.
    const Run crash = compliance(fake + " --die-at 1");
    CHECK(crash.status == 1);
    CHECK(crash.out.find("ok       quit: answered, then closed its output\n") != std::string::npos);
}

TEST_CASE("NBoard compliance sends depth= (else a GUI\'s shallow one) at once, as a GUI does") {
    // Like Edax, this engine names itself only once it is given a depth.
    const std::string fake = "nboard:" + kBin + "/fake-nboard-engine --mode name-after-depth";
    const std::string log = (std::filesystem::temp_directory_path() /
                             ("nboard-depth-" + std::to_string(::getpid()) + ".log"))
                                .string();
    const Run run = compliance("depth=5," + fake + " --myname edaxish --log " + log);
    CHECK(run.out.find("ok       nboard 2 and set myname: set myname edaxish\n") !=
          std::string::npos);
    const std::string received = slurp(log);
    CHECK(received.starts_with("nboard 2\nset depth 5\nping 1\n"));
    CHECK(received.find("set depth 2") == std::string::npos);
    std::filesystem::remove(log);
    const Run plain = compliance(fake + " --myname edaxish");
    CHECK(plain.out.find("ok       nboard 2 and set myname: set myname edaxish\n") !=
          std::string::npos);
}

TEST_CASE("each misbehaviour of an NBoard engine fails its own check, with why") {
    const std::string fake = "nboard:" + kFakeNboard + " --myname fake";
    CHECK(compliance(fake).status == 0);

    struct Case {
        std::string args, failed;
    };
    const std::vector<Case> cases = {
        {" --mode illegal --at 1",
         "FAILED   a legal move from the start: go answered 'a1', which is not legal there "
         "(legal: d3 c4 f5 e6)\n"},
        {" --mode stale --at 1",
         "FAILED   a legal move from the start: answered 'go' twice: the second reply was '=== "
         "a1/0/0'\n"},
        {" --mode odd",
         "FAILED   evals within [-64, 64]: '=== f3/nan/0.01': eval 'nan' is not a number\n"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.args);
        const Run r = compliance(fake + c.args);
        CHECK(r.status == 1);
        CHECK(failures(r.out).starts_with(c.failed));
    }
    const Run bad_eval = compliance(fake + " --mode bad-eval --at 1");
    CHECK(bad_eval.status == 1);
    const std::string eval_line = failures(bad_eval.out);
    CHECK(eval_line.starts_with("FAILED   evals within [-64, 64]: '=== "));
    CHECK(
        eval_line.ends_with("/99.00/0.01': eval 99.00 is beyond 64 discs either way (an eval "
                            "is a disc difference)\n"));

    const Run unnamed = compliance("nboard:" + kFakeNboard);
    CHECK(unnamed.status == 1);
    CHECK(failures(unnamed.out) ==
          "FAILED   nboard 2 and set myname: answered ping 1 but sent no 'set myname NAME' after "
          "'nboard 2': GUIs show it unnamed\n");
}

TEST_CASE("compliance refuses a spec that is no engine spoken to in a protocol") {
    const Run policy = compliance("policy:random");
    CHECK(policy.status == 2);
    CHECK(policy.out.empty());
    CHECK(policy.err ==
          "othello-match compliance: 'policy:random' is not an engine spoken to in a protocol: "
          "give cmd:COMMAND, tcp://HOST:PORT or nboard:COMMAND\n(see othello-match compliance "
          "--help)\n");
    const Run key = compliance("colour=blue,cmd:" + kFakeGtp);
    CHECK(key.status == 2);
    CHECK(key.err.starts_with("othello-match compliance: "));
    const auto dir = temp_dir("othello_compliance_args");
    const Run none = run_shell(kMatch + " compliance", dir);
    CHECK(none.status == 2);
    CHECK(none.err ==
          "othello-match compliance: give the engine's SPEC\n(see othello-match "
          "compliance --help)\n");
    const Run timeout = run_shell(kMatch + " compliance --timeout 0 cmd:" + kFakeGtp, dir);
    CHECK(timeout.status == 2);
    CHECK(timeout.err.starts_with("othello-match compliance: --timeout: expected seconds over 0"));
    std::filesystem::remove_all(dir);
}

TEST_CASE("--help lists every subcommand, one line each") {
    const auto dir = temp_dir("othello_match_help");
    const Run help = run_shell(kMatch + " --help", dir);
    std::filesystem::remove_all(dir);
    CHECK(help.status == 0);
    CHECK(help.out.ends_with(
        "Subcommands (othello-match SUBCOMMAND --help for their options):\n"
        "  report             write the HTML report page of a results file or journal\n"
        "  ratings            one joint rating list over the games of many matches\n"
        "  merge              join the results of a match's shards into one results file\n"
        "  balanced-openings  print the balanced openings set "
        "(data/balanced-openings-8.txt)\n"
        "  compliance         check that an engine (SPEC as for --engine) speaks its protocol "
        "correctly\n"));
}
