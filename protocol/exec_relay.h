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

// Every child gets this variable, set to its client's "address:port": the child's stdin is a remote
// peer's, not a local user's. othello-engine then refuses what it refuses over --listen (reading
// this machine's files); a third-party engine that does not know it serves what its stdio would
// (docs/network.md).
inline constexpr const char* kRemotePeerVariable = "OTHELLO_REMOTE_PEER";

struct ExecRelayOptions {
    // A child's stderr lines shown in the server's log; the rest are counted.
    std::size_t stderr_lines = 100;
};

// The handler that relays every connection to a new child running `argv`. Makes this process the
// subreaper of its descendants (orphan_reaper.h), so that nothing a child starts outlives its
// connection.
ConnectionHandler exec_relay_handler(std::vector<std::string> argv, ExecRelayOptions options = {});

// Ends whatever the relay's children left behind: call once the server has stopped.
void end_exec_relay_orphans();

}  // namespace othello
