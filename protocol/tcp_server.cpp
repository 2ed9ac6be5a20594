// TcpServer: the accept loop and the bound on concurrent connections.
#include "protocol/tcp_server.h"

#include <boost/asio/post.hpp>
#include <boost/asio/signal_set.hpp>
#include <iostream>
#include <stdexcept>

namespace othello {

namespace asio = boost::asio;
using asio::ip::tcp;

TcpServer::TcpServer(const TcpServerOptions& options, ConnectionHandler handler)
    : options_(options), handler_(std::move(handler)), acceptor_(io_) {
    boost::system::error_code bad_host;
    const std::string host = options.host == "localhost" ? "127.0.0.1" : options.host;
    const auto address = asio::ip::make_address(host, bad_host);
    if (bad_host) {
        throw std::invalid_argument("cannot listen on '" + options.host +
                                    "': not an IP address (e.g. 127.0.0.1 or 0.0.0.0)");
    }
    const tcp::endpoint endpoint(address, options.port);
    acceptor_.open(endpoint.protocol());
    acceptor_.set_option(tcp::acceptor::reuse_address(true));
    acceptor_.bind(endpoint);
    acceptor_.listen(asio::socket_base::max_listen_connections);
    port_ = acceptor_.local_endpoint().port();
    accept();
}

TcpServer::TcpServer(const TcpServerOptions& options, SessionFactory factory)
    : TcpServer(options, session_connection_handler(std::move(factory))) {}

void TcpServer::accept() {
    acceptor_.async_accept([this](boost::system::error_code error, tcp::socket socket) {
        if (error == asio::error::operation_aborted || !acceptor_.is_open()) return;
        if (!error) {
            if (active_->load() >= options_.max_clients) {
                // Full: refuse by closing at once, so the client sees end of stream, not a hang.
                boost::system::error_code ignored;
                socket.shutdown(tcp::socket::shutdown_both, ignored);
                socket.close(ignored);
            } else {
                ++*active_;
                auto counter = active_;
                std::shared_ptr<void> slot(nullptr, [counter](void*) { --*counter; });
                handler_(std::move(socket),
                         ConnectionContext{options_.idle_timeout, options_.max_line_length, slot});
            }
        } else if (error == asio::error::no_descriptors) {
            std::cerr << "othello-engine: out of file descriptors; refusing connections\n";
        }
        accept();
    });
}

void TcpServer::run(bool handle_signals) {
    asio::signal_set signals(io_);
    if (handle_signals) {
        signals.add(SIGINT);
        signals.add(SIGTERM);
        signals.async_wait([this](boost::system::error_code error, int) {
            if (!error) stop();
        });
    }
    io_.run();
}

void TcpServer::stop() {
    asio::post(io_, [this] {
        boost::system::error_code ignored;
        acceptor_.close(ignored);
        io_.stop();
    });
}

}  // namespace othello
