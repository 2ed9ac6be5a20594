// EngineProcess: fork/exec with four pipes (stdin, stdout, stderr, exec status) and poll() for
// deadlines (POSIX only).
#include "protocol/engine_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <mutex>
#include <thread>

#include "engine/ascii_text.h"
#include "io/fd_write.h"
#include "protocol/interruption.h"
#include "protocol/line_framer.h"
#include "protocol/process_groups.h"

namespace othello {

namespace {

// A write to a dead engine must be an error we report, not a signal that kills the runner.
void ignore_sigpipe_once() {
    static std::once_flag once;
    std::call_once(once, [] { ::signal(SIGPIPE, SIG_IGN); });
}

void close_fd(int& fd) {
    if (fd >= 0) ::close(fd);
    fd = -1;
}

// In the child, before exec: every descriptor the runner holds (a TCP engine's socket that another
// thread's library opened without close-on-exec, say) is closed by the exec, so an engine never
// keeps another engine's connection or pipe open. Only async-signal-safe calls.
void close_inherited_descriptors_on_exec() {
    if (::close_range(3, ~0U, CLOSE_RANGE_CLOEXEC) == 0) return;
    const long most = ::sysconf(_SC_OPEN_MAX);
    for (int fd = 3; fd < most; ++fd) ::fcntl(fd, F_SETFD, FD_CLOEXEC);
}

// How long a failure waits for an engine whose output closed to be seen ended: it is usually
// gone at once; one that only closed its output still runs and costs this much.
constexpr std::chrono::milliseconds kEndGrace(200);

// "exited with status 3", "was killed by signal 9 (SIGKILL)".
std::string exit_text(const siginfo_t& info) {
    if (info.si_code == CLD_EXITED) return "exited with status " + std::to_string(info.si_status);
    std::string text = "was killed by signal " + std::to_string(info.si_status);
    if (::sigabbrev_np(info.si_status)) text += " (" + signal_name(info.si_status) + ")";
    if (info.si_code == CLD_DUMPED) text += ", core dumped";
    return text;
}

std::string join(const std::vector<std::string>& argv) {
    std::string s;
    for (const auto& a : argv) s += (s.empty() ? "" : " ") + a;
    return s;
}

}  // namespace

// Opened by the runner, not the child: the engine's stderr still reaches the tail kept for failure
// messages. othello-match checks the path before the first game; a file that still cannot be
// opened (-1) leaves the engine without the copy, never without its game.
static int open_stderr_copy(const std::string& path) {
    if (path.empty()) return -1;
    return ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
}

EngineProcess::EngineProcess(const ProcessOptions& options) : command_(join(options.argv)) {
    ignore_sigpipe_once();
    if (options.argv.empty())
        throw ChannelError(ChannelFailure::StartFailed, "empty engine command");
    if (interrupting_signal())
        throw ChannelError(ChannelFailure::StartFailed, "not started: interrupted");
    int in_pipe[2] = {-1, -1}, out_pipe[2] = {-1, -1}, err_pipe[2] = {-1, -1},
        exec_status[2] = {-1, -1};
    // A start that fails leaves no descriptor behind: each failed restart would make the next
    // one likelier to fail.
    const auto fail = [&](const std::string& what) {
        const int error = errno;
        for (int* fd : {&in_pipe[0], &in_pipe[1], &out_pipe[0], &out_pipe[1], &err_pipe[0],
                        &err_pipe[1], &exec_status[0], &exec_status[1]})
            close_fd(*fd);
        throw ChannelError(ChannelFailure::StartFailed,
                           what + " '" + command_ + "': " + std::strerror(error));
    };
    if (::pipe2(in_pipe, O_CLOEXEC) != 0 || ::pipe2(out_pipe, O_CLOEXEC) != 0 ||
        ::pipe2(err_pipe, O_CLOEXEC) != 0 || ::pipe2(exec_status, O_CLOEXEC) != 0) {
        fail("cannot create pipes for");
    }
    // Everything the child needs is prepared before fork: after it only async-signal-safe calls.
    std::vector<char*> args;
    for (const auto& a : options.argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    const char* dir =
        options.working_directory.empty() ? nullptr : options.working_directory.c_str();

    pid_ = ::fork();
    if (pid_ < 0) fail("cannot fork for");
    if (pid_ == 0) {
        // A group of its own: stop() then ends whatever the engine started along with it.
        ::setsid();
        ::dup2(in_pipe[0], 0);
        ::dup2(out_pipe[1], 1);
        ::dup2(err_pipe[1], 2);
        close_inherited_descriptors_on_exec();
        int err = 0;
        if (dir && ::chdir(dir) != 0) {
            err = errno;
        } else {
            ::execvp(args[0], args.data());
            err = errno;
        }
        // Tell the parent why: exec_status is close-on-exec, so a successful exec sends nothing.
        [[maybe_unused]] auto n = ::write(exec_status[1], &err, sizeof err);
        ::_exit(127);
    }
    remember_process_group(pid_);
    ::close(in_pipe[0]);
    ::close(out_pipe[1]);
    ::close(err_pipe[1]);
    ::close(exec_status[1]);
    stderr_ = std::make_unique<StderrTail>(err_pipe[0], options.inherit_stderr,
                                           open_stderr_copy(options.stderr_file));
    to_child_ = in_pipe[1];
    from_child_ = out_pipe[0];
    int err = 0;
    ssize_t n;
    do {
        n = ::read(exec_status[0], &err, sizeof err);
    } while (n < 0 && errno == EINTR);
    ::close(exec_status[0]);
    if (n == static_cast<ssize_t>(sizeof err)) {
        end_process_group(pid_, std::chrono::milliseconds(0));
        pid_ = -1;
        close_fd(to_child_);
        close_fd(from_child_);
        throw ChannelError(ChannelFailure::StartFailed, "cannot start '" + command_ + "'" +
                                                            (dir ? std::string(" in ") + dir : "") +
                                                            ": " + std::strerror(err));
    }
}

EngineProcess::~EngineProcess() {
    stop(std::chrono::milliseconds(200));
}

void EngineProcess::write_line(std::string_view line) {
    std::string data(line);
    data += '\n';
    if (to_child_ < 0) throw ChannelError(ChannelFailure::Closed, "'" + command_ + "' is stopped");
    if (stderr_) stderr_mark_ = stderr_->mark();
    if (!write_all(to_child_, data)) {
        throw ChannelError(
            ChannelFailure::Closed,
            how_it_ended(std::string("closed its input: ") + std::strerror(errno), kEndGrace));
    }
}

std::string EngineProcess::read_line(Deadline deadline) {
    for (;;) {
        const auto newline = buffer_.find('\n');
        if (newline != std::string::npos) {
            std::string line = buffer_.substr(0, newline);
            buffer_.erase(0, newline + 1);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            return line;
        }
        if (from_child_ < 0)
            throw ChannelError(ChannelFailure::Closed, "'" + command_ + "' is stopped");
        if (interrupting_signal())
            throw ChannelError(ChannelFailure::Closed, "'" + command_ + "': interrupted");
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        if (left.count() < 0)
            throw ChannelError(ChannelFailure::Timeout,
                               "'" + command_ + "' did not reply in time" +
                                   stderr_said(std::chrono::milliseconds(0), stderr_mark_));
        pollfd pfd{from_child_, POLLIN, 0};
        // Round up so a deadline a fraction of a millisecond away still waits; in slices, so an
        // interruption is seen.
        const int r = ::poll(
            &pfd, 1,
            static_cast<int>(std::min<long long>(left.count() + 1, kInterruptionCheck.count())));
        if (r < 0) {
            if (errno == EINTR) continue;
            throw ChannelError(ChannelFailure::Closed,
                               "poll failed: " + std::string(std::strerror(errno)));
        }
        if (r == 0) continue;  // the deadline check above decides
        char chunk[4096];
        const ssize_t n = ::read(from_child_, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0)
            throw ChannelError(ChannelFailure::Closed,
                               how_it_ended("closed its output", kEndGrace));
        buffer_.append(chunk, static_cast<std::size_t>(n));
        if (buffer_.size() > kDefaultMaxLineLength && buffer_.find('\n') > kDefaultMaxLineLength) {
            buffer_.clear();
            throw ChannelError(ChannelFailure::Malformed,
                               "'" + command_ + "' sent a line longer than " +
                                   std::to_string(kDefaultMaxLineLength) + " bytes");
        }
    }
}

void EngineProcess::stop(std::chrono::milliseconds grace) {
    close_fd(to_child_);  // EOF on stdin is how most engines learn to exit
    if (pid_ > 0) {
        // Once the engine has exited (or the grace is over), what it left running in its group,
        // such as the engine behind a wrapper script, is killed too.
        end_process_group(pid_, grace);
        pid_ = -1;
    }
    close_fd(from_child_);
    stderr_.reset();
}

std::string EngineProcess::how_it_ended(const std::string& otherwise,
                                        std::chrono::milliseconds grace) {
    const auto until = std::chrono::steady_clock::now() + grace;
    std::string how = otherwise;
    bool ended = false;
    while (pid_ > 0) {
        // WNOWAIT: stop() still reaps it, and its pid (its group's id) stays ours until then.
        siginfo_t info{};
        if (::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) != 0)
            break;
        if (info.si_pid == pid_) {
            how = exit_text(info);
            ended = true;
            break;
        }
        if (std::chrono::steady_clock::now() >= until) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    // An engine that has ended has closed its stderr too, unless something it started holds it.
    return "'" + command_ + "' " + how +
           stderr_said(ended ? std::chrono::duration_cast<std::chrono::milliseconds>(
                                   std::max(until - std::chrono::steady_clock::now(),
                                            std::chrono::steady_clock::duration::zero()))
                             : std::chrono::milliseconds(0));
}

std::string EngineProcess::stderr_said(std::chrono::milliseconds grace, std::uint64_t since) {
    if (!stderr_) return "";
    std::string text;
    for (const std::string& line : stderr_->last_lines(grace, since))
        text += (text.empty() ? " (stderr: " : " | ") + printable(line);
    return text.empty() ? "" : text + ")";
}

}  // namespace othello
