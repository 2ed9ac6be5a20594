#include "tests/support/engine_server_process.h"

#include <unistd.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "tests/support/programs.h"

namespace othello::testing {

EngineServerProcess::EngineServerProcess(const std::vector<std::string>& extra_args)
    : log_path_(std::filesystem::temp_directory_path() /
                ("othello-server-" + std::to_string(::getpid()) + "-" +
                 std::to_string(reinterpret_cast<std::uintptr_t>(this)) + ".log")) {
    std::vector<std::string> args{"--listen", "127.0.0.1:0"};
    args.insert(args.end(), extra_args.begin(), extra_args.end());
    child_ = std::make_unique<ChildProcess>(engine_path(), args,
                                            ChildProcess::Streams().stderr_file(log_path_));
    const std::string marker = "listening on 127.0.0.1:";
    // A started server announces its port at once; the bound is for a loaded machine.
    const auto until = std::chrono::steady_clock::now() + scaled(std::chrono::seconds(30));
    while (std::chrono::steady_clock::now() < until) {
        const std::string text = log();
        const auto at = text.find(marker);
        if (at != std::string::npos && text.find('\n', at) != std::string::npos) {
            port_ = static_cast<unsigned short>(std::stoi(text.substr(at + marker.size())));
            return;
        }
        if (!child_->running()) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    throw std::runtime_error("othello-engine did not announce its port: " + log());
}

EngineServerProcess::~EngineServerProcess() {
    stop();
    std::error_code ignored;
    std::filesystem::remove(log_path_, ignored);
}

int EngineServerProcess::open_descriptors() const {
    const std::filesystem::path fds = "/proc/" + std::to_string(pid()) + "/fd";
    std::error_code error;
    int n = 0;
    for (auto it = std::filesystem::directory_iterator(fds, error);
         !error && it != std::filesystem::directory_iterator(); it.increment(error))
        ++n;
    return n;
}

std::string EngineServerProcess::log() const {
    std::ifstream in(log_path_);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

int EngineServerProcess::log_lines_with(const std::string& text) const {
    std::istringstream in(log());
    std::string line;
    int n = 0;
    while (std::getline(in, line)) n += line.find(text) != std::string::npos;
    return n;
}

long EngineServerProcess::refusals_counted(const std::string& text) const {
    return counted(text, " more refusal");
}

long EngineServerProcess::evictions_counted() const {
    return counted("not yet past its first line gave way", " more eviction");
}

long EngineServerProcess::wrong_tokens_counted() const {
    return counted("dropped: wrong or missing token", " more wrong token");
}

long EngineServerProcess::counted(const std::string& text, const std::string& more) const {
    std::istringstream in(log());
    std::string line;
    long n = 0;
    for (; std::getline(in, line);) {
        n += line.find(text) != std::string::npos;
        const auto at = line.find(more);
        if (at == std::string::npos) continue;
        const auto start = line.find_last_not_of("0123456789", at - 1) + 1;
        n += std::stol(line.substr(start, at - start));
    }
    return n;
}

long EngineServerProcess::status_kb(const std::string& field) const {
    std::ifstream in("/proc/" + std::to_string(pid()) + "/status");
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind(field + ":", 0) == 0) return std::stol(line.substr(field.size() + 1));
    }
    return -1;
}

int EngineServerProcess::stop(int signal) {
    if (stopped_) return exit_code_;
    stopped_ = true;
    child_->signal(signal);
    exit_code_ = child_->wait();
    return exit_code_;
}

}  // namespace othello::testing
