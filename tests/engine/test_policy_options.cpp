// The policy option table (engine/policy_options.h): each row parses what it shows, refuses bad
// values with a message naming the option, and is a flag of the real othello-engine.
#include <doctest/doctest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <utility>

#include "engine/gnu_help.h"
#include "engine/policy_options.h"
#include "tests/engine/engine_test_support.h"
#include "tests/support/programs.h"

using namespace othello;

namespace {

using othello::testing::kEngine;

struct Output {
    int status;
    std::string text;  // stdout and stderr
};

// Runs a shell command line, reading its output.
Output run_command(const std::string& command) {
    FILE* pipe = ::popen(command.c_str(), "r");
    REQUIRE(pipe != nullptr);
    std::string text;
    char buffer[4096];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;)
        text.append(buffer, n);
    const int status = ::pclose(pipe);
    return {WEXITSTATUS(status), text};
}

// Runs othello-engine with `args` (shell-quoted) and nothing on its stdin.
Output run_engine(const std::string& args) {
    return run_command(kEngine + " " + args + " </dev/null 2>&1");
}

}  // namespace

TEST_CASE("policy options: every row reads back what it shows") {
    const PolicyOptions unusual = testing::unusual_policy_options();
    const PolicyOptions defaults;
    CHECK_FALSE(policy_option_table().empty());
    for (const PolicyOption& option : policy_option_table()) {
        CAPTURE(option.name);
        CHECK(find_policy_option(option.name) == &option);
        CHECK(option.show(unusual) != option.show(defaults));
        PolicyOptions read;
        option.parse(option.show(unusual), read);
        CHECK(option.show(read) == option.show(unusual));
    }
    CHECK(find_policy_option("colour") == nullptr);
}

TEST_CASE("policy options: bad values are refused, naming the option") {
    PolicyOptions o;
    const auto refuses = [&](const std::string& name, const std::string& value) {
        CAPTURE(name);
        CAPTURE(value);
        CHECK_THROWS_WITH_AS(find_policy_option(name)->parse(value, o),
                             doctest::Contains((name + " '" + value + "' is not").c_str()),
                             std::invalid_argument);
    };
    // Every row, by the kind of value it holds.
    for (const PolicyOption& option : policy_option_table()) {
        switch (option.kind) {
            case PolicyOptionKind::Number:
                for (const char* bad : {"hot", "-1", "inf", "nan", "1x", ""})
                    refuses(option.name, bad);
                break;
            case PolicyOptionKind::File:
                refuses(option.name, "");
                break;
            case PolicyOptionKind::Seed:
                for (const char* bad : {"x", "-1", "5x", ""}) refuses(option.name, bad);
                break;
        }
    }
    const PolicyOptions untouched;
    CHECK(o.temperature == untouched.temperature);
    CHECK(o.book_path == untouched.book_path);
}

TEST_CASE("othello-engine: each policy option is a flag, parsed by the table") {
    const Output help = run_engine("--help");
    CHECK(help.status == 0);
    const PolicyOptions defaults;
    for (const PolicyOption& option : policy_option_table()) {
        CAPTURE(option.name);
        const std::string shown = option.show(defaults);
        // GNU's form: "--temperature=ARG (default: 0)".
        const std::string flag = "--" + option.name + "=" +
                                 gnu_help_detail::value_name(option.help) +
                                 (shown.empty() ? "" : " (default: " + shown + ")");
        CHECK(help.text.find(flag) != std::string::npos);
        CHECK(help.text.find(option.help.substr(0, 20)) != std::string::npos);
    }
    const std::pair<std::string, std::string> bad_flags[] = {
        {"--temperature=-1", "--temperature '-1' is not a number >= 0"},
        {"--temperature hot", "--temperature 'hot' is not a number >= 0"},
        {"--book-randomness x", "--book-randomness 'x' is not a number >= 0"},
        {"--seed 5x", "--seed '5x' is not a number"},
        {"--book ''", "--book '' is not a file name"}};
    for (const auto& [args, message] : bad_flags) {
        CAPTURE(args);
        const Output run = run_engine(args);
        CHECK(run.status == 2);
        CHECK(run.text.find("othello-engine: " + message) != std::string::npos);
    }
    // Good values are taken: the engine starts and ends with its (empty) input.
    CHECK(run_engine("--seed 7 --temperature 0.5 --book-randomness 1 --policy regression").status ==
          0);
}

TEST_CASE("othello-engine and othello-match refuse a damaged network file, naming it") {
    // The shipped network with one bit flipped in its weights: the checksum catches it.
    const std::filesystem::path shipped = std::string(OTHELLO_SOURCE_DIR) + "/data/network.bin";
    std::ifstream in(shipped, std::ios::binary);
    std::string bytes{std::istreambuf_iterator<char>(in), {}};
    REQUIRE(bytes.size() > 1000);
    bytes[bytes.size() / 2] = static_cast<char>(bytes[bytes.size() / 2] ^ 1);
    const std::string damaged = (std::filesystem::temp_directory_path() /
                                 ("damaged-network-" + std::to_string(::getpid()) + ".bin"))
                                    .string();
    std::ofstream(damaged, std::ios::binary) << bytes;
    const std::string why = damaged + ": checksum mismatch: the file is damaged";
    Output run = run_engine("--policy book,network --network " + damaged);
    CHECK(run.status == 2);
    CHECK(run.text.find("othello-engine: " + why) != std::string::npos);
    const std::string match = othello::testing::program_dir() + "/othello-match";
    run = run_command(match + " --engine network=" + damaged +
                      ",policy:network --engine policy:random --games 2 2>&1");
    CHECK(run.status == 2);
    CHECK(run.text.find(why) != std::string::npos);
    std::filesystem::remove(damaged);
    // A FIFO is refused at once rather than read forever.
    const std::string fifo = damaged + ".fifo";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    run = run_engine("--policy network --network " + fifo);
    CHECK(run.status == 2);
    CHECK(run.text.find(fifo + ": not a regular file") != std::string::npos);
    std::filesystem::remove(fifo);
}
