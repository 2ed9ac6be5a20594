// NboardClient: the controller side of the NBoard protocol (the one Edax, Egaroucid and NTest
// speak) over any LineChannel: handshake, ping/pong resynchronisation and `go` with its reply.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "protocol/line_channel.h"

namespace othello {

// An engine's answer to `go`: "=== F5", "=== f5/1.2/0.3", "=== c6 0.00 0.0".
struct NboardMoveReply {
    std::string move;               // as the engine wrote it ("F5", "c6", "PA")
    std::optional<double> eval;     // discs, the mover's view, when given
    std::optional<double> seconds;  // the engine's own time for the move, when given
};

// The text after "===" parsed; nullopt when it holds no move. An eval or time that is not a
// usable number (not a number, out of range, nan, inf, an eval beyond 64 discs) is left out: the
// move stands without it.
std::optional<NboardMoveReply> parse_nboard_move_reply(std::string_view text);

class NboardClient {
  public:
    explicit NboardClient(std::unique_ptr<LineChannel> channel) : channel_(std::move(channel)) {}

    // "nboard 2", then a ping answered: whatever else the engine says (a complaint about the
    // version, status lines) is ignored. Returns the name from "set myname NAME", or "". An
    // `othello-engine --listen --token` server that was given no token answers with a refusal
    // instead: ChannelError StartFailed "ENGINE refused the token (...)", `engine` being the
    // display name.
    std::string handshake(Deadline deadline, std::string_view engine = "the engine");
    // "set depth N", then a ping answered. Returns the name from a "set myname NAME" on the way,
    // or "": Edax names itself only once it is given a depth, not after "nboard 2".
    std::string set_depth(int depth, Deadline deadline);
    // Sends one line; NBoard commands have no reply of their own.
    void send(std::string_view line) { channel_->write_line(line); }
    // "ping N" and every line up to "pong N" dropped, a stale reply to an earlier `go` included:
    // afterwards the engine's next line answers the next command.
    void synchronise(Deadline deadline);
    // "go", then lines up to the "=== move" reply; status, nodestats, search and other lines are
    // skipped. Throws ChannelError: Timeout, Closed, Malformed for a reply that is not a move.
    NboardMoveReply go(Deadline deadline);
    // Sends `quit` (best effort), then stops the channel.
    void quit(std::chrono::milliseconds grace);

  private:
    // Reads up to "pong N"; the "set myname" seen on the way, if any, into `name`. With `engine`
    // (the handshake), a token gate's refusal is reported as such.
    void await_pong(Deadline deadline, std::string* name, std::string_view engine = {});

    std::unique_ptr<LineChannel> channel_;
    long next_ping_ = 1;
};

}  // namespace othello
