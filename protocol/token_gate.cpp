// The token gate: reads and checks the first line of a connection before its session starts.
#include "protocol/token_gate.h"

#include <sys/socket.h>

#include <array>
#include <boost/asio/post.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>
#include <cctype>
#include <cerrno>

#include "protocol/client_network.h"

namespace othello {

namespace {

namespace asio = boost::asio;
using asio::ip::tcp;

constexpr std::chrono::seconds kRefusalLinger{1};
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
              std::shared_ptr<TokenBrake> brake, ConnectionHandler handler)
        : socket_(std::move(socket)),
          timer_(socket_.get_executor()),
          brake_timer_(socket_.get_executor()),
          context_(std::move(context)),
          token_(std::move(token)),
          brake_(std::move(brake)),
          handler_(std::move(handler)) {
        boost::system::error_code no_peer;
        address_ = socket_.remote_endpoint(no_peer).address();
    }

    void start() {
        context_.on_evicted([weak = weak_from_this()] {
            if (const auto self = weak.lock()) self->close();
        });
        if (const auto limit = context_.first_line_deadline(); limit.count() > 0) {
            timer_.expires_after(limit);
            timer_.async_wait([self = shared_from_this(), limit](boost::system::error_code error) {
                if (error || self->done_) return;
                self->context_.log_drop("no token within " + std::to_string(limit.count()) + " ms");
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
                             if (error) return self->close();  // gone before the handshake
                             self->take(self->byte_);
                         });
    }

    void take(char c) {
        if (c != '\n') {
            if (line_.size() >= kMaxTokenLineLength) {
                context_.log_drop("first line over " + std::to_string(kMaxTokenLineLength) +
                                  " bytes without a token");
                return answer("? token required\n\n", false);
            }
            line_ += c;
            return read_byte();
        }
        if (!line_.empty() && line_.back() == '\r') line_.pop_back();
        // The line is complete: from here on only the brake, not the client, takes time.
        timer_.cancel();
        const auto now = TokenBrake::Clock::now();
        auto turn = brake_->turn(address_, now);
        if (!turn) {
            context_.log_refusal(std::to_string(brake_->max_waiting()) +
                                 " token checks already waiting from this network");
            return answer("? too many token checks waiting from this network\n\n", false);
        }
        if (turn->at <= now) return join_server_line();
        place_ = std::move(turn->place);
        wait_until(turn->at, &TokenGate::join_server_line);
    }

    // The network's turn has come: now its line for the server-wide limit, where its checks go
    // one at a time. The head of the line is called back from whatever lets go of the place
    // ahead: posted, so that it runs on the event loop, not inside that call.
    void join_server_line() {
        // While the check waits in line nothing else may be pending (the hang-up watch ends once
        // bytes follow the token line): this wait keeps the gate alive until its turn, a check
        // or a close cancels it.
        brake_timer_.expires_at(TokenBrake::Clock::time_point::max());
        brake_timer_.async_wait([self = shared_from_this()](boost::system::error_code) {});
        line_place_ = brake_->join_server_line(
            address_, [weak = weak_from_this(), executor = socket_.get_executor()] {
                asio::post(executor, [weak] {
                    if (const auto self = weak.lock(); self && !self->done_)
                        self->take_server_turn();
                });
            });
        if (!watching_) watch_for_hangup();
    }

    // At the head of the network's line: now the server-wide limit on checks.
    void take_server_turn() {
        const auto now = TokenBrake::Clock::now();
        const auto at = brake_->server_turn(now);
        if (!at) {
            stop_watching();
            place_.reset();
            line_place_.reset();
            context_.log_refusal("over " + std::to_string(brake_->server_checks_per_second()) +
                                 " token checks a second on this server");
            return answer("? too many token checks on this server; try again later\n\n", false);
        }
        if (*at <= now) return check();
        wait_until(*at, &TokenGate::check);
    }

    void wait_until(TokenBrake::Clock::time_point at, void (TokenGate::*then)()) {
        brake_timer_.expires_at(at);
        brake_timer_.async_wait([self = shared_from_this(), then](boost::system::error_code error) {
            if (error || self->done_) return;
            ((*self).*then)();
        });
        if (!watching_) watch_for_hangup();
    }

    void stop_watching() {
        if (!watching_) return;
        watching_ = false;
        boost::system::error_code ignored;
        socket_.cancel(ignored);  // the hang-up watch: the socket may go to the session next
    }

    // While the check waits, a client that hangs up frees its place and its socket at once.
    // Bytes it sent after the token line are left for the session, so once some arrive its end
    // can no longer be seen here: its check then simply waits its turn.
    void watch_for_hangup() {
        watching_ = true;
        socket_.async_wait(
            tcp::socket::wait_read, [self = shared_from_this()](boost::system::error_code error) {
                if (self->done_ || !self->watching_) return;
                self->watching_ = false;
                if (error) return self->close();
                char next = 0;
                const ssize_t n =
                    ::recv(self->socket_.native_handle(), &next, 1, MSG_PEEK | MSG_DONTWAIT);
                if (n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR))
                    return self->close();
                if (n < 0) self->watch_for_hangup();  // woken with nothing to read: wait again
            });
    }

    void check() {
        place_.reset();
        brake_timer_.cancel();
        stop_watching();
        bool accepted = false;
        const std::string text = token_gate_answer(line_, token_, accepted);
        const std::string log = brake_->record(address_, accepted, TokenBrake::Clock::now());
        line_place_.reset();  // after the record: the next check of the network sees this one
        if (accepted) context_.prove();  // its place is its own from now, answer written or not
        if (!log.empty()) context_.log_drop(log);
        answer(text, accepted);
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
    // drops what comes for up to kRefusalLinger (or kRefusalLingerBytes), then closes.
    void linger() {
        done_ = true;
        place_.reset();
        line_place_.reset();
        brake_timer_.cancel();
        boost::system::error_code ignored;
        socket_.shutdown(tcp::socket::shutdown_send, ignored);
        timer_.expires_after(kRefusalLinger);
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
        place_.reset();
        line_place_.reset();
        boost::system::error_code ignored;
        timer_.cancel();
        brake_timer_.cancel();
        socket_.shutdown(tcp::socket::shutdown_both, ignored);
        socket_.close(ignored);
    }

    tcp::socket socket_;
    asio::steady_timer timer_;
    asio::steady_timer brake_timer_;
    ConnectionContext context_;
    std::string token_;
    std::shared_ptr<TokenBrake> brake_;
    std::shared_ptr<void> place_;  // among the address's waiting checks; released before brake_
    std::shared_ptr<void> line_place_;  // in the network's line for the server-wide limit; too
    ConnectionHandler handler_;
    asio::ip::address address_;
    std::string line_;
    std::string out_;
    char byte_ = 0;
    bool done_ = false;
    bool watching_ = false;  // for a hang-up while the check waits
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
                     std::shared_ptr<TokenBrake> brake, ConnectionHandler handler) {
    std::make_shared<TokenGate>(std::move(socket), std::move(context), std::move(token),
                                std::move(brake), std::move(handler))
        ->start();
}

std::chrono::milliseconds TokenBrake::spacing(int failures) const {
    if (failures <= 0) return std::chrono::milliseconds(0);
    auto delay = first_delay_;
    for (int i = 1; i < failures && delay < max_delay_; ++i) delay *= 2;
    return std::min(delay, max_delay_);
}

asio::ip::address TokenBrake::network_of(const asio::ip::address& address) {
    return client_network(address, kClientNetworkV4Prefix, kClientNetworkV6Prefix);
}

void TokenBrake::limit_server_checks(unsigned per_second) {
    const std::lock_guard lock(mutex_);
    checks_per_second_ = per_second;
}

std::optional<TokenBrake::Turn> TokenBrake::turn(const asio::ip::address& address,
                                                 Clock::time_point now) {
    const auto network = network_of(address);
    const std::lock_guard lock(mutex_);
    const auto found = records_.find(network);
    if (found == records_.end() || found->second.next_check <= now) return Turn{now, nullptr};
    std::size_t& waiting = waiting_[network];
    if (waiting >= max_waiting_) return std::nullopt;
    ++waiting;
    std::shared_ptr<void> place(nullptr, [this, network](void*) {
        const std::lock_guard lock(mutex_);
        const auto w = waiting_.find(network);
        if (w != waiting_.end() && --w->second == 0) waiting_.erase(w);
    });
    return Turn{found->second.next_check, std::move(place)};
}

std::shared_ptr<void> TokenBrake::join_server_line(const asio::ip::address& address,
                                                   std::function<void()> ready) {
    const auto network = network_of(address);
    auto place = std::make_shared<LinePlace>();
    place->ready = std::move(ready);
    bool first = false;
    {
        const std::lock_guard lock(mutex_);
        auto& line = server_lines_[network];
        line.push_back(place);
        first = line.size() == 1;
        place->at_head = first;
    }
    std::shared_ptr<void> held(
        nullptr, [this, network, place](void*) { leave_server_line(network, place); });
    if (first) place->ready();
    return held;
}

void TokenBrake::leave_server_line(const asio::ip::address& network,
                                   const std::shared_ptr<LinePlace>& place) {
    std::shared_ptr<LinePlace> next;
    {
        const std::lock_guard lock(mutex_);
        const auto found = server_lines_.find(network);
        if (found == server_lines_.end()) return;
        auto& line = found->second;
        std::erase(line, place);
        if (line.empty()) {
            server_lines_.erase(found);
        } else if (place->at_head && !line.front()->at_head) {
            next = line.front();
            next->at_head = true;
        }
    }
    if (next) next->ready();
}

std::optional<TokenBrake::Clock::time_point> TokenBrake::server_turn(Clock::time_point now) {
    const std::lock_guard lock(mutex_);
    if (checks_per_second_ == 0) return now;
    const auto interval =
        std::chrono::duration_cast<Clock::duration>(std::chrono::seconds(1)) / checks_per_second_;
    const auto burst = std::chrono::duration_cast<Clock::duration>(std::chrono::seconds(2));
    const auto longest_wait = std::chrono::duration_cast<Clock::duration>(kLongestServerWait);
    server_next_ = std::max(server_next_, now);
    const auto at = std::max(now, server_next_ - burst);
    if (at - now > longest_wait) return std::nullopt;
    server_next_ += interval;
    return at;
}

std::string TokenBrake::record(const asio::ip::address& address, bool accepted,
                               Clock::time_point now) {
    const auto network = network_of(address);
    const std::lock_guard lock(mutex_);
    if (accepted) {
        records_.erase(network);
        return {};
    }
    forget_old(now);
    Record& r = records_[network];
    ++r.failures;
    r.next_check = std::max(r.next_check, now + spacing(r.failures));
    if (now - r.last_logged < std::chrono::seconds(1) && r.last_logged != Clock::time_point{}) {
        ++r.unlogged;
        return {};
    }
    std::string line = "wrong or missing token";
    if (r.unlogged > 0) line += " (" + std::to_string(r.unlogged) + " more not logged)";
    line += "; " + std::to_string(r.failures) + " in a row from " +
            network_text(network, kClientNetworkV4Prefix, kClientNetworkV6Prefix) +
            ", next check in " + std::to_string(spacing(r.failures).count()) + " ms";
    r.last_logged = now;
    r.unlogged = 0;
    return line;
}

void TokenBrake::forget_old(Clock::time_point now) {
    // An address quiet for ten minutes past its delay is forgotten, so the table stays small.
    if (records_.size() < 1024) return;
    std::erase_if(records_, [&](const auto& entry) {
        return now - entry.second.next_check > std::chrono::minutes(10);
    });
}

}  // namespace othello
