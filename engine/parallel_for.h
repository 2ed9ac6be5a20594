// The training tools' one way to spread independent work over threads: each thread (the caller's
// included) takes the next index as it finishes one, so uneven items balance themselves.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace othello {

// Calls body(i) for every i in [0, count) on `threads` threads; returns when all are done. The
// first exception a body throws stops the taking of new indices and is thrown again here, once
// every thread has finished (a bad file met halfway is an error message, not an abort).
template <typename Body>
void parallel_for(std::size_t count, int threads, Body&& body) {
    std::atomic<std::size_t> next{0};
    std::exception_ptr failure;
    std::mutex failure_mutex;
    auto work = [&] {
        try {
            for (std::size_t i = next++; i < count; i = next++) body(i);
        } catch (...) {
            const std::lock_guard lock(failure_mutex);
            if (!failure) failure = std::current_exception();
            next = count;
        }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < std::max(1, threads); ++t) pool.emplace_back(work);
    work();
    for (auto& t : pool) t.join();
    if (failure) std::rethrow_exception(failure);
}

}  // namespace othello
