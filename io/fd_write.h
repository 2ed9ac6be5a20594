// write_all: writes a whole buffer to a POSIX descriptor, retrying short writes and EINTR. Shared
// by the stdio transport, the engine process's pipes and the match runner's atomic file writes.
#pragma once

#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <string_view>

namespace othello {

// False on an error (errno says which); everything was written when it returns true.
inline bool write_all(int fd, std::string_view data) {
    std::size_t done = 0;
    while (done < data.size()) {
        const ssize_t n = ::write(fd, data.data() + done, data.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += static_cast<std::size_t>(n);
    }
    return true;
}

}  // namespace othello
