// The exec relay on Boost.Process v1: one child per connection, asio pipes to its stdin and
// stdout, bytes copied both ways on the server's event loop. The child runs in a process group of
// its own, which is killed when the connection ends: the child if it has not exited by itself,
// and whatever it started (the engine behind a wrapper script that does not exec).
#include "protocol/exec_relay.h"

#include <unistd.h>

#include <array>
#include <boost/process.hpp>
#include <boost/process/extend.hpp>
#include <boost/program_options/parsers.hpp>
#include <iostream>
#include <stdexcept>

#include "protocol/process_groups.h"

namespace othello {

namespace {

namespace asio = boost::asio;
namespace bp = boost::process;
using asio::ip::tcp;

// In the child, after its stdin and stdout are in place: closes every other inherited descriptor.
// Otherwise a child keeps copies of other connections' sockets and pipes (Asio and Boost.Process
// do not mark them close-on-exec), and those connections never see their end. (Boost.Process's
// own limit_handles also closes the asio pipes in Boost 1.74.)
struct CloseInheritedDescriptors : bp::extend::handler {
    template <typename Executor>
    void on_exec_setup(Executor&) const {
        if (::close_range(3, ~0U, 0) == 0) return;
        const long most = ::sysconf(_SC_OPEN_MAX);
        for (int fd = 3; fd < most; ++fd) ::close(fd);
    }
};

// In the child: a session and process group of its own, so that what it starts is ended with it.
struct OwnProcessGroup : bp::extend::handler {
    template <typename Executor>
    void on_exec_setup(Executor&) const {
        ::setsid();
    }
};

// How long a child may take to exit after its client has gone before it is killed.
constexpr std::chrono::seconds kExitGrace{2};

class RelayConnection : public std::enable_shared_from_this<RelayConnection> {
  public:
    RelayConnection(tcp::socket socket, ConnectionContext context, asio::io_context& io)
        : socket_(std::move(socket)),
          to_child_(io),
          from_child_(io),
          timer_(io),
          context_(std::move(context)) {}

    ~RelayConnection() {
        if (!child_.valid()) return;
        // The child had its grace (kExitGrace) already. Not Boost.Process's running() or
        // terminate(): they reap the child before its group is killed, or leave a zombie.
        end_process_group(child_.id(), std::chrono::milliseconds(0));
        child_.detach();
    }

    void start(const std::vector<std::string>& argv) {
        try {
            child_ = bp::child(bp::exe = argv[0],
                               bp::args = std::vector<std::string>(argv.begin() + 1, argv.end()),
                               bp::std_in<to_child_, bp::std_out> from_child_,
                               CloseInheritedDescriptors{}, OwnProcessGroup{});
        } catch (const std::exception& e) {
            std::cerr << "othello-engine: cannot start '" << argv[0] << "': " << e.what() << "\n";
            return finish();
        }
        arm_timer(context_.idle_timeout);
        pump_to_child();
        pump_to_client();
    }

  private:
    void arm_timer(std::chrono::milliseconds after) {
        if (after.count() <= 0) return;
        timer_.expires_after(after);
        timer_.async_wait([self = shared_from_this()](boost::system::error_code error) {
            if (error) return;
            if (!self->client_gone_) {
                const std::string ms = std::to_string(self->context_.idle_timeout.count()) + " ms";
                self->context_.log_drop(self->line_bytes_ > 0 ? "no complete line within " + ms
                                                              : "idle for " + ms);
            }
            self->finish();
        });
    }

    void pump_to_child() {
        socket_.async_read_some(
            asio::buffer(up_),
            [self = shared_from_this()](boost::system::error_code error, std::size_t n) {
                if (error) {
                    if (self->finished_) return;
                    // The client is gone: the child sees end of input and has a moment to exit.
                    boost::system::error_code ignored;
                    self->to_child_.close(ignored);
                    self->client_gone_ = true;
                    self->arm_timer(kExitGrace);
                    return;
                }
                if (!self->admit_bytes(std::string_view(self->up_.data(), n)))
                    return self->finish();
                asio::async_write(self->to_child_, asio::buffer(self->up_, n),
                                  [self](boost::system::error_code error, std::size_t) {
                                      if (error) return self->finish();
                                      self->pump_to_child();
                                  });
            });
    }

    // Counts the bytes of the line in progress: a line longer than --max-line-length never
    // reaches the child (the connection is dropped), and the idle clock restarts only when a line
    // is complete, so a line must be finished within the idle timeout.
    bool admit_bytes(std::string_view bytes) {
        bool completed = false;
        for (const char c : bytes) {
            if (c == '\n') {
                line_bytes_ = 0;
                completed = true;
            } else if (++line_bytes_ > context_.max_line_length) {
                context_.log_drop("line over " + std::to_string(context_.max_line_length) +
                                  " bytes");
                return false;
            }
        }
        if (completed && !client_gone_) arm_timer(context_.idle_timeout);
        return true;
    }

    void pump_to_client() {
        from_child_.async_read_some(
            asio::buffer(down_),
            [self = shared_from_this()](boost::system::error_code error, std::size_t n) {
                if (error) return self->finish();  // the child closed its output: it has quit
                asio::async_write(self->socket_, asio::buffer(self->down_, n),
                                  [self](boost::system::error_code error, std::size_t) {
                                      if (error) return self->finish();
                                      self->pump_to_client();
                                  });
            });
    }

    void finish() {
        finished_ = true;
        boost::system::error_code ignored;
        timer_.cancel();
        socket_.shutdown(tcp::socket::shutdown_both, ignored);
        socket_.close(ignored);
        to_child_.close(ignored);
        from_child_.close(ignored);
    }

    tcp::socket socket_;
    bp::async_pipe to_child_;
    bp::async_pipe from_child_;
    asio::steady_timer timer_;
    ConnectionContext context_;
    bp::child child_;
    bool client_gone_ = false;
    std::size_t line_bytes_ = 0;  // of the client's line in progress
    bool finished_ = false;       // closed on purpose: late handlers only let go of the connection
    std::array<char, 4096> up_;
    std::array<char, 4096> down_;
};

}  // namespace

std::vector<std::string> parse_exec_command(const std::string& command_line) {
    std::vector<std::string> argv = boost::program_options::split_unix(command_line);
    if (argv.empty()) throw std::invalid_argument("--exec: empty command");
    if (argv[0].find('/') == std::string::npos) {
        const auto found = bp::search_path(argv[0]);
        if (found.empty())
            throw std::invalid_argument("--exec: '" + argv[0] + "' not found on PATH");
        argv[0] = found.string();
    } else if (::access(argv[0].c_str(), X_OK) != 0) {
        throw std::invalid_argument("--exec: '" + argv[0] + "' is not an executable file");
    }
    return argv;
}

ConnectionHandler exec_relay_handler(std::vector<std::string> argv) {
    return [argv = std::move(argv)](tcp::socket socket, ConnectionContext context) {
        auto& io = asio::query(socket.get_executor(), asio::execution::context);
        auto connection = std::make_shared<RelayConnection>(std::move(socket), std::move(context),
                                                            static_cast<asio::io_context&>(io));
        connection->start(argv);
    };
}

}  // namespace othello
