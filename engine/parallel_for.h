// The training tools' one way to spread independent work over threads: each thread (the caller's
// included) takes the next index as it finishes one, so uneven items balance themselves.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <thread>
#include <vector>

namespace othello {

// Calls body(i) for every i in [0, count) on `threads` threads; returns when all are done.
template <typename Body>
void parallel_for(std::size_t count, int threads, Body&& body) {
    std::atomic<std::size_t> next{0};
    auto work = [&] {
        for (std::size_t i = next++; i < count; i = next++) body(i);
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < std::max(1, threads); ++t) pool.emplace_back(work);
    work();
    for (auto& t : pool) t.join();
}

}  // namespace othello
