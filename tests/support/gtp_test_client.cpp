#include "tests/support/gtp_test_client.h"

#include <poll.h>
#include <sys/socket.h>

#include <istream>
#include <utility>  // before Asio: Boost 1.74 needs std::exchange declared

// clang-format off
#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/streambuf.hpp>
#include <boost/asio/write.hpp>
// clang-format on

namespace asio = boost::asio;

namespace othello::testing {

GtpProcess::GtpProcess(const std::string& program, const std::vector<std::string>& args,
                       const std::string& stderr_file)
    : child_(program, args,
             ChildProcess::Streams().stdin_pipe().stdout_pipe().stderr_file(stderr_file)) {}

GtpProcess::~GtpProcess() {
    if (child_.running()) {
        child_.write("quit\n");
        child_.close_stdin();
        child_.wait();
    }
}

std::string GtpProcess::send(const std::string& command) {
    child_.write(command + "\n");
    return read_response([this](std::string& line) { return child_.read_line(line); });
}

struct GtpSocket::Impl {
    asio::io_context io;
    asio::ip::tcp::socket socket{io};
    asio::streambuf buffer;
};

GtpSocket::GtpSocket(unsigned short port) : impl_(std::make_unique<Impl>()) {
    impl_->socket.connect({asio::ip::make_address("127.0.0.1"), port});
}

GtpSocket::GtpSocket(unsigned short port, const std::string& from)
    : impl_(std::make_unique<Impl>()) {
    impl_->socket.open(asio::ip::tcp::v4());
    impl_->socket.bind({asio::ip::make_address(from), 0});
    impl_->socket.connect({asio::ip::make_address("127.0.0.1"), port});
}

GtpSocket::~GtpSocket() = default;

bool GtpSocket::send_raw(const std::string& bytes) {
    boost::system::error_code error;
    asio::write(impl_->socket, asio::buffer(bytes), error);
    return !error;
}

std::string GtpSocket::send(const std::string& command) {
    send_raw(command + "\n");
    return read();
}

std::string GtpSocket::read() {
    return read_response([this](std::string& line) { return read_line(line); });
}

bool GtpSocket::read_line(std::string& line) {
    boost::system::error_code error;
    asio::read_until(impl_->socket, impl_->buffer, '\n', error);
    if (error && impl_->buffer.size() == 0) return false;
    std::istream stream(&impl_->buffer);
    std::getline(stream, line);
    return true;
}

std::string GtpSocket::read_to_end() {
    std::string everything(asio::buffers_begin(impl_->buffer.data()),
                           asio::buffers_end(impl_->buffer.data()));
    impl_->buffer.consume(impl_->buffer.size());
    boost::system::error_code error;
    asio::read(impl_->socket, asio::dynamic_buffer(everything), error);
    return everything;
}

bool GtpSocket::closed_by_server() {
    std::string line;
    while (read_line(line)) {
    }
    return true;
}

bool GtpSocket::closed_within(std::chrono::milliseconds limit) {
    if (impl_->buffer.size() > 0) impl_->buffer.consume(impl_->buffer.size());
    const int fd = impl_->socket.native_handle();
    const auto until = std::chrono::steady_clock::now() + limit;
    for (;;) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            until - std::chrono::steady_clock::now());
        pollfd ready{fd, POLLIN, 0};
        if (left.count() <= 0 || ::poll(&ready, 1, static_cast<int>(left.count())) <= 0)
            return false;
        char chunk[256];
        if (::recv(fd, chunk, sizeof chunk, 0) <= 0) return true;
    }
}

int GtpSocket::fd() const {
    return impl_->socket.native_handle();
}

std::string answer_within(GtpSocket& client, std::chrono::milliseconds limit) {
    const int fd = client.fd();
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
