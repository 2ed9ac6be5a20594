// Helpers shared by the tests that run othello-match as a process: a fresh scratch folder, a
// file's text, and what a run left behind.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
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
    return run_shell(
        "cd " + dir.string() + " && " + othello::testing::program_dir() + "/othello-match " + args,
        dir);
}

}  // namespace othello::testing
