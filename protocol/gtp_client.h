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
    std::string id;        // the digits right after the '=' / '?'; empty when there are none
};

class GtpClient {
  public:
    explicit GtpClient(std::unique_ptr<LineChannel> channel) : channel_(std::move(channel)) {}

    // The first command to an engine, sent as "1 COMMAND": a response that carries the id shows
    // the engine echoes ids, and numbered commands use them from then on. A response without it
    // (an engine that drops ids) is the command's answer all the same; a refusal without it (an
    // engine that takes "1" for the command's name) has the command sent again without the id.
    // A response with the id after a space ("= 1 2", Edax's) comes from an engine whose ids
    // cannot be trusted: Edax puts the last id it was sent before every later answer, so no
    // command is numbered from then on, and that id is cut from the front of every response.
    GtpResponse open(std::string_view command, Deadline deadline);
    bool echoes_ids() const { return echoes_ids_; }

    // Sends one command and reads the whole response (up to its empty line). Throws ChannelError:
    // Timeout, Closed, or Malformed when a line does not start with '=' or '?'. `numbered`, with
    // an engine that echoes ids: the command goes with the next id ("12 genmove b"), and a
    // response with another id is a ChannelError(Malformed): one with the id of a command already
    // answered (or any id, to a command sent without one) is that command's second answer, so an
    // engine answering genmove twice is caught with no command of its own.
    GtpResponse send(std::string_view command, Deadline deadline, bool numbered = false);
    // As send, but a '?' failure is a ChannelError(Malformed) naming the command and message.
    std::string ask(std::string_view command, Deadline deadline, bool numbered = false);
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
    // Throws unless `response`, read for `command`, carries `id` (see send).
    void check_id(std::string_view command, const std::string& id, const GtpResponse& response);

    std::unique_ptr<LineChannel> channel_;
    std::optional<Probe> probe_;
    bool echoes_ids_ = false;
    // The id an engine that cannot be trusted with ids repeats before every answer (see open).
    std::string stale_id_;
    long next_id_ = 1;
    // The last numbered commands by id modulo its size: a stray answer names the one it answers.
    static constexpr long kNumberedKept = 4;
    std::string numbered_[kNumberedKept];
};

}  // namespace othello
