// The stdio transport: serves one session over a pair of file descriptors (stdin and stdout for
// the engine process), moving lines and nothing else.
#pragma once

#include <cstddef>

#include "protocol/line_framer.h"
#include "protocol/line_session.h"

namespace othello {

// Reads lines from in_fd and writes the session's responses to out_fd until end of input or the
// session closes. An unfinished last line at end of input is handled like a whole line.
// Returns 0, or 1 if writing failed (the reader went away).
int serve_stdio(LineSession& session, int in_fd = 0, int out_fd = 1,
                std::size_t max_line_length = kDefaultMaxLineLength);

}  // namespace othello
