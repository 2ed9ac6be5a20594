// GtpClient: the controller side of GTP — sends one command to an engine and reads its response,
// over any LineChannel (a child process's pipes or a TCP connection), with deadlines.
#pragma once

#include <chrono>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

namespace othello {

using Deadline = std::chrono::steady_clock::time_point;

// Why talking to an engine failed; the referee turns each into a game result reason.
enum class ChannelFailure {
    StartFailed,  // the process could not be started or the connection not made
    Timeout,      // no complete reply before the deadline
    Closed,       // EOF: the process exited or crashed, or the peer closed the connection
    Malformed,    // the reply is not GTP
};

class ChannelError : public std::runtime_error {
  public:
    ChannelError(ChannelFailure failure, const std::string& message)
        : std::runtime_error(message), failure_(failure) {}
    ChannelFailure failure() const { return failure_; }

  private:
    ChannelFailure failure_;
};

// A bidirectional line transport to an engine.
class LineChannel {
  public:
    virtual ~LineChannel() = default;
    // Sends `line` plus '\n'. Throws ChannelError(Closed) if the peer is gone.
    virtual void write_line(std::string_view line) = 0;
    // The next line without its line ending ('\r' stripped). Throws ChannelError(Timeout) at the
    // deadline and ChannelError(Closed) at EOF.
    virtual std::string read_line(Deadline deadline) = 0;
    // Ends the connection: lets the engine exit by itself for up to `grace`, then forces it.
    virtual void stop(std::chrono::milliseconds grace) = 0;
};

struct GtpResponse {
    bool success = false;  // '=' or '?'
    std::string text;      // after the '=' / '?' and optional id, trimmed; lines joined by '\n'
};

class GtpClient {
  public:
    explicit GtpClient(std::unique_ptr<LineChannel> channel) : channel_(std::move(channel)) {}

    // Sends one command and reads the whole response (up to its empty line). Throws ChannelError:
    // Timeout, Closed, or Malformed when a line does not start with '=' or '?'.
    GtpResponse send(std::string_view command, Deadline deadline);
    // As send, but a '?' failure is a ChannelError(Malformed) naming the command and message.
    std::string ask(std::string_view command, Deadline deadline);
    // Sends `quit` (best effort), then stops the channel.
    void quit(std::chrono::milliseconds grace);

    LineChannel& channel() { return *channel_; }

  private:
    std::unique_ptr<LineChannel> channel_;
};

inline Deadline deadline_after(double seconds) {
    return std::chrono::steady_clock::now() +
           std::chrono::duration_cast<std::chrono::steady_clock::duration>(
               std::chrono::duration<double>(seconds));
}

}  // namespace othello
