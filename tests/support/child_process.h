// A program a test starts, each standard stream a pipe, a file or nothing. Boost.Process stays in
// child_process.cpp, so the many tests that start programs do not compile it again.
#pragma once

#include <chrono>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace othello::testing {

class ChildProcess {
  public:
    // Where each stream goes: a pipe the test reads or writes, a file, or nowhere (the default;
    // stdin then reads nothing). Chosen by chaining, e.g. Streams().stdin_pipe().stdout_pipe().
    struct Streams {
        Streams& stdin_pipe() {
            in_pipe = true;
            return *this;
        }
        Streams& stdout_pipe() {
            out_pipe = true;
            return *this;
        }
        Streams& stdout_file(std::string path) {
            out_file = std::move(path);
            return *this;
        }
        Streams& stderr_pipe() {
            err_pipe = true;
            return *this;
        }
        Streams& stderr_file(std::string path) {
            err_file = std::move(path);
            return *this;
        }

        bool in_pipe = false;
        bool out_pipe = false;
        std::string out_file;
        bool err_pipe = false;
        std::string err_file;
    };

    ChildProcess(const std::string& program, const std::vector<std::string>& args,
                 const Streams& streams);
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;
    // A child still running is killed (SIGKILL) and waited for: no test leaves one behind.
    ~ChildProcess();

    int pid() const;
    bool running();
    // Waits for the exit; its code (128 + the signal for a signalled child).
    int wait();
    // Waits for the exit; the raw status of waitpid(), for WIFSIGNALED and WTERMSIG.
    int wait_status();
    // Waits at most `limit`; true when the child has exited.
    bool wait_for(std::chrono::milliseconds limit);
    void signal(int number);

    // To its stdin (flushed); false once the child no longer reads it. A closed stdin is its EOF.
    bool write(const std::string& text);
    void close_stdin();
    // A line (without '\n') of its stdout or its stderr; false at the end of the stream.
    bool read_line(std::string& line);
    bool read_error_line(std::string& line);
    // All of its stdout to the end of the stream.
    std::string read_all();
    // The descriptor of its stdout pipe, for poll() and read() (not mixed with read_line()).
    int stdout_fd() const;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// Runs `program args` with `input` on stdin; returns everything it wrote on stdout. A program
// that exits without reading its input (e.g. on a bad option) must not kill the test with
// SIGPIPE, so the write ignores it.
std::string run_with_input(const std::string& program, const std::vector<std::string>& args,
                           const std::string& input);

// Runs `program args` to its end with stdout and stderr discarded; its exit code.
int run_quietly(const std::string& program, const std::vector<std::string>& args);

// Whether process `pid` is gone: no such process, or one that has exited and waits to be reaped
// (a zombie), read from /proc/PID/stat.
bool process_gone(int pid);

}  // namespace othello::testing
