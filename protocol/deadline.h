// Deadline: the moment by which an engine must have answered, on the steady clock.
#pragma once

#include <chrono>

namespace othello {

using Deadline = std::chrono::steady_clock::time_point;

inline Deadline deadline_after(double seconds) {
    return std::chrono::steady_clock::now() +
           std::chrono::duration_cast<std::chrono::steady_clock::duration>(
               std::chrono::duration<double>(seconds));
}

}  // namespace othello
