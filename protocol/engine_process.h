// EngineProcess: an engine run as a child process, talked to line by line over its stdin/stdout
// pipes, with a deadline on every read so a hung engine is an ordinary outcome, not a hang. When
// it fails, the error says how it ended (exit status or signal) and the last lines of its stderr.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "protocol/line_channel.h"
#include "protocol/stderr_tail.h"

namespace othello {

struct ProcessOptions {
    std::vector<std::string> argv;  // argv[0] is looked up in PATH
    std::string working_directory;  // empty: the runner's
    // true: the engine's stderr is shown on the runner's. Either way its last lines are kept
    // for the message when it fails.
    bool inherit_stderr = false;
    // Not empty: the engine's stderr is appended to this file too (created if missing).
    std::string stderr_file = {};
};

class EngineProcess : public LineChannel {
  public:
    // Throws ChannelError(StartFailed) naming the command when it cannot be started.
    explicit EngineProcess(const ProcessOptions& options);
    ~EngineProcess() override;
    EngineProcess(const EngineProcess&) = delete;
    EngineProcess& operator=(const EngineProcess&) = delete;

    void write_line(std::string_view line) override;
    std::string read_line(Deadline deadline) override;
    // Closes the engine's stdin, waits up to `grace` for it to exit, then kills it. Idempotent.
    void stop(std::chrono::milliseconds grace) override;

    pid_t pid() const { return pid_; }

  private:
    // "'COMMAND' exited with status 3 (stderr: ...)", "... was killed by signal 9 (SIGKILL)", or
    // `otherwise` while it still runs: what a failure says about how the engine ended. Waits up
    // to `grace` for it to end.
    std::string how_it_ended(const std::string& otherwise, std::chrono::milliseconds grace);
    // " (stderr: LINE | LINE)" with the engine's last stderr lines, or "" when it wrote none.
    // The engine's last stderr lines, quoted for a message; with `since` (a StderrTail mark),
    // only those begun after it.
    std::string stderr_said(std::chrono::milliseconds grace, std::uint64_t since = 0);

    pid_t pid_ = -1;
    int to_child_ = -1;
    int from_child_ = -1;
    std::string buffer_;
    std::string command_;  // for messages
    // The stderr lines begun before the last line sent: a timeout quotes only the later ones.
    std::uint64_t stderr_mark_ = 0;
    std::unique_ptr<StderrTail> stderr_;
};

}  // namespace othello
