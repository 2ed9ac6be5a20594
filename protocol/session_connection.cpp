// One TCP connection serving one LineSession: read, frame, answer, write, with an idle timeout.
// Reading pauses while a response is written, so a client that does not read cannot make the
// server buffer more than one read's worth of answers. Idle connections, lines not completed within
// the idle timeout, and connections that keep sending over-long lines are dropped with the reason
// logged.
#include <array>
#include <boost/asio/write.hpp>

#include "protocol/tcp_server.h"

namespace othello {

namespace {

namespace asio = boost::asio;
using asio::ip::tcp;

// An over-long line is answered (the session refuses it); this many in one connection is abuse.
constexpr int kOverlongLinesBeforeDrop = 3;

class SessionConnection : public std::enable_shared_from_this<SessionConnection> {
  public:
    SessionConnection(tcp::socket socket, ConnectionContext context,
                      std::unique_ptr<LineSession> session)
        : socket_(std::move(socket)),
          idle_(socket_.get_executor()),
          context_(std::move(context)),
          session_(std::move(session)),
          framer_(context_.max_line_length) {}

    void start() {
        context_.on_evicted([weak = weak_from_this()] {
            if (const auto self = weak.lock()) self->close();
        });
        out_ = session_->greeting();
        if (out_.empty()) {
            read();
        } else {
            write();
        }
    }

  private:
    void arm_idle_timer() {
        // Until its first line is complete a connection has the (shorter) first-line deadline:
        // a silent client holds its place seconds, not the idle timeout.
        const auto after =
            first_line_done_ ? context_.idle_timeout : context_.first_line_deadline();
        if (after.count() <= 0) return;
        idle_.expires_after(after);
        idle_.async_wait([self = shared_from_this(), after](boost::system::error_code error) {
            if (error) return;
            const std::string ms = std::to_string(after.count()) + " ms";
            if (!self->first_line_done_) {
                self->context_.log_drop("no first line within " + ms +
                                        self->context_.fail(Failure::Timeout));
            } else {
                self->context_.log_drop(self->framer_.has_partial()
                                            ? "no complete line within " + ms
                                            : "idle for " + ms);
            }
            self->close();
        });
    }

    void read() {
        // The clock restarts only between lines: a line must be complete within the idle
        // timeout, so a client trickling a byte at a time cannot hold its place for ever.
        if (!framer_.has_partial()) arm_idle_timer();
        socket_.async_read_some(
            asio::buffer(buffer_),
            [self = shared_from_this()](boost::system::error_code error, std::size_t n) {
                // End of stream or an error: a half-sent command is simply dropped.
                if (error) return self->close();
                self->answer(std::string_view(self->buffer_.data(), n));
            });
    }

    void answer(std::string_view bytes) {
        for (const std::string& line : framer_.feed(bytes)) {
            if (!first_line_done_) context_.prove();
            first_line_done_ = true;
            out_ += session_->handle(line);
            if (session_->closed()) break;
            if (line.size() > context_.max_line_length &&
                ++overlong_lines_ >= kOverlongLinesBeforeDrop) {
                context_.log_drop(std::to_string(overlong_lines_) + " lines over " +
                                  std::to_string(context_.max_line_length) + " bytes");
                dropping_ = true;
                break;
            }
        }
        if (dropping_) return out_.empty() ? close() : write();
        if (out_.empty())
            return session_->closed() ? close() : read();  // NBoard quit answers nothing
        write();
    }

    void write() {
        asio::async_write(
            socket_, asio::buffer(out_),
            [self = shared_from_this()](boost::system::error_code error, std::size_t) {
                self->out_.clear();
                if (error || self->session_->closed() || self->dropping_) return self->close();
                self->read();
            });
    }

    void close() {
        boost::system::error_code ignored;
        idle_.cancel();
        socket_.shutdown(tcp::socket::shutdown_both, ignored);
        socket_.close(ignored);
    }

    tcp::socket socket_;
    asio::steady_timer idle_;
    ConnectionContext context_;
    std::unique_ptr<LineSession> session_;
    LineFramer framer_;
    std::array<char, 4096> buffer_;
    std::string out_;
    int overlong_lines_ = 0;
    bool dropping_ = false;  // answering, then closing
    bool first_line_done_ = false;
};

}  // namespace

ConnectionHandler session_connection_handler(SessionFactory factory) {
    return [factory = std::move(factory)](tcp::socket socket, ConnectionContext context) {
        std::unique_ptr<LineSession> session;
        try {
            session = factory();
        } catch (const std::exception& e) {
            // E.g. the book file was removed after the server started. The reason may name
            // server-side files: it goes to the log, and the client only sees the connection end.
            // The server's fault, not the client's: no hang-up is counted against its source.
            context.ended_by_server();
            context.log_drop(std::string("cannot start a session: ") + e.what());
            boost::system::error_code ignored;
            socket.shutdown(tcp::socket::shutdown_both, ignored);
            socket.close(ignored);
            return;
        }
        std::make_shared<SessionConnection>(std::move(socket), std::move(context),
                                            std::move(session))
            ->start();
    };
}

}  // namespace othello
