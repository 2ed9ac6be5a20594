// Test helpers that talk GTP to real things: a child process over pipes and a TCP socket on
// 127.0.0.1, each sending one command and reading one response (up to the empty line).
#pragma once

#include <poll.h>
#include <sys/socket.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/streambuf.hpp>
#include <boost/asio/write.hpp>
#include <boost/process.hpp>
#include <chrono>
#include <csignal>
#include <istream>
#include <string>
#include <utility>  // before Asio: Boost 1.74 needs std::exchange declared
#include <vector>

namespace othello::testing {

// The engine executable built next to the tests.
inline std::string engine_path() {
    return std::string(OTHELLO_BIN_DIR) + "/othello-engine";
}

// Runs `program args` with `input` on stdin; returns everything it wrote on stdout. A program
// that exits without reading its input (e.g. on a bad option) must not kill the test with
// SIGPIPE, so the write ignores it.
inline std::string run_with_input(const std::string& program, const std::vector<std::string>& args,
                                  const std::string& input) {
    namespace bp = boost::process;
    std::signal(SIGPIPE, SIG_IGN);
    bp::opstream in;
    bp::ipstream out;
    bp::child child(bp::exe = program, bp::args = args, bp::std_in<in, bp::std_out> out);
    in << input;
    in.flush();
    in.pipe().close();
    std::string all((std::istreambuf_iterator<char>(out)), std::istreambuf_iterator<char>());
    child.wait();
    return all;
}

// Reads one GTP response (lines up to and including the empty line) from a line source.
template <typename ReadLine>
std::string read_response(ReadLine&& read_line) {
    std::string response, line;
    while (read_line(line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty()) {
            if (response.empty()) continue;  // tolerate stray blank lines before a response
            return response;
        }
        response += line + "\n";
    }
    return response;
}

// A GTP engine as a child process.
class GtpProcess {
  public:
    GtpProcess(const std::string& program, const std::vector<std::string>& args)
        : child_(boost::process::exe = program, boost::process::args = args,
                 boost::process::std_in<in_, boost::process::std_out> out_) {}
    ~GtpProcess() {
        if (child_.running()) {
            in_ << "quit\n";
            in_.flush();
            in_.pipe().close();
            child_.wait();
        }
    }
    // Sends a command; returns its response without the final empty line.
    std::string send(const std::string& command) {
        in_ << command << "\n";
        in_.flush();
        return read_response([this](std::string& line) { return bool(std::getline(out_, line)); });
    }

  private:
    boost::process::opstream in_;
    boost::process::ipstream out_;
    boost::process::child child_;
};

// A GTP client on a TCP socket to 127.0.0.1.
class GtpSocket {
  public:
    explicit GtpSocket(unsigned short port) : socket_(io_) {
        socket_.connect({boost::asio::ip::make_address("127.0.0.1"), port});
    }
    // From another loopback address (127.0.0.2, 127.1.0.1, ...): a distinct client address.
    GtpSocket(unsigned short port, const std::string& from) : socket_(io_) {
        socket_.open(boost::asio::ip::tcp::v4());
        socket_.bind({boost::asio::ip::make_address(from), 0});
        socket_.connect({boost::asio::ip::make_address("127.0.0.1"), port});
    }
    void send_raw(const std::string& bytes) {
        boost::asio::write(socket_, boost::asio::buffer(bytes));
    }
    std::string send(const std::string& command) {
        send_raw(command + "\n");
        return read();
    }
    std::string read() {
        return read_response([this](std::string& line) { return read_line(line); });
    }
    // True once the server has closed the connection (reads until end of stream).
    bool closed_by_server() {
        std::string line;
        while (read_line(line)) {
        }
        return true;
    }
    boost::asio::ip::tcp::socket& socket() { return socket_; }

  private:
    bool read_line(std::string& line) {
        boost::system::error_code error;
        boost::asio::read_until(socket_, buffer_, '\n', error);
        if (error && buffer_.size() == 0) return false;
        std::istream stream(&buffer_);
        std::getline(stream, line);
        return true;
    }
    boost::asio::io_context io_;
    boost::asio::ip::tcp::socket socket_;
    boost::asio::streambuf buffer_;
};

// The server's first answer on `client` (through its blank line), or what came before `limit`
// passed or the server closed the connection.
inline std::string answer_within(GtpSocket& client, std::chrono::milliseconds limit) {
    const int fd = client.socket().native_handle();
    const auto until = std::chrono::steady_clock::now() + limit;
    std::string text;
    while (text.find("\n\n") == std::string::npos) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            until - std::chrono::steady_clock::now());
        pollfd ready{fd, POLLIN, 0};
        if (left.count() <= 0 || ::poll(&ready, 1, static_cast<int>(left.count())) <= 0) break;
        char chunk[256];
        const ssize_t n = ::recv(fd, chunk, sizeof chunk, 0);
        if (n <= 0) break;
        text.append(chunk, static_cast<std::size_t>(n));
    }
    return text;
}

}  // namespace othello::testing
