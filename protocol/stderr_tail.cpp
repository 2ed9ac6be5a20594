// StderrTail: one thread per engine blocked in poll() on the pipe and on a wake-up pipe; lines
// are cut as they come and only the last few are kept.
#include "protocol/stderr_tail.h"

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <cerrno>

#include "io/fd_write.h"

namespace othello {

StderrTail::StderrTail(int fd, bool show, int copy_to) : fd_(fd), show_(show), copy_to_(copy_to) {
    // Without a wake-up pipe the reader looks for the end every 100 ms instead.
    if (::pipe2(wake_, O_CLOEXEC) != 0) wake_[0] = wake_[1] = -1;
    // Non-blocking: a wake-up reads what is in the pipe and no more, even while a grandchild of
    // the engine still holds its write end.
    ::fcntl(fd_, F_SETFL, ::fcntl(fd_, F_GETFL) | O_NONBLOCK);
    reader_ = std::thread([this] { drain(); });
}

StderrTail::~StderrTail() {
    if (wake_[1] >= 0) {
        const char byte = 1;
        [[maybe_unused]] const auto n = ::write(wake_[1], &byte, 1);
    }
    {
        const std::lock_guard guard(lock_);
        closed_ = true;  // read by the reader only when there is no wake-up pipe
    }
    reader_.join();
    for (int fd : {fd_, wake_[0], wake_[1], copy_to_})
        if (fd >= 0) ::close(fd);
}

void StderrTail::drain() {
    char chunk[4096];
    for (;;) {
        pollfd fds[2] = {{fd_, POLLIN, 0}, {wake_[0], POLLIN, 0}};
        const int ready = ::poll(fds, wake_[0] >= 0 ? 2 : 1, wake_[0] >= 0 ? -1 : 100);
        if (ready < 0 && errno != EINTR) break;
        bool ended = false;
        for (;;) {
            const ssize_t n = ::read(fd_, chunk, sizeof chunk);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) {
                ended = n == 0 || errno != EAGAIN;
                break;
            }
            if (show_) write_all(2, std::string_view(chunk, static_cast<std::size_t>(n)));
            if (copy_to_ >= 0)
                write_all(copy_to_, std::string_view(chunk, static_cast<std::size_t>(n)));
            const std::lock_guard guard(lock_);
            add(chunk, static_cast<std::size_t>(n));
        }
        bool stopping = wake_[0] >= 0 && (fds[1].revents & POLLIN);
        if (wake_[0] < 0) {
            const std::lock_guard guard(lock_);
            stopping = closed_;
        }
        if (ended || stopping) break;
    }
    const std::lock_guard guard(lock_);
    if (!partial_.empty() || partial_cut_) end_line();
    closed_ = true;
    closed_changed_.notify_all();
}

void StderrTail::add(const char* data, std::size_t size) {
    for (std::size_t i = 0; i < size; ++i) {
        if (data[i] == '\n') {
            end_line();
            continue;
        }
        if (partial_.empty() && !partial_cut_) ++lines_begun_;
        if (partial_.size() < kLineBytes) {
            partial_ += data[i];
        } else {
            partial_cut_ = true;
        }
    }
}

void StderrTail::end_line() {
    if (!partial_.empty() && partial_.back() == '\r') partial_.pop_back();
    if (partial_cut_) partial_ += "...";
    // A blank line says nothing about a failure; it would only push a line that does out.
    if (partial_.find_first_not_of(" \t") != std::string::npos) {
        lines_.push_back(std::move(partial_));
        begun_.push_back(lines_begun_);
        std::size_t total = 0;
        for (const auto& line : lines_) total += line.size();
        while (lines_.size() > kLines || total > kTotalBytes) {
            total -= lines_.front().size();
            lines_.erase(lines_.begin());
            begun_.erase(begun_.begin());
        }
    }
    partial_.clear();
    partial_cut_ = false;
}

std::vector<std::string> StderrTail::last_lines(std::chrono::milliseconds grace,
                                                std::uint64_t since) {
    std::unique_lock guard(lock_);
    closed_changed_.wait_for(guard, grace, [&] { return closed_; });
    std::vector<std::string> lines;
    for (std::size_t i = 0; i < lines_.size(); ++i)
        if (begun_[i] > since) lines.push_back(lines_[i]);
    if (!partial_.empty() && lines_begun_ > since)
        lines.push_back(partial_ + (partial_cut_ ? "..." : ""));
    return lines;
}

std::uint64_t StderrTail::mark() {
    const std::lock_guard guard(lock_);
    return lines_begun_;
}

}  // namespace othello
