// The token gate: with `othello-engine --listen ... --token SECRET`, a connection is served only
// after its first line presents the shared secret. The handshake is one GTP command, so any GTP
// client can send it: "othello-token SECRET" (optionally with a GTP id) is answered "=" and the
// session starts; anything else is answered "? token required" and the connection is closed.
#pragma once

#include <string>
#include <string_view>

#include "protocol/connection_context.h"

namespace othello {

// The command a client sends first; the match runner sends it for "token=SECRET,tcp://HOST:PORT".
inline constexpr std::string_view kTokenCommand = "othello-token";

// The longest first line the gate reads before it gives up on a client.
inline constexpr std::size_t kMaxTokenLineLength = 1024;

// Reads the first line (one byte at a time, so nothing meant for the session is consumed), checks
// it against `token` at once, and hands the socket to `handler` on success. A wrong token is the
// connection's failure (its source's penalty grows: admission.h), as is no line within the
// first-line deadline; timeouts and logging come from `context`. Nothing waits: a token of
// kTokenBits bits (token_secret.h) needs no brake on guessing.
void pass_token_gate(boost::asio::ip::tcp::socket socket, ConnectionContext context,
                     std::string token, ConnectionHandler handler);

// The answer to one handshake line: "=[id]\n\n" when it is "[id] othello-token <token>",
// otherwise "?[id] token required\n\n". Exposed for tests.
std::string token_gate_answer(std::string_view line, std::string_view token, bool& accepted);

}  // namespace othello
