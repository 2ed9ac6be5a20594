// The stdio transport on raw POSIX reads and writes: no stream buffering to hide a response
// behind, and a bounded line buffer.
#include "protocol/stdio_transport.h"

#include <unistd.h>

#include <cerrno>
#include <string>

#include "io/fd_write.h"

namespace othello {

int serve_stdio(LineSession& session, int in_fd, int out_fd, std::size_t max_line_length) {
    if (!write_all(out_fd, session.greeting())) return 1;
    LineFramer framer(max_line_length);
    char buffer[65536];
    while (!session.closed()) {
        const ssize_t n = ::read(in_fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            if (framer.has_partial() && !write_all(out_fd, session.handle(framer.take_partial()))) {
                return 1;
            }
            return 0;
        }
        for (const std::string& line :
             framer.feed(std::string_view(buffer, static_cast<std::size_t>(n)))) {
            if (!write_all(out_fd, session.handle(line))) return 1;
            if (session.closed()) break;
        }
    }
    return 0;
}

}  // namespace othello
