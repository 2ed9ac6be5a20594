// TcpServer: accepts TCP connections on one Boost.Asio event loop and hands each to a connection
// handler (a protocol session, or a relay to a child engine process), within fixed bounds.
#pragma once

#include <algorithm>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>  // before Asio: Boost 1.74's awaitable.hpp uses std::exchange without it

#include "protocol/admission.h"
#include "protocol/connection_context.h"
#include "protocol/line_framer.h"
#include "protocol/line_session.h"
#include "protocol/refusal_log.h"

namespace othello {

// Admission (admission.h) is modelled on OpenSSH's sshd; each option names the sshd_config
// setting it follows.
struct TcpServerOptions {
    std::string host = "127.0.0.1";
    unsigned short port = 0;  // 0: any free port (see TcpServer::port)
    std::size_t max_clients = 1100;
    std::chrono::milliseconds idle_timeout{std::chrono::minutes(10)};  // 0: none
    std::size_t max_line_length = kDefaultMaxLineLength;
    // Every connection of one address (an IPv4 address, an IPv6 /64); 0: no limit beyond
    // max_clients.
    std::size_t max_clients_per_address = 64;
    // Connections not yet past their first line (the token's, with --token): random early drop
    // between START and FULL (MaxStartups).
    MaxStartups max_startups;
    // Of those, at most this many from one network (an IPv4 /24, an IPv6 /48), the address (or
    // /56, /64) holding the most giving way first (PerSourceMaxStartups); 0: no limit.
    std::size_t per_source_max_startups = 32;
    // Failures before a first line proves a connection, penalised per source (PerSourcePenalties).
    PenaltySettings penalties;
    // A connection's first line (the token's, with --token) must be complete this soon after it
    // opens (LoginGraceTime). 0: the idle timeout applies from the start.
    std::chrono::milliseconds first_line_timeout{std::chrono::seconds(5)};
    // Non-empty: a client's first line must be "othello-token <token>" (see token_gate.h).
    std::string token;
    // After a wrong token, how long the connection is read and dropped before it closes, so
    // that the refusal reaches a client that sent more behind its first line. A failed
    // connection gives way to any newcomer when the server is full, so lingering holds no place
    // a flood could spend. Tests lengthen it to see the server while failures linger.
    std::chrono::milliseconds refusal_linger{std::chrono::seconds(1)};
    // Where refused and dropped connections are reported, one line each with the peer and the
    // reason; empty: standard error, prefixed "othello-engine: ".
    std::function<void(const std::string&)> log;
    // Tests and benches: the address a peer counts as (loopback addresses standing for IPv6
    // sources, since ::1 is the only IPv6 loopback address); empty: its own.
    std::function<boost::asio::ip::address(const boost::asio::ip::address&)> source_of;
    // Tests: the random early drop's draws repeat from this seed; none: random.
    std::optional<std::uint64_t> drop_seed;
};

// The defaults with --exec, where every connection is a child process: fewer places, and fewer
// of them for connections not yet past their first line.
TcpServerOptions exec_server_options();

class TcpServer {
  public:
    // Binds and listens at once (throws boost::system::system_error if it cannot).
    TcpServer(const TcpServerOptions& options, ConnectionHandler handler);
    // Serves a session made by `factory` on every connection.
    TcpServer(const TcpServerOptions& options, SessionFactory factory);

    unsigned short port() const { return port_; }
    std::size_t active_connections() const { return admission_.open(); }

    // Runs the event loop until stop() (or SIGINT/SIGTERM when handle_signals is set).
    void run(bool handle_signals = false);
    // Safe from any thread: stops accepting and closes every connection.
    void stop();

  private:
    void accept();
    void admit(boost::asio::ip::tcp::socket socket);
    void log(const std::string& line) const;
    void refuse(boost::asio::ip::tcp::socket& socket, const std::string& where,
                const Admission::Ticket& ticket);

    TcpServerOptions options_;
    ConnectionHandler handler_;
    boost::asio::io_context io_;
    boost::asio::ip::tcp::acceptor acceptor_;
    unsigned short port_ = 0;
    Admission admission_;
    std::shared_ptr<RefusalLog> refusals_;
    // Unproven connections that gave way to a newcomer, and wrong tokens: logged apart from the
    // refusals (each at most a line a second), so that a flood of one never hides the others.
    std::shared_ptr<RefusalLog> evictions_;
    std::shared_ptr<RefusalLog> wrong_tokens_;
};

// The handler that serves LineSession objects over a socket (what the SessionFactory constructor
// uses).
ConnectionHandler session_connection_handler(SessionFactory factory);

}  // namespace othello
