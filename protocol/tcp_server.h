// TcpServer: accepts TCP connections on one Boost.Asio event loop and hands each to a connection
// handler (a protocol session, or a relay to a child engine process), within fixed bounds.
#pragma once

#include <algorithm>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <utility>  // before Asio: Boost 1.74's awaitable.hpp uses std::exchange without it

#include "protocol/connection_context.h"
#include "protocol/connection_places.h"
#include "protocol/line_framer.h"
#include "protocol/line_session.h"
#include "protocol/refusal_log.h"

namespace othello {

class TokenBrake;

struct TcpServerOptions {
    std::string host = "127.0.0.1";
    unsigned short port = 0;  // 0: any free port (see TcpServer::port)
    std::size_t max_clients = 1100;
    std::chrono::milliseconds idle_timeout{std::chrono::minutes(10)};  // 0: none
    std::size_t max_line_length = kDefaultMaxLineLength;
    // So that one address cannot hold every place (an IPv4 address, an IPv6 /64); 0: no limit
    // beyond max_clients.
    std::size_t max_clients_per_address = 64;
    // Connections not yet past their first line (the token's, with --token) from one network (an
    // IPv4 /24, an IPv6 /64); 0: no limit. When the server is full such a connection may lose its
    // place to another network's newcomer (connection_places.h).
    std::size_t max_unproven_per_network = 32;
    // A connection's first line (the token's, with --token) must be complete this soon after it
    // opens: a silent connection holds its place seconds, not the idle timeout. 0: the idle
    // timeout applies from the start.
    std::chrono::milliseconds first_line_timeout{std::chrono::seconds(10)};
    // Non-empty: a client's first line must be "othello-token <token>" (see token_gate.h).
    std::string token;
    // With a token: at most this many token checks a second on the whole server (token_gate.h).
    unsigned token_checks_per_second = 20;
    // Where refused and dropped connections are reported, one line each with the peer and the
    // reason; empty: standard error, prefixed "othello-engine: ".
    std::function<void(const std::string&)> log;
};

class TcpServer {
  public:
    // Binds and listens at once (throws boost::system::system_error if it cannot).
    TcpServer(const TcpServerOptions& options, ConnectionHandler handler);
    // Serves a session made by `factory` on every connection.
    TcpServer(const TcpServerOptions& options, SessionFactory factory);

    unsigned short port() const { return port_; }
    std::size_t active_connections() const { return places_.open(); }

    // Runs the event loop until stop() (or SIGINT/SIGTERM when handle_signals is set).
    void run(bool handle_signals = false);
    // Safe from any thread: stops accepting and closes every connection.
    void stop();

  private:
    void accept();
    void admit(boost::asio::ip::tcp::socket socket);
    void log(const std::string& line) const;
    void refuse(boost::asio::ip::tcp::socket& socket, const std::string& where,
                const std::string& why);

    TcpServerOptions options_;
    ConnectionHandler handler_;
    boost::asio::io_context io_;
    boost::asio::ip::tcp::acceptor acceptor_;
    unsigned short port_ = 0;
    ConnectionPlaces places_;
    std::shared_ptr<TokenBrake> token_brake_;
    std::shared_ptr<RefusalLog> refusals_;
    // Places taken from unproven connections: logged apart from the refusals (each at most a
    // line a second), so that a flood of one never hides the other.
    std::shared_ptr<RefusalLog> evictions_;
};

// The handler that serves LineSession objects over a socket (what the SessionFactory constructor
// uses).
ConnectionHandler session_connection_handler(SessionFactory factory);

}  // namespace othello
