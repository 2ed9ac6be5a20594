// StderrTail: the last lines an engine process wrote to its stderr, so that a failure can say
// what the engine said before it (a missing file, an assertion). A thread of its own drains the
// pipe as the engine writes, whether anyone reads the tail or not, so a talkative engine never
// blocks on a full stderr pipe; when the engine's stderr is shown, what it writes is passed on to
// the runner's stderr as it comes. Only a bounded tail is kept.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace othello {

class StderrTail {
  public:
    static constexpr std::size_t kLines = 5;          // the last lines kept
    static constexpr std::size_t kLineBytes = 400;    // a longer line is cut (and marked)
    static constexpr std::size_t kTotalBytes = 2048;  // all kept lines together

    // Takes ownership of `fd`, the read end of the engine's stderr pipe. `show`: pass everything
    // on to this program's stderr too. `copy_to` (owned too, -1: none): a file everything is
    // appended to as well (stderr=FILE).
    StderrTail(int fd, bool show, int copy_to = -1);
    // Stops reading (what is already in the pipe is read first) and closes the pipe.
    ~StderrTail();
    StderrTail(const StderrTail&) = delete;
    StderrTail& operator=(const StderrTail&) = delete;

    // Waits up to `grace` for the engine's stderr to close (all its writers gone), then returns
    // the last lines (a last line without its newline included); with `since` (a mark()), only
    // those begun after it.
    std::vector<std::string> last_lines(std::chrono::milliseconds grace, std::uint64_t since = 0);
    // How many lines have begun so far: a mark to ask for the lines after (an engine's banner
    // says nothing about why it did not answer a later command).
    std::uint64_t mark();

  private:
    void drain();
    void add(const char* data, std::size_t size);  // under lock_
    void end_line();                               // under lock_

    int fd_;
    int wake_[2] = {-1, -1};  // written to by the destructor: stop waiting for the engine
    bool show_;
    int copy_to_;
    std::mutex lock_;
    std::condition_variable closed_changed_;
    bool closed_ = false;
    std::vector<std::string> lines_;    // oldest first
    std::vector<std::uint64_t> begun_;  // lines_[i] was the begun_[i]-th line begun
    std::string partial_;               // the line being written
    bool partial_cut_ = false;
    std::uint64_t lines_begun_ = 0;  // the partial line's number, once it has begun
    std::thread reader_;
};

}  // namespace othello
