// The tail of an engine's stderr that failure messages quote: its last lines, and only the lines
// begun after a mark (a timeout quotes what the engine said while it was asked, not its banner).
#include <doctest/doctest.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "protocol/stderr_tail.h"
#include "tests/support/programs.h"

using namespace othello;

namespace {

void write_text(int fd, const std::string& text) {
    REQUIRE(::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size()));
}

// The tail's lines once it has read `count` of them (its reader is a thread of its own).
std::vector<std::string> lines_once_read(StderrTail& tail, std::size_t count,
                                         std::uint64_t since = 0) {
    const auto until = std::chrono::steady_clock::now() +
                       othello::testing::scaled(std::chrono::milliseconds(5000));
    std::vector<std::string> lines = tail.last_lines(std::chrono::milliseconds(0), since);
    while (lines.size() < count && std::chrono::steady_clock::now() < until) {
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
        lines = tail.last_lines(std::chrono::milliseconds(0), since);
    }
    return lines;
}

}  // namespace

TEST_CASE("stderr tail: the last lines, and those begun after a mark") {
    int pipe_ends[2];
    REQUIRE(::pipe(pipe_ends) == 0);
    StderrTail tail(pipe_ends[0], false);
    write_text(pipe_ends[1], "Edax 4.4 loading eval.dat\n\n");
    CHECK(lines_once_read(tail, 1) == std::vector<std::string>{"Edax 4.4 loading eval.dat"});
    const std::uint64_t mark = tail.mark();
    CHECK(tail.last_lines(std::chrono::milliseconds(0), mark).empty());
    // A line begun after the mark, half written, then ended.
    write_text(pipe_ends[1], "searching at depth 2");
    CHECK(lines_once_read(tail, 1, mark) == std::vector<std::string>{"searching at depth 2"});
    write_text(pipe_ends[1], "4\nout of time\n");
    CHECK(lines_once_read(tail, 2, mark) ==
          std::vector<std::string>{"searching at depth 24", "out of time"});
    CHECK(lines_once_read(tail, 3) == std::vector<std::string>{"Edax 4.4 loading eval.dat",
                                                               "searching at depth 24",
                                                               "out of time"});
    ::close(pipe_ends[1]);
}
