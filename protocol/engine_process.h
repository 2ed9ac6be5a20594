// EngineProcess: an engine run as a child process, talked to line by line over its stdin/stdout
// pipes, with a deadline on every read so a hung engine is an ordinary outcome, not a hang.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <string>
#include <vector>

#include "protocol/line_channel.h"

namespace othello {

struct ProcessOptions {
    std::vector<std::string> argv;  // argv[0] is looked up in PATH
    std::string working_directory;  // empty: the runner's
    bool inherit_stderr = false;    // false: the engine's stderr goes to /dev/null
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
    pid_t pid_ = -1;
    int to_child_ = -1;
    int from_child_ = -1;
    std::string buffer_;
    std::string command_;  // for messages
};

}  // namespace othello
