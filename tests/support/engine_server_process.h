// A real `othello-engine --listen 127.0.0.1:0 ...` child for tests and benches: learns its port
// from its stderr announcement, keeps its stderr (the drop log) in a file, reads its peak memory.
#pragma once

#include <signal.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "tests/support/child_process.h"
#include "tests/support/gtp_test_client.h"

namespace othello::testing {

class EngineServerProcess {
  public:
    explicit EngineServerProcess(const std::vector<std::string>& extra_args);
    ~EngineServerProcess();

    unsigned short port() const { return port_; }
    int pid() const { return child_->pid(); }
    // How many descriptors the server has open (sockets, pipes, files), from /proc/PID/fd.
    int open_descriptors() const;
    bool running() { return child_->running(); }
    // Everything the server wrote on stderr so far.
    std::string log() const;
    // How many stderr lines contain `text`.
    int log_lines_with(const std::string& text) const;
    // How many refusals the log accounts for: the lines that contain `text`, plus the counts of
    // those not logged ("... (and N more refusals not logged)", "N more refusals not logged").
    // Meant for a run where only that kind of refusal happens.
    long refusals_counted(const std::string& text) const;
    // How many connections not yet past their first line the log says gave way to a newcomer
    // (their own lines, a line a second at most, with counts "N more evictions not logged").
    long evictions_counted() const;
    // How many wrong tokens the log accounts for (a line a second at most, with counts).
    long wrong_tokens_counted() const;
    // A field of /proc/PID/status in kB (VmHWM: peak resident memory; VmRSS: now).
    long status_kb(const std::string& field) const;
    // SIGTERM (or `signal`), then wait (the server closes every connection and exits 0).
    int stop(int signal = SIGTERM);

  private:
    // The lines that contain `text`, plus the counts "N<more>" of those not logged.
    long counted(const std::string& text, const std::string& more) const;

    std::filesystem::path log_path_;
    std::unique_ptr<ChildProcess> child_;
    unsigned short port_ = 0;
    bool stopped_ = false;
    int exit_code_ = -1;
};

}  // namespace othello::testing
