// CPU affinity for --affinity: each of a match's worker slots gets its own CPUs, and the engine
// processes a slot's thread starts run only there (fork copies the thread's CPU mask), so the
// engines of one game never take time from another game's.
#pragma once

#include <sched.h>

#include <string>
#include <vector>

namespace othello {

// The CPUs this process may run on (its affinity mask, which taskset or a container may have
// narrowed), in increasing order.
std::vector<int> allowed_cpus();

// The CPUs of worker slot `slot` (0-based) of `slots`: with at least as many CPUs as slots, each
// slot gets its own consecutive share (the first `cpus.size() % slots` slots one CPU more); with
// fewer, slot i gets CPU i % cpus.size(), shared with the slots that wrap onto it.
std::vector<int> cpus_for_slot(const std::vector<int>& cpus, int slot, int slots);

// "0-3,6" (the form of /proc's Cpus_allowed_list).
std::string cpu_list_text(const std::vector<int>& cpus);

// Pins the calling thread to `cpus` for its lifetime and gives the thread its previous mask back
// on destruction. Processes the thread starts meanwhile inherit the pinning. Throws
// std::runtime_error with the system's reason when the mask cannot be set.
class ThreadPinning {
  public:
    explicit ThreadPinning(const std::vector<int>& cpus);
    ~ThreadPinning();
    ThreadPinning(const ThreadPinning&) = delete;
    ThreadPinning& operator=(const ThreadPinning&) = delete;

  private:
    cpu_set_t previous_;
};

}  // namespace othello
