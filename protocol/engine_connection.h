// EngineConnection: where an engine is reached — a command run as a child process (`cmd:`) or a
// server at `tcp://HOST:PORT` — and open_connection, the one place that opens either as a
// LineChannel. A protocol client (GTP, NBoard) then talks over whatever channel it is given.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "protocol/engine_process.h"
#include "protocol/line_channel.h"

namespace othello {

struct EngineConnection {
    enum class Kind { Process, Tcp };
    Kind kind = Kind::Process;
    ProcessOptions process;   // Process: the command line, its folder, whether stderr is shown
    std::string host;         // Tcp
    unsigned short port = 0;  // Tcp
    // Not empty: presented first as "othello-token TOKEN", the handshake of an
    // `othello-engine --listen ... --token TOKEN` server (protocol/token_gate.h).
    std::string token;
};

// Spawns the process or connects to the server before `deadline`, then presents the token. The
// handshake's lines never reach the caller, so the secret stays out of protocol logs. Throws
// ChannelError: StartFailed naming the command or HOST:PORT, or "ENGINE refused the token"
// (`engine` being the display name); Timeout when the server does not answer in time.
std::unique_ptr<LineChannel> open_connection(const EngineConnection& where, std::string_view engine,
                                             Deadline deadline);

// The reason in a token gate's refusal ("? token required") or a refusal at once ("? penalised:
// ...",
// "? server busy: ...", "? server full", "? too many connections ..."), or
// none for any other line. A client given no token meets it as the answer to its first line.
std::optional<std::string> token_refusal(std::string_view line);

}  // namespace othello
