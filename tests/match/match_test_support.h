// Helpers shared by the tests that run othello-match as a process: a fresh scratch folder, a
// file's text, and what a run left behind.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "tests/support/file_contents.h"
#include "tests/support/programs.h"

namespace othello::testing {

// What one run of a program left: its exit status and its two output streams.
struct Run {
    int status;
    std::string out;
    std::string err;
};

// An empty folder of its own under the system's temporary folder (the test's pid keeps
// concurrent runs apart).
inline std::filesystem::path temp_dir(const std::string& name) {
    const std::filesystem::path dir =
        std::filesystem::temp_directory_path() / (name + "_" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

// Runs `command` through the shell with its two output streams kept in `dir` (out.txt, err.txt),
// and returns what it left.
inline Run run_shell(const std::string& command, const std::filesystem::path& dir) {
    const std::string line = "{ " + command + "; } >'" + (dir / "out.txt").string() + "' 2>'" +
                             (dir / "err.txt").string() + "'";
    const int status = std::system(line.c_str());
    return {WEXITSTATUS(status), slurp(dir / "out.txt"), slurp(dir / "err.txt")};
}

// Runs the built `othello-match ARGS` (already shell-quoted) with `dir` as its working folder.
inline Run run_othello_match(const std::string& args, const std::filesystem::path& dir) {
    return run_shell("cd '" + dir.string() + "' && " + kMatch + " " + args, dir);
}

// Twelve games between two in-process policies from random openings, one at a time.
inline const std::string kTwoPolicyMatch =
    "--engine policy:mobility --engine policy:random --games 12 --openings random:3 --seed 5 "
    "--concurrency 1 --no-progress";

// run_othello_match() without the progress lines.
inline Run run_match(const std::string& args, const std::filesystem::path& dir) {
    return run_othello_match(args + " --no-progress", dir);
}

// run_match() from the standard start position, unless ARGS name the openings.
inline Run run_match_from_start(const std::string& args, const std::filesystem::path& dir) {
    const bool openings_named = args.find("--openings") != std::string::npos;
    return run_match(args + (openings_named ? "" : " --openings start"), dir);
}

// A JSON file (a results file, a ratings list), parsed; a file that is not JSON fails the test.
inline nlohmann::json read_json(const std::filesystem::path& path) {
    return nlohmann::json::parse(slurp(path));
}

// The games of a results file.
inline nlohmann::json games_of(const std::filesystem::path& results) {
    return read_json(results).at("games");
}

inline bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

}  // namespace othello::testing
