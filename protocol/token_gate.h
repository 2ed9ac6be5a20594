// The token gate: with `othello-engine --listen ... --token SECRET`, a connection is served only
// after its first line presents the shared secret. The handshake is one GTP command, so any GTP
// client can send it: "othello-token SECRET" (optionally with a GTP id) is answered "=" and the
// session starts; anything else is answered "? token required" and the connection is closed.
#pragma once

#include <chrono>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

#include "protocol/connection_context.h"

namespace othello {

// The command a client sends first; the match runner sends it for "token=SECRET,tcp://HOST:PORT".
inline constexpr std::string_view kTokenCommand = "othello-token";

// The longest first line the gate reads before it gives up on a client.
inline constexpr std::size_t kMaxTokenLineLength = 1024;

// Slows token guessing. Counted per client network (an IPv4 /24, an IPv6 /64: see
// client_network.h), since one guesser commonly holds many addresses of one. After wrong tokens
// from a network, the checks of its next tokens are spaced out by a delay that doubles with each
// failure in a row (first_delay, twice that, ... up to max_delay); all of them, right or wrong, so
// that answering at once tells a guesser nothing. Tokens that arrive while a network waits are all
// released together when its wait ends, so that waiting tokens cannot push each other, and a right
// one among them, further away than max_delay; at most max_waiting of them wait per network, more
// are refused at once. A right token clears the network's record. Its failures are logged at most
// once a second per network, with the count of those not logged. On top of that the whole server
// checks at most limit_server_checks() tokens a second, however many networks guess; the networks
// take turns at that limit (join_server_line), so many guesses from a few networks cannot keep
// another network's client waiting for more than a check of each. Safe from any thread.
class TokenBrake {
  public:
    using Clock = std::chrono::steady_clock;

    explicit TokenBrake(std::chrono::milliseconds first_delay = std::chrono::milliseconds(250),
                        std::chrono::milliseconds max_delay = std::chrono::seconds(30),
                        std::size_t max_waiting = 8)
        : first_delay_(first_delay), max_delay_(max_delay), max_waiting_(max_waiting) {}

    // At most `per_second` checks a second on the server (0: no limit), in bursts of up to
    // 2 seconds' worth; a check over that waits up to a second for its turn, or is refused.
    void limit_server_checks(unsigned per_second);

    // When a token may be checked, and its place among its network's waiting checks: the place
    // (null for a check at once) counts until released, so a client that hangs up frees it. A
    // place must not outlive its brake.
    struct Turn {
        Clock::time_point at;
        std::shared_ptr<void> place;
    };
    // The turn of a token from `address` that arrived `now`; none when max_waiting checks from
    // its network are waiting already.
    std::optional<Turn> turn(const boost::asio::ip::address& address, Clock::time_point now);
    // A check whose network's turn has come joins its network's line for the server-wide
    // limit: the checks of one network ask for server_turn() one at a time, so that networks take
    // turns and a check from a network with nothing waiting waits for at most one check of each
    // other network, however many each holds. `ready` is called when this check is at the head
    // of its line: at once, or (on the thread that lets go of the place ahead) when the check
    // ahead is done or gone. Letting go of the returned place (once its check is done, or its
    // client gone) lets the next one go.
    std::shared_ptr<void> join_server_line(const boost::asio::ip::address& address,
                                           std::function<void()> ready);
    // When a check at the head of its network's line may run under the server-wide limit: `now`,
    // a moment later, or none (refuse it) when the server is over its limit by more than
    // kLongestServerWait.
    std::optional<Clock::time_point> server_turn(Clock::time_point now);
    static constexpr std::chrono::seconds kLongestServerWait{2};
    // Records a check's outcome. For a failure, the line to log, or "" while the network's
    // lines are throttled.
    std::string record(const boost::asio::ip::address& address, bool accepted,
                       Clock::time_point now);

    std::size_t max_waiting() const { return max_waiting_; }
    unsigned server_checks_per_second() const { return checks_per_second_; }

  private:
    struct Record {
        int failures = 0;  // in a row
        Clock::time_point next_check{};
        Clock::time_point last_logged{};
        long unlogged = 0;
    };
    std::chrono::milliseconds spacing(int failures) const;
    void forget_old(Clock::time_point now);
    static boost::asio::ip::address network_of(const boost::asio::ip::address& address);

    std::chrono::milliseconds first_delay_, max_delay_;
    std::size_t max_waiting_;
    unsigned checks_per_second_ = 0;
    // The server-wide limit as a virtual schedule (GCRA): when the next check would be due if
    // checks ran at exactly the limit's pace.
    Clock::time_point server_next_{};
    std::mutex mutex_;
    std::map<boost::asio::ip::address, Record> records_;       // by network
    std::map<boost::asio::ip::address, std::size_t> waiting_;  // networks with checks waiting
    // Each network's line for the server-wide limit: the head holds the turn, the others wait.
    struct LinePlace {
        std::function<void()> ready;
        bool at_head = false;
    };
    std::map<boost::asio::ip::address, std::deque<std::shared_ptr<LinePlace>>> server_lines_;
    void leave_server_line(const boost::asio::ip::address& network,
                           const std::shared_ptr<LinePlace>& place);
};

// Reads the first line (one byte at a time, so nothing meant for the session is consumed), checks
// it against `token` when `brake` allows, and hands the socket to `handler` on success. Timeouts
// and logging come from `context`; the whole line must arrive within its first-line deadline.
void pass_token_gate(boost::asio::ip::tcp::socket socket, ConnectionContext context,
                     std::string token, std::shared_ptr<TokenBrake> brake,
                     ConnectionHandler handler);

// The answer to one handshake line: "=[id]\n\n" when it is "[id] othello-token <token>",
// otherwise "?[id] token required\n\n". Exposed for tests.
std::string token_gate_answer(std::string_view line, std::string_view token, bool& accepted);

}  // namespace othello
