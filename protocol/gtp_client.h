// GtpClient: the controller side of GTP — sends one command to an engine and reads its response,
// over any LineChannel (a child process's pipes or a TCP connection), with deadlines.
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "protocol/line_channel.h"

namespace othello {

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
    // Checks that the engine stays in step after answering `answered`: sends `probe`, a command
    // the engine answered before with `probe_answer` (protocol_version, say), without waiting.
    // The next send() reads that response first (by then it has usually arrived: no round trip
    // of its own); anything else there is a second reply to `answered` (an engine answering
    // genmove twice), a ChannelError(Malformed) naming it. Without the probe that stray reply
    // would be read as the next command's, and the fault blamed on the wrong command.
    void send_probe(std::string_view answered, std::string_view probe, std::string probe_answer,
                    Deadline deadline);
    // Sends `quit` (best effort), then stops the channel.
    void quit(std::chrono::milliseconds grace);

    LineChannel& channel() { return *channel_; }

  private:
    // An unanswered probe: the command that came before it, and the answer it must get.
    struct Probe {
        std::string answered;
        std::string command;
        std::string answer;
    };

    GtpResponse read_response(std::string_view command, Deadline deadline);
    // Reads the pending probe's response, if any (see send_probe).
    void check_probe(Deadline deadline);

    std::unique_ptr<LineChannel> channel_;
    std::optional<Probe> probe_;
};

}  // namespace othello
