// Interruption: an atomic the handler sets; the waits poll it between slices.
#include "protocol/interruption.h"

#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cstring>

#include "protocol/process_groups.h"

namespace othello {

namespace {

std::atomic<int> interrupted{0};
static_assert(std::atomic<int>::is_always_lock_free, "a signal handler sets it");

void on_signal(int signal) {
    int none = 0;
    if (interrupted.compare_exchange_strong(none, signal)) return;
    end_by_signal(signal);  // the second: at once (only async-signal-safe calls)
}

}  // namespace

void stop_on_first_signal() {
    for (const int signal : {SIGINT, SIGTERM, SIGHUP}) {
        struct sigaction current {};
        if (::sigaction(signal, nullptr, &current) != 0 || current.sa_handler == SIG_IGN) continue;
        struct sigaction action {};
        action.sa_handler = on_signal;
        sigemptyset(&action.sa_mask);
        // Restarted: a write to the journal or a file is not cut short by the signal.
        action.sa_flags = SA_RESTART;
        ::sigaction(signal, &action, nullptr);
    }
}

int interrupting_signal() {
    return interrupted.load(std::memory_order_relaxed);
}

std::string signal_name(int signal) {
    if (const char* name = ::sigabbrev_np(signal)) return std::string("SIG") + name;
    return "signal " + std::to_string(signal);
}

void end_by_signal(int signal) {
    kill_remembered_process_groups();
    struct sigaction action {};
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    ::sigaction(signal, &action, nullptr);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, signal);
    ::pthread_sigmask(SIG_UNBLOCK, &set, nullptr);
    ::raise(signal);
    ::_exit(128 + signal);  // not reached: the default effect of these signals ends the program
}

}  // namespace othello
