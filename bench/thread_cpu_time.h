// The CPU time of the calling thread, which the benchmarks report: on a shared machine the wall
// clock also counts other work.
#pragma once

#include <ctime>

namespace othello::bench {

inline double thread_cpu_seconds() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

}  // namespace othello::bench
