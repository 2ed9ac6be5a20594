// Orphans: found by scanning /proc for processes whose parent is this one (kernels without
// CONFIG_PROC_CHILDREN have no /proc/PID/task/TID/children).
#include "protocol/orphan_reaper.h"

#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

namespace othello {

namespace {

// The parent of `pid` from /proc/PID/stat ("pid (comm) state ppid ..."; comm may hold spaces and
// parentheses, so the fields are read after the last ')'); -1 when it is gone.
pid_t parent_of(const std::string& pid) {
    std::ifstream stat("/proc/" + pid + "/stat");
    std::string text;
    if (!std::getline(stat, text)) return -1;
    const auto paren = text.rfind(')');
    if (paren == std::string::npos) return -1;
    char state = 0;
    long ppid = -1;
    if (std::sscanf(text.c_str() + paren + 1, " %c %ld", &state, &ppid) != 2) return -1;
    return static_cast<pid_t>(ppid);
}

std::vector<pid_t> children() {
    const pid_t self = ::getpid();
    std::vector<pid_t> found;
    std::error_code error;
    for (auto it = std::filesystem::directory_iterator("/proc", error);
         !error && it != std::filesystem::directory_iterator(); it.increment(error)) {
        const std::string name = it->path().filename().string();
        if (name.empty() || !std::isdigit(static_cast<unsigned char>(name[0]))) continue;
        if (parent_of(name) == self) found.push_back(static_cast<pid_t>(std::stol(name)));
    }
    return found;
}

}  // namespace

bool become_subreaper() {
    return ::prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0;
}

int end_orphans(const std::function<bool(pid_t)>& keep, std::chrono::milliseconds limit) {
    const auto until = std::chrono::steady_clock::now() + limit;
    int ended = 0;
    for (;;) {
        std::vector<pid_t> orphans;
        for (const pid_t pid : children()) {
            if (!keep(pid)) orphans.push_back(pid);
        }
        if (orphans.empty()) return ended;
        for (const pid_t pid : orphans) {
            if (::getpgid(pid) == pid) ::kill(-pid, SIGKILL);
            ::kill(pid, SIGKILL);
        }
        // Reaped once dead; those not dead yet (or reparented here meanwhile) in the next round.
        for (const pid_t pid : orphans) ended += ::waitpid(pid, nullptr, WNOHANG) == pid;
        if (std::chrono::steady_clock::now() >= until) return ended;
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
}

}  // namespace othello
