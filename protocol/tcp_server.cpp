// TcpServer: the accept loop, admission (admission.h) and the refusals it answers at once.
#include "protocol/tcp_server.h"

#include <sys/socket.h>

#include <boost/asio/post.hpp>
#include <boost/asio/signal_set.hpp>
#include <iostream>
#include <stdexcept>

#include "protocol/token_gate.h"

namespace othello {

namespace asio = boost::asio;
using asio::ip::tcp;

namespace {

AdmissionLimits limits_of(const TcpServerOptions& options) {
    AdmissionLimits limits;
    limits.max_clients = options.max_clients;
    limits.max_per_address = options.max_clients_per_address;
    limits.startups = options.max_startups;
    limits.per_source_startups = options.per_source_max_startups;
    limits.penalties = options.penalties;
    limits.drop_seed = options.drop_seed;
    return limits;
}

}  // namespace

TcpServerOptions exec_server_options() {
    TcpServerOptions options;
    options.max_clients = 32;
    options.max_clients_per_address = 8;
    options.max_startups = MaxStartups{16, 30, 32};
    options.per_source_max_startups = 8;
    return options;
}

TcpServer::TcpServer(const TcpServerOptions& options, ConnectionHandler handler)
    : options_(options),
      handler_(std::move(handler)),
      acceptor_(io_),
      admission_(limits_of(options)) {
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
    wrong_tokens_ =
        std::make_shared<RefusalLog>(io_.get_executor(), options_.log, std::chrono::seconds(1),
                                     RefusalNoun{"wrong token", "wrong tokens"});
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
    auto ticket =
        admission_.admit(options_.source_of ? options_.source_of(peer.address()) : peer.address());
    if (!ticket.place) return refuse(socket, where, ticket);
    if (ticket.evict) {
        // At most a line a second: a flood gives way thousands of times a second.
        evictions_->refuse(ticket.gave_way + " to " + where);
        ticket.evict();
    }
    ConnectionContext context{options_.idle_timeout,
                              options_.first_line_timeout,
                              options_.max_line_length,
                              std::move(ticket.place),
                              where,
                              options_.log,
                              refusals_,
                              wrong_tokens_,
                              options_.refusal_linger};
    if (options_.token.empty()) {
        handler_(std::move(socket), std::move(context));
    } else {
        pass_token_gate(std::move(socket), std::move(context), options_.token, handler_);
    }
}

// Refusing is cheap and at once: one line saying why (written only if the socket takes it now),
// what the client already sent read and dropped (closing with unread bytes would reset the
// connection, which can destroy the line before the client reads it), then the close.
void TcpServer::refuse(tcp::socket& socket, const std::string& where,
                       const Admission::Ticket& ticket) {
    refusals_->refuse(where + " refused: " + ticket.refusal);
    const std::string line = "? " + ticket.answer + "\n\n";
    const int fd = socket.native_handle();
    [[maybe_unused]] const ssize_t sent =
        ::send(fd, line.data(), line.size(), MSG_DONTWAIT | MSG_NOSIGNAL);
    char dropped[4096];
    for (int i = 0; i < 16 && ::recv(fd, dropped, sizeof dropped, MSG_DONTWAIT) > 0; ++i) {
    }
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
        wrong_tokens_->flush();
        io_.stop();
    });
}

}  // namespace othello
