// ConnectionContext: what an accepted TCP connection carries from the server that admitted it to
// whatever serves it (the token gate, a protocol session, a relay): its bounds, its place among
// the server's clients, and where to say why it was dropped or refused.
#pragma once

#include <algorithm>
#include <boost/asio/ip/tcp.hpp>
#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <utility>  // before Asio: Boost 1.74's awaitable.hpp uses std::exchange without it

#include "protocol/admission.h"
#include "protocol/refusal_log.h"

namespace othello {

// What a connection needs from its server: its bounds, its place among max_clients (freed when
// the context is destroyed), and where to say why it was dropped.
struct ConnectionContext {
    std::chrono::milliseconds idle_timeout;
    std::chrono::milliseconds first_line_timeout;  // 0: idle_timeout
    std::size_t max_line_length;
    std::shared_ptr<ConnectionPlace> place;  // prove() once past the first line
    std::string peer;                        // "address:port", for log lines
    std::function<void(const std::string&)> log;
    std::shared_ptr<RefusalLog> refusals;
    // Wrong tokens, which a flood sends thousands a second: at most a line a second.
    std::shared_ptr<RefusalLog> wrong_tokens;
    // How long a refused first line's connection is read and dropped before it closes, so that
    // the refusal reaches its client (token_gate.h).
    std::chrono::milliseconds refusal_linger{std::chrono::seconds(1)};

    // The connection is past its first line: its place can no longer go to a newcomer.
    void prove() const {
        if (place) place->prove();
    }
    // The connection failed before its first line proved it (admission.h): its source's penalty
    // grows. Returns what its log line may add ("; 203.0.113.0/24 refused for 10 s").
    std::string fail(Failure failure) const { return place ? place->fail(failure) : ""; }
    // The connection ends before its first line for the server's own reasons: no failure of its
    // source (admission.h).
    void ended_by_server() const {
        if (place) place->ended_by_server();
    }
    // What ends the connection if it gives way to a newcomer before it is proven.
    void on_evicted(std::function<void()> evict) const {
        if (place) place->on_evicted(std::move(evict));
    }
    // Logs "<peer> dropped: <reason>".
    void log_drop(const std::string& reason) const {
        if (log) log(peer + " dropped: " + reason);
    }
    // Logs "<peer> refused: <reason>" through the server's refusal log (at most a line a second).
    void log_refusal(const std::string& reason) const {
        if (refusals) refusals->refuse(peer + " refused: " + reason);
    }
    // How long the first line may take: the shorter of the two timeouts that are set.
    std::chrono::milliseconds first_line_deadline() const {
        if (first_line_timeout.count() <= 0) return idle_timeout;
        if (idle_timeout.count() <= 0) return first_line_timeout;
        return std::min(first_line_timeout, idle_timeout);
    }
};

// Starts serving one accepted connection; the handler keeps itself alive through its own
// asynchronous operations on the socket's executor.
using ConnectionHandler =
    std::function<void(boost::asio::ip::tcp::socket socket, ConnectionContext context)>;

}  // namespace othello
