// CPU affinity: sched_getaffinity/sched_setaffinity on the calling thread (Linux).
#include "match/run/cpu_affinity.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace othello {

std::vector<int> allowed_cpus() {
    cpu_set_t set;
    CPU_ZERO(&set);
    std::vector<int> cpus;
    if (::sched_getaffinity(0, sizeof set, &set) != 0) return cpus;
    for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
        if (CPU_ISSET(cpu, &set)) cpus.push_back(cpu);
    }
    return cpus;
}

std::vector<int> cpus_for_slot(const std::vector<int>& cpus, int slot, int slots) {
    const int n = static_cast<int>(cpus.size());
    if (n == 0 || slots < 1) return {};
    if (n < slots) return {cpus[static_cast<std::size_t>(slot % n)]};
    const int share = n / slots, extra = n % slots;
    const int first = slot * share + std::min(slot, extra);
    const int count = share + (slot < extra ? 1 : 0);
    return {cpus.begin() + first, cpus.begin() + first + count};
}

std::string cpu_list_text(const std::vector<int>& cpus) {
    std::string text;
    for (std::size_t i = 0; i < cpus.size();) {
        std::size_t j = i;
        while (j + 1 < cpus.size() && cpus[j + 1] == cpus[j] + 1) ++j;
        if (!text.empty()) text += ',';
        text += std::to_string(cpus[i]);
        if (j > i) text += '-' + std::to_string(cpus[j]);
        i = j + 1;
    }
    return text;
}

ThreadPinning::ThreadPinning(const std::vector<int>& cpus) {
    CPU_ZERO(&previous_);
    if (::sched_getaffinity(0, sizeof previous_, &previous_) != 0) {
        throw std::runtime_error(std::string("--affinity: cannot read this thread's CPUs: ") +
                                 std::strerror(errno));
    }
    cpu_set_t set;
    CPU_ZERO(&set);
    for (int cpu : cpus) CPU_SET(cpu, &set);
    // pid 0 is the calling thread, not the whole process: each worker pins only itself.
    if (::sched_setaffinity(0, sizeof set, &set) != 0) {
        throw std::runtime_error("--affinity: cannot pin to CPUs " + cpu_list_text(cpus) + ": " +
                                 std::strerror(errno));
    }
}

ThreadPinning::~ThreadPinning() {
    ::sched_setaffinity(0, sizeof previous_, &previous_);
}

}  // namespace othello
