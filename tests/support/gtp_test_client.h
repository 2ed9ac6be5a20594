// Test helpers that talk GTP to real things: a child process over pipes and a TCP socket on
// 127.0.0.1, each sending one command and reading one response (up to the empty line). Asio and
// Boost.Process stay in the .cpp files.
#pragma once

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "tests/support/child_process.h"
#include "tests/support/programs.h"

namespace othello::testing {

// Reads one GTP response (lines up to and including the empty line) from a line source.
template <typename ReadLine>
std::string read_response(ReadLine&& read_line) {
    std::string response, line;
    while (read_line(line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty()) {
            if (response.empty()) continue;  // tolerate stray blank lines before a response
            return response;
        }
        response += line + "\n";
    }
    return response;
}

// A GTP engine as a child process (its stderr to `stderr_file`, or discarded).
class GtpProcess {
  public:
    GtpProcess(const std::string& program, const std::vector<std::string>& args,
               const std::string& stderr_file = "");
    // Sends quit and waits, if the engine still runs.
    ~GtpProcess();
    // Sends a command; returns its response without the final empty line.
    std::string send(const std::string& command);
    ChildProcess& process() { return child_; }

  private:
    ChildProcess child_;
};

// A line client on a TCP socket to 127.0.0.1 (GTP, NBoard, or a relay behind --exec).
class GtpSocket {
  public:
    explicit GtpSocket(unsigned short port);
    // From another loopback address (127.0.0.2, 127.1.0.1, ...): a distinct client address.
    GtpSocket(unsigned short port, const std::string& from);
    ~GtpSocket();
    // Writes every byte; false when the server has hung up meanwhile.
    bool send_raw(const std::string& bytes);
    std::string send(const std::string& command);
    // One GTP response (through its blank line).
    std::string read();
    // One line without its '\n'; false at the end of the stream.
    bool read_line(std::string& line);
    // Everything until the server closes the connection.
    std::string read_to_end();
    // True once the server has closed the connection (reads until end of stream).
    bool closed_by_server();
    // True when the server closes the connection before `limit` passes (what it sends meanwhile
    // is read and dropped).
    bool closed_within(std::chrono::milliseconds limit);
    // The socket's descriptor, for poll() with a time limit.
    int fd() const;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// The server's first answer on `client` (through its blank line), or what came before `limit`
// passed or the server closed the connection.
std::string answer_within(GtpSocket& client, std::chrono::milliseconds limit);

}  // namespace othello::testing
