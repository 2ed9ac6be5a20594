// EnginePlayer: what every external engine player (GTP or NBoard, process or TCP) shares — its
// spec and clock, its connection and what a failure of it means, the lines it exchanged (for
// --log and a forfeit's record), and whether it must be restarted before its next game. The
// protocol lives in the subclasses, the connection in protocol/engine_connection.h.
#pragma once

#include <string>
#include <vector>

#include "match/players/engine_spec.h"
#include "match/players/player.h"
#include "match/players/protocol_log.h"
#include "protocol/engine_connection.h"

namespace othello {

class EnginePlayer : public Player {
  public:
    // `log` (may be null): the --log file every line goes to.
    EnginePlayer(EngineSpec spec, ProtocolLog* log)
        : spec_(std::move(spec)), lines_(spec_.name, log) {}

    const std::string& name() const override { return spec_.name; }
    ClockRules clock_rules() const override { return spec_.clock; }
    void set_game_id(int id) override { lines_.set_game_id(id); }
    std::vector<std::string> last_lines() const override { return lines_.last_lines(); }
    void mark_broken() override { broken_ = true; }

    // Starts the engine (or connects to it) and opens the protocol, as before a first game.
    // Throws PlayerStartError.
    virtual void start(const TimeControl& time) = 0;
    // Starts the engine to learn its name (then reported_name()): start(), and whatever else the
    // protocol needs before an engine names itself. Returns whether that start may play the
    // engine's first game (keep_for_first_game); if not, the engine is stopped already. Throws
    // PlayerStartError.
    virtual bool start_to_learn_name(const TimeControl& time) {
        start(time);
        return true;
    }
    // What the engine called itself (GTP `name`, NBoard `set myname`); empty before it started.
    const std::string& reported_name() const { return reported_name_; }
    // Started before the match to be asked its name (reported_names.h): it plays its first game
    // under `name` on that start, restart=on included.
    void keep_for_first_game(std::string name) {
        spec_.name = std::move(name);
        lines_.rename(spec_.name);
        kept_start_ = true;
    }

  protected:
    // Spawns the engine or connects to it (presenting its token) before `deadline`; every line
    // then goes through lines_. Throws ChannelError.
    std::unique_ptr<LineChannel> connect(Deadline deadline) {
        return lines_.attach(open_connection(spec_.connection, spec_.name, deadline));
    }
    // A channel failure during a game as this engine's fault: a closed channel is a crash of a
    // process, a disconnection of a TCP server.
    PlayerError to_player_error(const ChannelError& e) const {
        return player_error_from(e, spec_.connection.kind == EngineConnection::Kind::Tcp
                                        ? PlayerFault::Disconnect
                                        : PlayerFault::Crash);
    }
    // A (re)start that failed with `e`, the connection already shut down. An engine that played
    // before and now does not answer in time (a TCP server that stopped accepting) loses this
    // game on time and is tried again for the next; otherwise it cannot play (PlayerStartError).
    [[noreturn]] void fail_start(const ChannelError& e) const {
        if (has_started_ && e.failure() == ChannelFailure::Timeout)
            throw PlayerError(PlayerFault::Timeout, e.what());
        throw PlayerStartError(spec_.name,
                               "engine '" + spec_.name + "' failed to start: " + e.what());
    }

    // Whether the next game needs a fresh process or connection: after a failure, or before
    // every game with restart=on.
    bool restart_due() const {
        return broken_ || (spec_.restart == EngineSpec::Restart::On && !kept_start_);
    }

    EngineSpec spec_;
    EngineLines lines_;
    std::string reported_name_;
    bool broken_ = false;       // restart before the next game
    bool has_started_ = false;  // set by the subclass once a start succeeded
    bool kept_start_ = false;   // keep_for_first_game: the first new_game uses this start
};

}  // namespace othello
