// The token gate: with `othello-engine --listen ... --token SECRET`, a connection is served only
// after its first line presents the shared secret. The handshake is one GTP command, so any GTP
// client can send it: "othello-token SECRET" (optionally with a GTP id) is answered "=" and the
// session starts; anything else is answered "? token required" and the connection is closed.
#pragma once

#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

#include "protocol/tcp_server.h"

namespace othello {

// The command a client sends first; the match runner sends it for "token=SECRET,tcp://HOST:PORT".
inline constexpr std::string_view kTokenCommand = "othello-token";

// The longest first line the gate reads before it gives up on a client.
inline constexpr std::size_t kMaxTokenLineLength = 1024;

// Slows token guessing. After wrong tokens from an address, the checks of its next tokens are
// spaced out by a delay that doubles with each failure in a row (first_delay, twice that, ... up
// to max_delay); all of them, right or wrong, so that answering at once tells a guesser nothing.
// A right token clears the address's record. Its failures are logged at most once a second per
// address, with the count of those not logged. Safe from any thread.
class TokenBrake {
  public:
    using Clock = std::chrono::steady_clock;
    explicit TokenBrake(std::chrono::milliseconds first_delay = std::chrono::milliseconds(250),
                        std::chrono::milliseconds max_delay = std::chrono::seconds(30))
        : first_delay_(first_delay), max_delay_(max_delay) {}

    // When a token from `address` that arrived `now` may be checked; reserves that moment.
    Clock::time_point check_time(const boost::asio::ip::address& address, Clock::time_point now);
    // Records a check's outcome. For a failure, the line to log, or "" while the address's
    // lines are throttled.
    std::string record(const boost::asio::ip::address& address, bool accepted,
                       Clock::time_point now);

  private:
    struct Record {
        int failures = 0;  // in a row
        Clock::time_point next_check{};
        Clock::time_point last_logged{};
        long unlogged = 0;
    };
    std::chrono::milliseconds spacing(int failures) const;
    void forget_old(Clock::time_point now);

    std::chrono::milliseconds first_delay_, max_delay_;
    std::mutex mutex_;
    std::map<boost::asio::ip::address, Record> records_;
};

// Reads the first line (one byte at a time, so nothing meant for the session is consumed), checks
// it against `token` when `brake` allows, and hands the socket to `handler` on success. Idle
// timeout and logging come from `context`; the whole line must arrive within the idle timeout.
void pass_token_gate(boost::asio::ip::tcp::socket socket, ConnectionContext context,
                     std::string token, std::shared_ptr<TokenBrake> brake,
                     ConnectionHandler handler);

// The answer to one handshake line: "=[id]\n\n" when it is "[id] othello-token <token>",
// otherwise "?[id] token required\n\n". Exposed for tests.
std::string token_gate_answer(std::string_view line, std::string_view token, bool& accepted);

}  // namespace othello
