// TcpClient: a GTP engine served over TCP ("tcp://host:port"), as a LineChannel with deadlines.
#pragma once

// clang-format off
#include <utility>  // before Asio: Boost 1.74's awaitable.hpp uses std::exchange without it
// clang-format on
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <string>

#include "protocol/line_channel.h"

namespace othello {

class TcpClient : public LineChannel {
  public:
    // Connects before `deadline`; throws ChannelError(StartFailed) naming host and port.
    TcpClient(const std::string& host, unsigned short port, Deadline deadline);

    void write_line(std::string_view line) override;
    std::string read_line(Deadline deadline) override;
    void stop(std::chrono::milliseconds grace) override;

  private:
    // Runs the io_context until `done` or the deadline; on the deadline cancels the pending
    // operation and returns false. Throws ChannelError(Closed) once the program is interrupted
    // (protocol/interruption.h).
    bool run_until(const bool& done, Deadline deadline);

    boost::asio::io_context io_;
    boost::asio::ip::tcp::socket socket_;
    std::string buffer_;
    std::string where_;  // "host:port", for messages
};

}  // namespace othello
