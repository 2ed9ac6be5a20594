// TcpClient: Boost.Asio asynchronous operations driven with run_until, so each has a deadline.
#include "protocol/tcp_client.h"

#include <fcntl.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/write.hpp>

#include "protocol/interruption.h"
#include "protocol/line_framer.h"

namespace othello {

namespace asio = boost::asio;
using asio::ip::tcp;

TcpClient::TcpClient(const std::string& host, unsigned short port, Deadline deadline)
    : socket_(io_), where_(host + ":" + std::to_string(port)) {
    boost::system::error_code ec;
    tcp::resolver resolver(io_);
    const auto endpoints = resolver.resolve(host, std::to_string(port), ec);
    if (ec)
        throw ChannelError(ChannelFailure::StartFailed,
                           "cannot resolve " + where_ + ": " + ec.message());
    bool done = false;
    asio::async_connect(socket_, endpoints,
                        [&](const boost::system::error_code& e, const tcp::endpoint&) {
                            ec = e;
                            done = true;
                        });
    if (!run_until(done, deadline)) {
        throw ChannelError(ChannelFailure::Timeout, "connecting to " + where_ + " timed out");
    }
    if (ec)
        throw ChannelError(ChannelFailure::StartFailed,
                           "cannot connect to " + where_ + ": " + ec.message());
    // Engines started later as child processes must not inherit this connection (the peer would
    // then never see it close).
    ::fcntl(socket_.native_handle(), F_SETFD, FD_CLOEXEC);
    socket_.set_option(tcp::no_delay(true), ec);  // one small line per round trip: do not batch
}

bool TcpClient::run_until(const bool& done, Deadline deadline) {
    io_.restart();
    while (!done) {
        // In slices, so that an interruption is seen.
        const Deadline slice =
            std::min(deadline, std::chrono::steady_clock::now() +
                                   std::chrono::milliseconds(kInterruptionCheck));
        if (io_.run_one_until(slice) == 0 && !done) {
            const bool interrupted = interrupting_signal() != 0;
            if (!interrupted && std::chrono::steady_clock::now() < deadline) continue;
            boost::system::error_code ignored;
            socket_.cancel(ignored);
            io_.restart();
            io_.run();  // let the cancelled handler run so nothing refers to this frame later
            if (interrupted) throw ChannelError(ChannelFailure::Closed, where_ + ": interrupted");
            // The cancelled handler has set `done` with operation_aborted: that is a timeout, not a
            // lost connection.
            return false;
        }
    }
    return true;
}

void TcpClient::write_line(std::string_view line) {
    if (!socket_.is_open())
        throw ChannelError(ChannelFailure::Closed, "connection to " + where_ + " is closed");
    std::string data(line);
    data += '\n';
    boost::system::error_code ec;
    asio::write(socket_, asio::buffer(data), ec);  // Asio sends with MSG_NOSIGNAL on Linux
    if (ec)
        throw ChannelError(ChannelFailure::Closed,
                           "connection to " + where_ + " lost: " + ec.message());
}

std::string TcpClient::read_line(Deadline deadline) {
    if (!socket_.is_open())
        throw ChannelError(ChannelFailure::Closed, "connection to " + where_ + " is closed");
    bool done = false;
    boost::system::error_code ec;
    std::size_t length = 0;
    // Bounded like the engine side's LineFramer: a peer cannot make the runner buffer without
    // limit.
    asio::async_read_until(socket_, asio::dynamic_buffer(buffer_, kDefaultMaxLineLength + 1), '\n',
                           [&](const boost::system::error_code& e, std::size_t n) {
                               ec = e;
                               length = n;
                               done = true;
                           });
    if (!run_until(done, deadline)) {
        throw ChannelError(ChannelFailure::Timeout, where_ + " did not reply in time");
    }
    if (ec == asio::error::not_found) {
        buffer_.clear();
        throw ChannelError(ChannelFailure::Malformed, where_ + " sent a line longer than " +
                                                          std::to_string(kDefaultMaxLineLength) +
                                                          " bytes");
    }
    if (ec)
        throw ChannelError(ChannelFailure::Closed,
                           "connection to " + where_ + " lost: " + ec.message());
    std::string line = buffer_.substr(0, length - 1);
    buffer_.erase(0, length);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return line;
}

void TcpClient::stop(std::chrono::milliseconds) {
    boost::system::error_code ignored;
    socket_.shutdown(tcp::socket::shutdown_both, ignored);
    socket_.close(ignored);
}

}  // namespace othello
