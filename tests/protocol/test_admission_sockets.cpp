// Admission over real sockets on 127.0.0.1, with the server in process so that a test can seed
// its random early drop, have it count loopback peers as IPv6 sources (tests/protocol/
// token_flood_driver.h: 127.a.b.c stands for 2001:db8:a:bc::1), and make wrong tokens linger
// for the whole test.
#include <doctest/doctest.h>
#include <poll.h>
#include <sys/socket.h>

#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "protocol/session_factory.h"
#include "protocol/tcp_server.h"
#include "tests/protocol/token_flood_driver.h"
#include "tests/support/programs.h"

using namespace othello;
using namespace othello::testing;

namespace {

// A GTP server on its own thread for the length of a test, its log kept.
class AdmissionServerThread {
  public:
    explicit AdmissionServerThread(TcpServerOptions options)
        : server_(with_log(std::move(options)), gtp_sessions()),
          thread_([this] { server_.run(); }) {}
    ~AdmissionServerThread() {
        server_.stop();
        thread_.join();
    }
    unsigned short port() const { return server_.port(); }
    std::size_t open() const { return server_.active_connections(); }
    int log_lines_with(const std::string& text) {
        const std::lock_guard lock(mutex_);
        int n = 0;
        for (const std::string& line : log_) n += line.find(text) != std::string::npos;
        return n;
    }

  private:
    TcpServerOptions with_log(TcpServerOptions options) {
        options.log = [this](const std::string& line) {
            const std::lock_guard lock(mutex_);
            log_.push_back(line);
        };
        return options;
    }
    static SessionFactory gtp_sessions() {
        SessionSettings settings;
        settings.policy = "mobility";
        return make_session_factory("gtp", settings);
    }

    std::mutex mutex_;
    std::vector<std::string> log_;
    TcpServer server_;
    std::thread thread_;
};

// Connects from `from` and waits for the server's decision: true once it holds one more
// connection, false once it refuses (`answer` then holds what it said).
bool admitted(AdmissionServerThread& server, std::vector<std::unique_ptr<GtpSocket>>& held,
              const std::string& from, std::string& answer) {
    const std::size_t before = server.open();
    auto client = std::make_unique<GtpSocket>(server.port(), from);
    const auto until = std::chrono::steady_clock::now() + scaled(std::chrono::seconds(5));
    while (std::chrono::steady_clock::now() < until) {
        if (server.open() > before) {
            held.push_back(std::move(client));
            return true;
        }
        pollfd ready{client->fd(), POLLIN, 0};
        if (::poll(&ready, 1, 10) > 0) {
            answer = answer_within(*client, scaled(std::chrono::seconds(5)));
            return false;
        }
    }
    answer = "no decision";
    return false;
}

// How many of `clients` the server has closed (end of stream waiting to be read).
int closed_by_server(const std::vector<std::unique_ptr<GtpSocket>>& clients) {
    int closed = 0;
    for (const auto& client : clients) {
        char byte = 0;
        closed += ::recv(client->fd(), &byte, 1, MSG_PEEK | MSG_DONTWAIT) == 0;
    }
    return closed;
}

}  // namespace

TEST_CASE("Random early drop over sockets: START served, some refused up to FULL, all past it") {
    TcpServerOptions options;
    options.max_startups = MaxStartups{4, 50, 8};
    options.per_source_max_startups = 0;
    options.max_clients_per_address = 0;
    options.penalties.enabled = false;
    options.first_line_timeout = std::chrono::seconds(60);
    options.drop_seed = 3;  // the same draws every run
    AdmissionServerThread server(options);
    std::vector<std::unique_ptr<GtpSocket>> held;
    std::vector<bool> decisions;
    // Silent connections from one address, which holds the most: the drop refuses it (from
    // addresses of other networks the connections of this one would give way instead).
    for (int i = 0; i < 40; ++i) {
        std::string answer;
        decisions.push_back(admitted(server, held, "127.0.20.1", answer));
        if (!decisions.back())
            CHECK(
                answer ==
                "? server busy: too many connections not yet past their first line; try again\n\n");
    }
    for (int i = 0; i < 4; ++i) CHECK(decisions[static_cast<std::size_t>(i)]);
    CHECK(held.size() == 8);
    std::size_t seen = 0, eighth_at = 0;
    for (std::size_t i = 0; i < decisions.size(); ++i)
        if (decisions[i] && ++seen == 8) eighth_at = i;
    CHECK(eighth_at > 7);  // some were refused on the way from START to FULL
    // A connection past its first line no longer counts: the next newcomer may be served.
    CHECK(held.front()->send("name") == "= othello mobility\n");
    CHECK(server.log_lines_with("random early drop at") >= 1);
}

TEST_CASE("IPv6: a /56 of 256 /64s holds one /48's share; another /56 and another /48 are served") {
    TcpServerOptions options;
    options.token = "0123456789abcdef0123456789abcdef";
    options.per_source_max_startups = 8;
    options.first_line_timeout = std::chrono::seconds(60);
    options.source_of = ipv6_source;
    AdmissionServerThread server(options);
    FloodShape shape;
    shape.ipv6 = true;
    std::vector<std::unique_ptr<GtpSocket>> flood;
    for (int a = 0; a < 256; ++a)
        flood.push_back(std::make_unique<GtpSocket>(server.port(), flood_address(shape, 0, a)));
    // Each newcomer /64 holds none: the oldest place of the /56 gives way, and the /48 holds 8.
    const auto until = std::chrono::steady_clock::now() + scaled(std::chrono::seconds(10));
    while (closed_by_server(flood) < 248 && std::chrono::steady_clock::now() < until)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    CHECK(closed_by_server(flood) == 248);
    CHECK(server.open() == 8);
    for (const std::string& from : {neighbour_address(shape), kOtherNetworkClient}) {
        CAPTURE(from);
        GtpSocket client(server.port(), from);
        CHECK(client.send("othello-token " + options.token) == "=\n");
        CHECK(client.send("name") == "= othello mobility\n");
    }
    CHECK(server.log_lines_with("not yet past its first line gave way (8 from 2001:db8:a::/48)") >=
          1);
}

TEST_CASE("Wrong tokens held open do not fill the server: another network and a neighbour get in") {
    TcpServerOptions options;
    options.token = "0123456789abcdef0123456789abcdef";
    options.max_clients = 6;
    options.first_line_timeout = std::chrono::seconds(60);
    // The failed connections linger (reading what their clients send) for the whole test, not
    // a second: what a flood that holds them open and reconnects keeps the server at.
    options.refusal_linger = std::chrono::minutes(5);
    AdmissionServerThread server(options);
    // Six addresses of 127.0.21.0/24, one wrong token each (too few to be penalised), held open.
    std::vector<std::unique_ptr<GtpSocket>> flood;
    for (int i = 1; i <= 6; ++i) {
        flood.push_back(
            std::make_unique<GtpSocket>(server.port(), "127.0.21." + std::to_string(i)));
        flood.back()->send_raw("othello-token wrong\n");
        // The server's decision: refused, and lingering.
        CHECK(answer_within(*flood.back(), scaled(std::chrono::seconds(5))) ==
              "? token required\n\n");
    }
    CHECK(server.open() == 6);  // full of failed connections
    // A client of another network, then a neighbour of the flood: each takes a failed place.
    std::vector<std::unique_ptr<GtpSocket>> served;
    for (const std::string from : {"127.0.22.1", "127.0.21.250"}) {
        CAPTURE(from);
        served.push_back(std::make_unique<GtpSocket>(server.port(), from));
        CHECK(served.back()->send("othello-token " + options.token) == "=\n");
        CHECK(served.back()->send("name") == "= othello mobility\n");
    }
    CHECK(server.open() == 6);  // the two clients, and four failed connections still lingering
    CHECK(server.log_lines_with("that had failed gave way (server full (6 connections))") >= 1);
}
