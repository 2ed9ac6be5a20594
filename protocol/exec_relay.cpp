// The exec relay on Boost.Process v1: one child per connection, asio pipes to its stdin, stdout
// and stderr, bytes copied both ways on the server's event loop. The child runs in a process
// group of its own, which is killed when the connection ends: the child if it has not exited by
// itself, and whatever it started (the engine behind a wrapper script that does not exec). What
// left the group (setsid) is reparented to the server, its subreaper, once its parent is gone,
// and ended then (orphan_reaper.h). The child's stderr reaches the server's log line by line, up
// to a limit per child.
#include "protocol/exec_relay.h"

#include <poll.h>
#include <unistd.h>

#include <array>
#include <boost/process.hpp>
#include <boost/process/extend.hpp>
#include <boost/program_options/parsers.hpp>
#include <iostream>
#include <set>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "engine/ascii_text.h"
#include "protocol/orphan_reaper.h"
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

// The child's environment: this process's, with `name=value` set (replacing any value it had).
// Built in the parent and handed to the executor before the fork (on_setup), so the child only
// execs. (Not Boost.Process's env[]: Boost 1.74's environment lookup reads past the end of its
// entries, which AddressSanitizer reports.)
class EnvironmentWith : public bp::extend::handler {
  public:
    EnvironmentWith(const std::string& name, const std::string& value) {
        const std::string prefix = name + "=";
        for (char** e = ::environ; e != nullptr && *e != nullptr; ++e) {
            if (!std::string_view(*e).starts_with(prefix)) entries_.emplace_back(*e);
        }
        entries_.push_back(prefix + value);
        for (std::string& entry : entries_) pointers_.push_back(entry.data());
        pointers_.push_back(nullptr);
    }
    template <typename Executor>
    void on_setup(Executor& exec) const {
        exec.env = const_cast<char**>(pointers_.data());
    }

  private:
    std::vector<std::string> entries_;
    std::vector<char*> pointers_;
};

// How long a child may take to exit after its client has gone before it is killed.
constexpr std::chrono::seconds kExitGrace{2};
// A stderr line longer than this is cut in the log.
constexpr std::size_t kMaxStderrLineBytes = 1000;
// How long ending a connection's orphans may block the event loop (SIGKILL takes milliseconds).
constexpr std::chrono::milliseconds kOrphanSweepLimit{500};

// The relay's live children (their pids, which are their groups' ids): a sweep for orphans ends
// every other child of the server. Touched only on the server's event loop.
std::set<pid_t>& live_children() {
    static std::set<pid_t> children;
    return children;
}

void end_orphans_of_ended_children() {
    end_orphans([](pid_t pid) { return live_children().count(pid) > 0; }, kOrphanSweepLimit);
}

class RelayConnection : public std::enable_shared_from_this<RelayConnection> {
  public:
    RelayConnection(tcp::socket socket, ConnectionContext context, asio::io_context& io,
                    const ExecRelayOptions& options)
        : socket_(std::move(socket)),
          to_child_(io),
          from_child_(io),
          errors_(io),
          timer_(io),
          context_(std::move(context)),
          options_(options) {}

    ~RelayConnection() {
        if (hidden_stderr_lines_ > 0) {
            log_stderr(std::to_string(hidden_stderr_lines_) + " more lines not shown (limit " +
                       std::to_string(options_.stderr_lines) + " per child)");
        }
        if (!child_.valid()) return;
        // The child had its grace (kExitGrace) already. Not Boost.Process's running() or
        // terminate(): they reap the child before its group is killed, or leave a zombie.
        end_process_group(child_.id(), std::chrono::milliseconds(0));
        live_children().erase(child_.id());
        child_.detach();
        // What the child started outside its group is now the server's child: end it too.
        end_orphans_of_ended_children();
    }

    void start(const std::vector<std::string>& argv) {
        try {
            child_ =
                bp::child(bp::exe = argv[0],
                          bp::args = std::vector<std::string>(argv.begin() + 1, argv.end()),
                          bp::std_in<to_child_, bp::std_out> from_child_, bp::std_err > errors_,
                          EnvironmentWith(kRemotePeerVariable, context_.peer),
                          CloseInheritedDescriptors{}, OwnProcessGroup{});
        } catch (const std::exception& e) {
            std::cerr << "othello-engine: cannot start '" << argv[0] << "': " << e.what() << "\n";
            context_.ended_by_server();  // the server's fault: no hang-up of the client's
            return finish();
        }
        live_children().insert(child_.id());
        context_.on_evicted([weak = weak_from_this()] {
            if (const auto self = weak.lock()) self->finish();
        });
        arm_timer(context_.first_line_deadline());
        pump_to_child();
        pump_to_client();
        pump_stderr();
    }

  private:
    void arm_timer(std::chrono::milliseconds after) {
        if (after.count() <= 0) return;
        timer_.expires_after(after);
        timer_.async_wait([self = shared_from_this(), after](boost::system::error_code error) {
            if (error) return;
            if (!self->client_gone_) {
                const std::string ms = std::to_string(after.count()) + " ms";
                self->context_.log_drop(!self->first_line_done_
                                            ? "no first line within " + ms +
                                                  self->context_.fail(Failure::Timeout)
                                        : self->line_bytes_ > 0 ? "no complete line within " + ms
                                                                : "idle for " + ms);
            }
            self->finish();
        });
    }

    // The child's stderr, line by line into the server's log, "<peer> stderr: <line>": the
    // first options_.stderr_lines lines, then only a count, so that no child can fill the
    // server's log. Read to the end in any case, so that the child never blocks on it.
    void pump_stderr() {
        errors_.async_read_some(
            asio::buffer(err_chunk_),
            [self = shared_from_this()](boost::system::error_code error, std::size_t n) {
                if (error) {
                    if (!self->err_line_.empty()) self->stderr_line();
                    return;
                }
                self->take_stderr(std::string_view(self->err_chunk_.data(), n));
                self->pump_stderr();
            });
    }

    void take_stderr(std::string_view bytes) {
        for (const char c : bytes) {
            if (c == '\n') {
                stderr_line();
            } else if (err_line_.size() < kMaxStderrLineBytes + 1) {
                err_line_ += c;
            }
        }
    }

    void stderr_line() {
        std::string line = std::move(err_line_);
        err_line_.clear();
        if (shown_stderr_lines_ >= options_.stderr_lines) {
            ++hidden_stderr_lines_;
            return;
        }
        if (line.size() > kMaxStderrLineBytes) line = line.substr(0, kMaxStderrLineBytes) + "...";
        log_stderr(printable(line));
        if (++shown_stderr_lines_ == options_.stderr_lines)
            log_stderr("limit of " + std::to_string(options_.stderr_lines) +
                       " lines reached; further lines are counted, not shown");
    }

    void log_stderr(const std::string& text) const {
        if (context_.log) context_.log(context_.peer + " stderr: " + text);
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
                                      if (error) return self->child_quit();
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
                if (!first_line_done_) context_.prove();
                first_line_done_ = true;
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
                if (error) return self->child_quit();  // it closed its output: it has quit
                asio::async_write(self->socket_, asio::buffer(self->down_, n),
                                  [self](boost::system::error_code error, std::size_t) {
                                      if (error) return self->finish();
                                      self->pump_to_client();
                                  });
            });
    }

    // What the child wrote on stderr and the pump has not read yet, read now without waiting:
    // the child's last words (and the count of those not shown) are not lost to the close.
    void drain_stderr_now() {
        if (!errors_.is_open()) return;
        const int fd = errors_.native_source();
        std::array<char, 4096> chunk;  // not err_chunk_: a finished read may wait in it
        for (int round = 0; round < 256; ++round) {
            pollfd ready{fd, POLLIN, 0};
            if (::poll(&ready, 1, 0) <= 0 || !(ready.revents & POLLIN)) break;
            const ssize_t n = ::read(fd, chunk.data(), chunk.size());
            if (n <= 0) break;
            take_stderr(std::string_view(chunk.data(), static_cast<std::size_t>(n)));
        }
    }

    // The child quit (or closed its input) while the connection was open. Before the client's
    // first line and while the client is still there, that is the server's fault, not a hang-up
    // of the client's (admission.h), and the log says so: the command may be broken (an exec
    // that fails in the child looks the same, once the child has closed the descriptor Boost
    // would report it on).
    void child_quit() {
        if (!finished_ && !client_gone_ && !first_line_done_) {
            context_.ended_by_server();
            context_.log_drop("the engine exited before the client's first line");
        }
        finish();
    }

    void finish() {
        if (!finished_) drain_stderr_now();
        finished_ = true;
        boost::system::error_code ignored;
        timer_.cancel();
        socket_.shutdown(tcp::socket::shutdown_both, ignored);
        socket_.close(ignored);
        to_child_.close(ignored);
        from_child_.close(ignored);
        errors_.close(ignored);
    }

    tcp::socket socket_;
    bp::async_pipe to_child_;
    bp::async_pipe from_child_;
    bp::async_pipe errors_;  // the child's stderr
    asio::steady_timer timer_;
    ConnectionContext context_;
    ExecRelayOptions options_;
    bp::child child_;
    bool client_gone_ = false;
    bool first_line_done_ = false;
    std::size_t shown_stderr_lines_ = 0;
    long hidden_stderr_lines_ = 0;
    std::string err_line_;
    std::array<char, 4096> err_chunk_;
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

ConnectionHandler exec_relay_handler(std::vector<std::string> argv, ExecRelayOptions options) {
    if (!become_subreaper())
        std::cerr << "othello-engine: warning: cannot become the subreaper of the engines' "
                     "processes: what they start outside their process group may outlive them\n";
    return [argv = std::move(argv), options](tcp::socket socket, ConnectionContext context) {
        auto& io = asio::query(socket.get_executor(), asio::execution::context);
        auto connection = std::make_shared<RelayConnection>(
            std::move(socket), std::move(context), static_cast<asio::io_context&>(io), options);
        connection->start(argv);
    };
}

void end_exec_relay_orphans() {
    end_orphans([](pid_t pid) { return live_children().count(pid) > 0; }, std::chrono::seconds(2));
}

}  // namespace othello
