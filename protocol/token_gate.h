// The token gate: with `othello-engine --listen ... --token SECRET`, a connection is served only
// after its first line presents the shared secret. The handshake is one GTP command, so any GTP
// client can send it: "othello-token SECRET" (optionally with a GTP id) is answered "=" and the
// session starts; anything else is answered "? token required" and the connection is closed.
#pragma once

#include <string>
#include <string_view>

#include "protocol/tcp_server.h"

namespace othello {

// The command a client sends first; the match runner sends it for "token=SECRET,tcp://HOST:PORT".
inline constexpr std::string_view kTokenCommand = "othello-token";

// The longest first line the gate reads before it gives up on a client.
inline constexpr std::size_t kMaxTokenLineLength = 1024;

// Reads the first line (one byte at a time, so nothing meant for the session is consumed), checks
// it against `token` and hands the socket to `handler` on success. Idle timeout and logging come
// from `context`.
void pass_token_gate(boost::asio::ip::tcp::socket socket, ConnectionContext context,
                     std::string token, ConnectionHandler handler);

// The answer to one handshake line: "=[id]\n\n" when it is "[id] othello-token <token>",
// otherwise "?[id] token required\n\n". Exposed for tests.
std::string token_gate_answer(std::string_view line, std::string_view token, bool& accepted);

}  // namespace othello
