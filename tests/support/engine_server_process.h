// A real `othello-engine --listen 127.0.0.1:0 ...` child for tests and benches: learns its port
// from its stderr announcement, keeps its stderr (the drop log) in a file, reads its peak memory.
#pragma once

#include <signal.h>

#include <boost/process.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/gtp_test_client.h"

namespace othello::testing {

class EngineServerProcess {
  public:
    explicit EngineServerProcess(const std::vector<std::string>& extra_args)
        : log_path_(std::filesystem::temp_directory_path() /
                    ("othello-server-" + std::to_string(::getpid()) + "-" +
                     std::to_string(reinterpret_cast<std::uintptr_t>(this)) + ".log")) {
        std::vector<std::string> args{"--listen", "127.0.0.1:0"};
        args.insert(args.end(), extra_args.begin(), extra_args.end());
        child_ =
            boost::process::child(boost::process::exe = engine_path(), boost::process::args = args,
                                  boost::process::std_err > log_path_.string());
        const std::string marker = "listening on 127.0.0.1:";
        for (int i = 0; i < 3000; ++i) {
            const std::string text = log();
            const auto at = text.find(marker);
            if (at != std::string::npos && text.find('\n', at) != std::string::npos) {
                port_ = static_cast<unsigned short>(std::stoi(text.substr(at + marker.size())));
                return;
            }
            if (!child_.running()) break;
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        throw std::runtime_error("othello-engine did not announce its port: " + log());
    }
    ~EngineServerProcess() {
        stop();
        std::error_code ignored;
        std::filesystem::remove(log_path_, ignored);
    }

    unsigned short port() const { return port_; }
    pid_t pid() { return child_.id(); }
    // How many descriptors the server has open (sockets, pipes, files), from /proc/PID/fd.
    int open_descriptors() {
        const std::filesystem::path fds = "/proc/" + std::to_string(pid()) + "/fd";
        std::error_code error;
        int n = 0;
        for (auto it = std::filesystem::directory_iterator(fds, error);
             !error && it != std::filesystem::directory_iterator(); it.increment(error))
            ++n;
        return n;
    }
    bool running() { return child_.running(); }
    // Everything the server wrote on stderr so far.
    std::string log() const {
        std::ifstream in(log_path_);
        std::stringstream text;
        text << in.rdbuf();
        return text.str();
    }
    // How many stderr lines contain `text`.
    int log_lines_with(const std::string& text) const {
        std::istringstream in(log());
        std::string line;
        int n = 0;
        while (std::getline(in, line)) n += line.find(text) != std::string::npos;
        return n;
    }
    // How many refusals the log accounts for: the lines that contain `text`, plus the counts of
    // those not logged ("... (and N more refusals not logged)", "N more refusals not logged").
    // Meant for a run where only that kind of refusal happens.
    long refusals_counted(const std::string& text) const {
        std::istringstream in(log());
        std::string line;
        long n = 0;
        for (; std::getline(in, line);) {
            n += line.find(text) != std::string::npos;
            const auto at = line.find(" more refusal");
            if (at == std::string::npos) continue;
            const auto start = line.find_last_not_of("0123456789", at - 1) + 1;
            n += std::stol(line.substr(start, at - start));
        }
        return n;
    }
    // A field of /proc/PID/status in kB (VmHWM: peak resident memory; VmRSS: now).
    long status_kb(const std::string& field) const {
        std::ifstream in("/proc/" + std::to_string(child_.id()) + "/status");
        std::string line;
        while (std::getline(in, line)) {
            if (line.rfind(field + ":", 0) == 0) return std::stol(line.substr(field.size() + 1));
        }
        return -1;
    }
    // SIGTERM (or `signal`), then wait (the server closes every connection and exits 0).
    int stop(int signal = SIGTERM) {
        if (!child_.valid() || stopped_) return exit_code_;
        stopped_ = true;
        ::kill(child_.id(), signal);
        child_.wait();
        exit_code_ = child_.exit_code();
        return exit_code_;
    }

  private:
    std::filesystem::path log_path_;
    boost::process::child child_;
    unsigned short port_ = 0;
    bool stopped_ = false;
    int exit_code_ = -1;
};

}  // namespace othello::testing
