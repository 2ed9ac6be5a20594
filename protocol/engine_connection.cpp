// open_connection: a child process or a TCP connection, and the token handshake on either.
#include "protocol/engine_connection.h"

#include <algorithm>
#include <iterator>

#include "engine/ascii_text.h"
#include "protocol/tcp_client.h"

namespace othello {

namespace {

// The token gate answers like a GTP command: "=" or "? token required", then an empty line.
void present_token(LineChannel& channel, const std::string& token, std::string_view engine,
                   Deadline deadline) {
    channel.write_line("othello-token " + token);
    std::string answer;
    try {
        while (answer.empty()) answer = std::string(trim(channel.read_line(deadline)));
        while (!trim(channel.read_line(deadline)).empty()) {
        }
        if (answer.starts_with('=')) return;
    } catch (const ChannelError& e) {
        // A refusing server closes the connection, maybe before its answer is read.
        if (e.failure() != ChannelFailure::Closed) throw;
    }
    // The server's reason tells a wrong token from a refusal at once (penalised, busy, full).
    std::string reason = answer.starts_with('?') ? std::string(trim(answer.substr(1))) : "";
    throw ChannelError(ChannelFailure::StartFailed,
                       std::string(engine) + " refused the token" +
                           (reason.empty() ? "" : " (" + printable(reason) + ")"));
}

}  // namespace

std::optional<std::string> token_refusal(std::string_view line) {
    line = trim(line);
    if (!line.starts_with('?')) return std::nullopt;
    const std::string_view reason = trim(line.substr(1));
    // The token gate's refusal, and those the server answers at once (protocol/admission.cpp).
    constexpr std::string_view kRefusals[] = {"token required", "penalised", "server busy",
                                              "server full", "too many connections"};
    if (std::none_of(std::begin(kRefusals), std::end(kRefusals),
                     [&](std::string_view r) { return reason.starts_with(r); }))
        return std::nullopt;
    return printable(reason);
}

std::unique_ptr<LineChannel> open_connection(const EngineConnection& where, std::string_view engine,
                                             Deadline deadline) {
    std::unique_ptr<LineChannel> channel;
    if (where.kind == EngineConnection::Kind::Tcp) {
        channel = std::make_unique<TcpClient>(where.host, where.port, deadline);
    } else {
        channel = std::make_unique<EngineProcess>(where.process);
    }
    if (!where.token.empty()) present_token(*channel, where.token, engine, deadline);
    return channel;
}

}  // namespace othello
