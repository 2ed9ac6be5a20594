// TcpServer: the accept loop and the bound on concurrent connections.
#include "protocol/tcp_server.h"

#include <boost/asio/post.hpp>
#include <boost/asio/signal_set.hpp>
#include <iostream>
#include <stdexcept>

#include "protocol/token_gate.h"

namespace othello {

namespace asio = boost::asio;
using asio::ip::tcp;

TcpServer::TcpServer(const TcpServerOptions& options, ConnectionHandler handler)
    : options_(options),
      handler_(std::move(handler)),
      acceptor_(io_),
      places_(ConnectionLimits{options.max_clients, options.max_clients_per_address,
                               options.max_unproven_per_network}) {
    if (!options_.log) {
        options_.log = [](const std::string& line) {
            std::cerr << "othello-engine: " + line + "\n" << std::flush;
        };
    }
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
    refusals_ = std::make_shared<RefusalLog>(io_.get_executor(), options_.log);
    evictions_ =
        std::make_shared<RefusalLog>(io_.get_executor(), options_.log, std::chrono::seconds(1),
                                     RefusalNoun{"eviction", "evictions"});
    accept();
}

TcpServer::TcpServer(const TcpServerOptions& options, SessionFactory factory)
    : TcpServer(options, session_connection_handler(std::move(factory))) {}

void TcpServer::accept() {
    acceptor_.async_accept([this](boost::system::error_code error, tcp::socket socket) {
        if (error == asio::error::operation_aborted || !acceptor_.is_open()) return;
        if (!error) {
            admit(std::move(socket));
        } else if (error == asio::error::no_descriptors) {
            refusals_->refuse("out of file descriptors; refusing connections");
        }
        accept();
    });
}

void TcpServer::admit(tcp::socket socket) {
    boost::system::error_code no_peer;
    const tcp::endpoint peer = socket.remote_endpoint(no_peer);
    if (no_peer) return;  // reset before we looked: nothing to serve
    const std::string where = peer.address().to_string() + ":" + std::to_string(peer.port());
    auto admission = places_.admit(peer.address());
    if (!admission.place) return refuse(socket, where, admission.refusal);
    if (admission.evict) {
        // At most a line a second: a flood evicts thousands a second.
        evictions_->refuse("a connection from " + admission.evicted_network +
                           " not yet past its first line dropped: its place went to " + where);
        admission.evict();
    }
    ConnectionContext context{options_.idle_timeout,
                              options_.first_line_timeout,
                              options_.max_line_length,
                              std::move(admission.place),
                              where,
                              options_.log,
                              refusals_};
    if (options_.token.empty()) {
        handler_(std::move(socket), std::move(context));
    } else {
        if (!token_brake_) {
            token_brake_ = std::make_shared<TokenBrake>();
            token_brake_->limit_server_checks(options_.token_checks_per_second);
        }
        pass_token_gate(std::move(socket), std::move(context), options_.token, token_brake_,
                        handler_);
    }
}

// Refusing is closing at once, so the client sees end of stream, not a hang.
void TcpServer::refuse(tcp::socket& socket, const std::string& where, const std::string& why) {
    refusals_->refuse(where + " refused: " + why);
    boost::system::error_code ignored;
    socket.shutdown(tcp::socket::shutdown_both, ignored);
    socket.close(ignored);
}

void TcpServer::log(const std::string& line) const {
    options_.log(line);
}

void TcpServer::run(bool handle_signals) {
    asio::signal_set signals(io_);
    if (handle_signals) {
        signals.add(SIGINT);
        signals.add(SIGTERM);
        signals.add(SIGHUP);  // a closed terminal: stop as cleanly, ending the engines' groups
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
        refusals_->flush();
        evictions_->flush();
        io_.stop();
    });
}

}  // namespace othello
