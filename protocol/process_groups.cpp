// Engine process groups: a fixed table of atomics, so that a signal handler can read it.
#include "protocol/process_groups.h"

#include <signal.h>
#include <sys/wait.h>

#include <array>
#include <atomic>
#include <cstdlib>
#include <mutex>
#include <thread>

namespace othello {

namespace {

static_assert(std::atomic<pid_t>::is_always_lock_free, "a signal handler reads the table");

// 0: a free place. A relay or a match holds far fewer engines at once.
std::array<std::atomic<pid_t>, 4096> remembered{};

void kill_group(pid_t leader) {
    ::kill(-leader, SIGKILL);
    ::kill(leader, SIGKILL);  // a leader still before its setsid() is not yet its group
}

void on_fatal_signal(int signal) {
    kill_remembered_process_groups();
    // SA_RESETHAND restored the default action; raised again, it ends the program as it would
    // have without this handler (once the handler returns and the signal is unblocked).
    ::raise(signal);
}

}  // namespace

void remember_process_group(pid_t leader) {
    for (auto& place : remembered) {
        pid_t free = 0;
        if (place.compare_exchange_strong(free, leader)) return;
    }
}

void forget_process_group(pid_t leader) {
    for (auto& place : remembered) {
        pid_t expected = leader;
        if (place.compare_exchange_strong(expected, 0)) return;
    }
}

void end_process_group(pid_t leader, std::chrono::milliseconds grace) {
    const auto until = std::chrono::steady_clock::now() + grace;
    bool ours = false;
    for (;;) {
        // WNOWAIT leaves an exited leader a zombie: its pid, the group's id, cannot be given to
        // another process before the group is killed.
        siginfo_t info{};
        if (::waitid(P_PID, static_cast<id_t>(leader), &info, WEXITED | WNOHANG | WNOWAIT) != 0)
            break;  // not our child (any more): nothing of ours to kill
        ours = true;
        if (info.si_pid == leader || std::chrono::steady_clock::now() >= until) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    if (ours) kill_group(leader);
    forget_process_group(leader);
    if (ours) ::waitpid(leader, nullptr, 0);
}

void kill_remembered_process_groups() {
    for (auto& place : remembered) {
        const pid_t leader = place.load();
        if (leader > 0) kill_group(leader);
    }
}

void kill_process_groups_at_exit() {
    static std::once_flag once;
    std::call_once(once, [] {
        std::atexit(kill_remembered_process_groups);
        for (const int signal : {SIGINT, SIGTERM, SIGHUP}) {
            struct sigaction current {};
            // A signal ignored when the program started (nohup, a background job) stays ignored.
            if (::sigaction(signal, nullptr, &current) != 0 || current.sa_handler == SIG_IGN)
                continue;
            struct sigaction action {};
            action.sa_handler = on_fatal_signal;
            sigemptyset(&action.sa_mask);
            action.sa_flags = SA_RESETHAND;
            ::sigaction(signal, &action, nullptr);
        }
    });
}

}  // namespace othello
