// The token gate: reads and checks the first line of a connection before its session starts.
#include "protocol/token_gate.h"

#include <array>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>
#include <cctype>

namespace othello {

namespace {

namespace asio = boost::asio;
using asio::ip::tcp;

constexpr std::size_t kRefusalLingerBytes = 64 * 1024;

// Compares without stopping at the first difference, so the answer time says nothing about how
// much of a guess was right.
bool same_secret(std::string_view given, std::string_view token) {
    unsigned char differ = given.size() == token.size() ? 0 : 1;
    for (std::size_t i = 0; i < given.size(); ++i) {
        differ |=
            static_cast<unsigned char>(given[i] ^ token[i % (token.empty() ? 1 : token.size())]);
    }
    return differ == 0 && !token.empty();
}

std::vector<std::string_view> words_of(std::string_view line) {
    std::vector<std::string_view> words;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
        const std::size_t start = i;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
        if (i > start) words.push_back(line.substr(start, i - start));
    }
    return words;
}

class TokenGate : public std::enable_shared_from_this<TokenGate> {
  public:
    TokenGate(tcp::socket socket, ConnectionContext context, std::string token,
              ConnectionHandler handler)
        : socket_(std::move(socket)),
          timer_(socket_.get_executor()),
          context_(std::move(context)),
          token_(std::move(token)),
          handler_(std::move(handler)) {}

    void start() {
        context_.on_evicted([weak = weak_from_this()] {
            if (const auto self = weak.lock()) self->close();
        });
        if (const auto limit = context_.first_line_deadline(); limit.count() > 0) {
            timer_.expires_after(limit);
            timer_.async_wait([self = shared_from_this(), limit](boost::system::error_code error) {
                if (error || self->done_) return;
                self->context_.log_drop("no token within " + std::to_string(limit.count()) + " ms" +
                                        self->context_.fail(Failure::Timeout));
                self->close();
            });
        }
        read_byte();
    }

  private:
    void read_byte() {
        asio::async_read(socket_, asio::buffer(&byte_, 1),
                         [self = shared_from_this()](boost::system::error_code error, std::size_t) {
                             if (self->done_) return;
                             // Gone before its line was answered: its place's end counts it
                             // (a hang-up).
                             if (error) return self->close();
                             self->take(self->byte_);
                         });
    }

    void take(char c) {
        if (c != '\n') {
            if (line_.size() >= kMaxTokenLineLength) {
                refuse("first line over " + std::to_string(kMaxTokenLineLength) +
                       " bytes without a token");
                return answer("? token required\n\n", false);
            }
            line_ += c;
            return read_byte();
        }
        if (!line_.empty() && line_.back() == '\r') line_.pop_back();
        timer_.cancel();
        bool accepted = false;
        const std::string text = token_gate_answer(line_, token_, accepted);
        if (accepted) {
            context_.prove();  // its place is its own from now, answer written or not
        } else {
            refuse("wrong or missing token");
        }
        answer(text, accepted);
    }

    // A wrong first line: the source's failure, logged at most once a second with the others.
    void refuse(const std::string& why) {
        const std::string line =
            context_.peer + " dropped: " + why + context_.fail(Failure::WrongToken);
        if (context_.wrong_tokens) {
            context_.wrong_tokens->refuse(line);
        } else if (context_.log) {
            context_.log(line);
        }
    }

    void answer(const std::string& text, bool accepted) {
        out_ = text;
        asio::async_write(
            socket_, asio::buffer(out_),
            [self = shared_from_this(), accepted](boost::system::error_code error, std::size_t) {
                if (self->done_) return;
                if (error) return self->close();
                if (!accepted) return self->linger();
                self->done_ = true;
                self->timer_.cancel();
                // The token was the first line: the session's lines have the idle timeout.
                self->context_.first_line_timeout = std::chrono::milliseconds(0);
                self->handler_(std::move(self->socket_), std::move(self->context_));
            });
    }

    // After a refusal: the client may have sent more behind its first line (its protocol's next
    // command); closing with those bytes unread would reset the connection, and the reset can
    // destroy the refusal before the client reads it. So the server stops sending, reads and
    // drops what comes for up to the context's refusal_linger (or kRefusalLingerBytes), then
    // closes. The place is failed by now: it gives way to a newcomer when the server is full.
    void linger() {
        done_ = true;
        boost::system::error_code ignored;
        socket_.shutdown(tcp::socket::shutdown_send, ignored);
        timer_.expires_after(context_.refusal_linger);
        timer_.async_wait([self = shared_from_this()](boost::system::error_code error) {
            if (!error) self->close();
        });
        drain();
    }

    void drain() {
        socket_.async_read_some(
            asio::buffer(drained_),
            [self = shared_from_this()](boost::system::error_code error, std::size_t n) {
                self->drained_bytes_ += n;
                if (error || self->drained_bytes_ > kRefusalLingerBytes) return self->close();
                self->drain();
            });
    }

    void close() {
        done_ = true;
        boost::system::error_code ignored;
        timer_.cancel();
        socket_.shutdown(tcp::socket::shutdown_both, ignored);
        socket_.close(ignored);
    }

    tcp::socket socket_;
    asio::steady_timer timer_;
    ConnectionContext context_;
    std::string token_;
    ConnectionHandler handler_;
    std::string line_;
    std::string out_;
    char byte_ = 0;
    bool done_ = false;
    std::array<char, 1024> drained_;
    std::size_t drained_bytes_ = 0;
};

}  // namespace

std::string token_gate_answer(std::string_view line, std::string_view token, bool& accepted) {
    auto words = words_of(line);
    std::string id;
    if (!words.empty() && std::isdigit(static_cast<unsigned char>(words[0][0]))) {
        bool digits = true;
        for (char c : words[0]) digits = digits && std::isdigit(static_cast<unsigned char>(c));
        if (digits) {
            id = std::string(words[0]);
            words.erase(words.begin());
        }
    }
    accepted = words.size() == 2 && words[0] == kTokenCommand && same_secret(words[1], token);
    return accepted ? "=" + id + "\n\n" : "?" + id + " token required\n\n";
}

void pass_token_gate(tcp::socket socket, ConnectionContext context, std::string token,
                     ConnectionHandler handler) {
    std::make_shared<TokenGate>(std::move(socket), std::move(context), std::move(token),
                                std::move(handler))
        ->start();
}

}  // namespace othello
