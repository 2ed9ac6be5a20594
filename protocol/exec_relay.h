// The exec relay: puts any stdio engine on the network by starting one child process per TCP
// connection and copying bytes both ways (othello-engine --listen ... --exec "CMD").
#pragma once

#include <string>
#include <vector>

#include "protocol/tcp_server.h"

namespace othello {

// Splits a command line the way a POSIX shell would split words (quotes, backslashes) and finds
// the program on PATH. Throws std::invalid_argument when it is empty or cannot be found.
std::vector<std::string> parse_exec_command(const std::string& command_line);

// The handler that relays every connection to a new child running `argv`.
ConnectionHandler exec_relay_handler(std::vector<std::string> argv);

}  // namespace othello
