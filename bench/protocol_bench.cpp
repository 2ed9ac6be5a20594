// othello-protocol-bench: the engine process's speed figures. Per-move decision time of every
// policy in-process; GTP round-trip latency over stdio and TCP against a bare pipe/socket
// ping-pong in the same run; and 1,000 concurrent TCP sessions each playing a full game against
// the real othello-engine --listen, with the server's peak memory. Bounded and self-stopping.
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/streambuf.hpp>
#include <boost/asio/write.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <thread>
#include <utility>  // before Asio: Boost 1.74 needs std::exchange declared
#include <vector>

#include "engine/policies/policy_registry.h"
#include "engine/rng.h"
#include "protocol/session_factory.h"
#include "protocol/tcp_server.h"

extern char** environ;

using namespace othello;
namespace asio = boost::asio;
using asio::ip::tcp;
using Clock = std::chrono::steady_clock;

namespace {

double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// A child process with its stdin and stdout on pipes, read and written with plain system calls
// so the GTP engine and the bare `cat` baseline pay exactly the same transport costs.
class PipedChild {
  public:
    explicit PipedChild(const std::vector<std::string>& argv) {
        int to_child[2], from_child[2];
        if (::pipe(to_child) != 0 || ::pipe(from_child) != 0)
            throw std::runtime_error("pipe failed");
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_adddup2(&actions, to_child[0], 0);
        posix_spawn_file_actions_adddup2(&actions, from_child[1], 1);
        posix_spawn_file_actions_addclose(&actions, to_child[1]);
        posix_spawn_file_actions_addclose(&actions, from_child[0]);
        std::vector<char*> args;
        for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
        args.push_back(nullptr);
        if (posix_spawn(&pid_, args[0], &actions, nullptr, args.data(), environ) != 0) {
            throw std::runtime_error("cannot start " + argv[0]);
        }
        posix_spawn_file_actions_destroy(&actions);
        ::close(to_child[0]);
        ::close(from_child[1]);
        in_ = to_child[1];
        out_ = from_child[0];
    }
    ~PipedChild() {
        ::close(in_);
        ::close(out_);
        int status = 0;
        ::waitpid(pid_, &status, 0);
    }
    pid_t pid() const { return pid_; }
    void write(const std::string& text) {
        if (::write(in_, text.data(), text.size()) != static_cast<ssize_t>(text.size())) {
            throw std::runtime_error("short write to child");
        }
    }
    // Reads until `text` ends with `terminator`.
    std::string read_until(std::string_view terminator) {
        std::string text;
        char buffer[4096];
        while (text.size() < terminator.size() ||
               text.compare(text.size() - terminator.size(), terminator.size(), terminator) != 0) {
            const ssize_t n = ::read(out_, buffer, sizeof buffer);
            if (n <= 0) throw std::runtime_error("child closed its output");
            text.append(buffer, static_cast<std::size_t>(n));
        }
        return text;
    }

  private:
    pid_t pid_ = 0;
    int in_ = -1;
    int out_ = -1;
};

void bench_policies(int games) {
    std::printf("== policy decision time (in-process, positions of %d random games)\n", games);
    std::vector<Game> positions;
    Rng rng(42);
    for (int g = 0; g < games; ++g) {
        Game game;
        while (!game.is_over()) {
            positions.push_back(game);
            const Bitboard moves = game.current().legal_moves();
            game.play(moves ? Move(Square::from_index(rng.pick_bit(moves))) : Move::pass());
        }
    }
    for (const auto& info : policy_catalogue()) {
        std::unique_ptr<Policy> policy;
        try {
            policy = make_policy(info.name, PolicyOptions{});
        } catch (const std::exception& e) {
            std::printf("  %-14s skipped: %s\n", info.name.c_str(), e.what());
            continue;
        }
        std::uint64_t decisions = 0, checksum = 0;
        const auto start = Clock::now();
        while (seconds_since(start) < 0.5) {
            for (const Game& game : positions) {
                checksum += static_cast<std::uint64_t>(policy->choose(game).is_pass());
                ++decisions;
            }
        }
        const double s = seconds_since(start);
        std::printf("  %-14s %10.0f ns/move  (%llu decisions in %.2f s; %llu passes)\n",
                    info.name.c_str(), s * 1e9 / static_cast<double>(decisions),
                    static_cast<unsigned long long>(decisions), s,
                    static_cast<unsigned long long>(checksum));
    }
}

// Mean microseconds per request/response over `rounds`.
template <typename RoundTrip>
double mean_round_trip_us(int rounds, RoundTrip&& round_trip) {
    for (int i = 0; i < rounds / 10; ++i) round_trip();  // warm up
    const auto start = Clock::now();
    for (int i = 0; i < rounds; ++i) round_trip();
    return seconds_since(start) * 1e6 / rounds;
}

void bench_stdio_latency(const std::string& engine, int rounds) {
    std::printf("== round trip over stdio pipes (%d rounds each)\n", rounds);
    PipedChild gtp({engine, "--policy", "random"});
    const double gtp_us = mean_round_trip_us(rounds, [&] {
        gtp.write("protocol_version\n");
        gtp.read_until("\n\n");
    });
    PipedChild cat({"/bin/cat"});
    const double bare_us = mean_round_trip_us(rounds, [&] {
        cat.write("= 2\n\n");
        cat.read_until("\n\n");
    });
    std::printf(
        "  GTP protocol_version  %8.2f us\n  bare pipe ping-pong   %8.2f us   (cat)\n"
        "  ratio                 %8.2f x   (target <= 1.5)\n",
        gtp_us, bare_us, gtp_us / bare_us);
}

void bench_tcp_latency(int rounds) {
    std::printf("== round trip over TCP on 127.0.0.1 (%d rounds each, servers in-process)\n",
                rounds);
    TcpServerOptions options;
    SessionSettings settings;
    settings.policy = "random";
    TcpServer server(options, make_session_factory("gtp", settings));
    std::thread server_thread([&] { server.run(); });

    // The bare baseline: a blocking echo of the same bytes on its own thread.
    asio::io_context echo_io;
    tcp::acceptor echo_acceptor(echo_io, {asio::ip::make_address("127.0.0.1"), 0});
    std::thread echo_thread([&] {
        tcp::socket peer(echo_io);
        echo_acceptor.accept(peer);
        peer.set_option(tcp::no_delay(true));
        char buffer[4096];
        boost::system::error_code error;
        while (true) {
            const std::size_t n = peer.read_some(asio::buffer(buffer), error);
            if (error) break;
            asio::write(peer, asio::buffer(buffer, n), error);
            if (error) break;
        }
    });

    asio::io_context io;
    const auto ping = [&](unsigned short port, const std::string& request) {
        tcp::socket socket(io);
        socket.connect({asio::ip::make_address("127.0.0.1"), port});
        socket.set_option(tcp::no_delay(true));
        asio::streambuf buffer;
        return mean_round_trip_us(rounds, [&] {
            asio::write(socket, asio::buffer(request));
            const std::size_t n = asio::read_until(socket, buffer, "\n\n");
            buffer.consume(n);
        });
    };
    const double gtp_us = ping(server.port(), "protocol_version\n");
    const double bare_us = ping(echo_acceptor.local_endpoint().port(), "= 2\n\n");
    server.stop();
    server_thread.join();
    echo_thread.join();
    std::printf(
        "  GTP protocol_version  %8.2f us\n  bare socket echo      %8.2f us\n"
        "  ratio                 %8.2f x   (target <= 1.5)\n",
        gtp_us, bare_us, gtp_us / bare_us);
}

// One client of the many-sessions run: names the colours in turn until the game is over.
class GameClient : public std::enable_shared_from_this<GameClient> {
  public:
    GameClient(asio::io_context& io, tcp::endpoint server, int& finished, std::uint64_t& moves)
        : socket_(io), server_(server), finished_(finished), moves_(moves) {}
    void start() {
        socket_.async_connect(server_, [self = shared_from_this()](boost::system::error_code e) {
            if (e) return self->fail("connect: " + e.message());
            self->next();
        });
    }

  private:
    void next() {
        request_ = ply_ % 2 == 0 ? "genmove b\n" : "genmove w\n";
        asio::async_write(socket_, asio::buffer(request_),
                          [self = shared_from_this()](boost::system::error_code e, std::size_t) {
                              if (e) return self->fail("write: " + e.message());
                              asio::async_read_until(
                                  self->socket_, self->buffer_, "\n\n",
                                  [self](boost::system::error_code e, std::size_t n) {
                                      if (e) return self->fail("read: " + e.message());
                                      self->answer(n);
                                  });
                          });
    }
    void answer(std::size_t n) {
        std::string reply(asio::buffers_begin(buffer_.data()),
                          asio::buffers_begin(buffer_.data()) + static_cast<std::ptrdiff_t>(n));
        buffer_.consume(n);
        if (reply == "? game is over\n\n") {
            ++finished_;
            boost::system::error_code ignored;
            socket_.close(ignored);
            return;
        }
        if (reply.rfind("= ", 0) != 0) return fail("unexpected reply: " + reply);
        ++moves_;
        ++ply_;
        next();
    }
    void fail(const std::string& what) {
        std::fprintf(stderr, "client failed: %s\n", what.c_str());
        boost::system::error_code ignored;
        socket_.close(ignored);
    }

    tcp::socket socket_;
    tcp::endpoint server_;
    int& finished_;
    std::uint64_t& moves_;
    int ply_ = 0;
    std::string request_;
    asio::streambuf buffer_;
};

std::string status_field(pid_t pid, const std::string& field) {
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    std::string line;
    while (std::getline(status, line)) {
        if (line.rfind(field + ":", 0) == 0) {
            const auto value = line.find_first_not_of(" \t", field.size() + 1);
            return line.substr(value);
        }
    }
    return "?";
}

void bench_many_sessions(const std::string& engine, int sessions, double deadline_seconds) {
    std::printf(
        "== %d concurrent TCP sessions, each a full random-policy game, against "
        "othello-engine --listen\n",
        sessions);
    // The server prints its port on stderr; have it write stderr into a pipe we read once.
    int err_pipe[2];
    if (::pipe(err_pipe) != 0) throw std::runtime_error("pipe failed");
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, err_pipe[1], 2);
    posix_spawn_file_actions_addclose(&actions, err_pipe[0]);
    const std::string clients = std::to_string(sessions + 100);
    std::vector<std::string> argv = {engine,   "--listen",      "127.0.0.1:0", "--policy",
                                     "random", "--max-clients", clients};
    std::vector<char*> args;
    for (auto& a : argv) args.push_back(a.data());
    args.push_back(nullptr);
    pid_t pid = 0;
    if (posix_spawn(&pid, args[0], &actions, nullptr, args.data(), environ) != 0) {
        throw std::runtime_error("cannot start " + engine);
    }
    posix_spawn_file_actions_destroy(&actions);
    ::close(err_pipe[1]);
    std::string announce;
    char c;
    while (::read(err_pipe[0], &c, 1) == 1 && c != '\n') announce += c;
    const unsigned short port =
        static_cast<unsigned short>(std::stoi(announce.substr(announce.rfind(':') + 1)));
    std::printf("  server: %s (pid %d), VmRSS at start %s\n", announce.c_str(), pid,
                status_field(pid, "VmRSS").c_str());

    asio::io_context io;
    int finished = 0;
    std::uint64_t moves = 0;
    const tcp::endpoint endpoint(asio::ip::make_address("127.0.0.1"), port);
    const auto start = Clock::now();
    for (int i = 0; i < sessions; ++i)
        std::make_shared<GameClient>(io, endpoint, finished, moves)->start();
    asio::steady_timer deadline(io, std::chrono::duration_cast<Clock::duration>(
                                        std::chrono::duration<double>(deadline_seconds)));
    deadline.async_wait([&](boost::system::error_code e) {
        if (!e) io.stop();
    });
    // Stop as soon as every game is over.
    std::function<void()> poll;
    asio::steady_timer poller(io);
    poll = [&] {
        if (finished == sessions) return io.stop();
        poller.expires_after(std::chrono::milliseconds(5));
        poller.async_wait([&](boost::system::error_code e) {
            if (!e) poll();
        });
    };
    poll();
    io.run();
    const double s = seconds_since(start);
    std::printf("  finished %d / %d games, %llu moves in %.2f s (%.0f GTP requests/s)\n", finished,
                sessions, static_cast<unsigned long long>(moves), s,
                static_cast<double>(moves) / s);
    std::printf("  server peak memory VmHWM %s (target < 200 MB), VmRSS now %s\n",
                status_field(pid, "VmHWM").c_str(), status_field(pid, "VmRSS").c_str());
    ::kill(pid, SIGTERM);
    int status = 0;
    ::waitpid(pid, &status, 0);
    ::close(err_pipe[0]);
}

std::string default_engine_path() {
    return (std::filesystem::read_symlink("/proc/self/exe").parent_path() / "othello-engine")
        .string();
}

}  // namespace

int main(int argc, char** argv) {
    const std::string engine = argc > 1 ? argv[1] : default_engine_path();
    if (!std::filesystem::exists(engine)) {
        std::fprintf(stderr,
                     "usage: othello-protocol-bench [PATH/TO/othello-engine]\n"
                     "(no engine at %s)\n",
                     engine.c_str());
        return 2;
    }
    std::signal(SIGPIPE, SIG_IGN);
    // 1,000 sessions need 1,000 client sockets here and as many in the server.
    rlimit files{};
    if (::getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur < files.rlim_max) {
        files.rlim_cur = files.rlim_max;
        ::setrlimit(RLIMIT_NOFILE, &files);
    }
    try {
        bench_policies(200);
        bench_stdio_latency(engine, 20000);
        bench_tcp_latency(20000);
        bench_many_sessions(engine, 1000, 120.0);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "othello-protocol-bench: %s\n", e.what());
        return 1;
    }
    return 0;
}
