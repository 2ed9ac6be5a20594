// Player: one side of a refereed game, whatever drives it — an in-process policy, a GTP engine
// (process or TCP) or a human. The referee owns the board; a player only answers and listens.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/game.h"
#include "match/players/game_clock.h"
#include "match/players/time_control.h"
#include "protocol/channel_error.h"
#include "protocol/deadline.h"

namespace othello {

// Why a player failed; each becomes a game result reason and the offender loses.
enum class PlayerFault {
    Crash,       // process exited / EOF
    Disconnect,  // TCP connection lost
    Timeout,     // no reply within the per-move timeout
    Malformed,   // the reply is not GTP or not a move, or a command was refused
};

class PlayerError : public std::runtime_error {
  public:
    PlayerError(PlayerFault fault, const std::string& message)
        : std::runtime_error(message), fault_(fault) {}
    PlayerFault fault() const { return fault_; }

  private:
    PlayerFault fault_;
};

// A channel failure during a game as the player's fault; `when_closed` is what a closed channel
// means (a crash for a process, a disconnection for TCP).
PlayerError player_error_from(const ChannelError& e, PlayerFault when_closed);

// The engine cannot be started or reached before a game: the game is not played.
class PlayerStartError : public std::runtime_error {
  public:
    PlayerStartError(std::string engine, const std::string& message)
        : std::runtime_error(message), engine_(std::move(engine)) {}
    const std::string& engine() const { return engine_; }  // the display name of the engine

  private:
    std::string engine_;
};

// An engine that cannot play the match's board openings (a GTP engine that does not know
// othello-set_position): refused at its start, and before the match (board_opening_check.h).
class BoardOpeningsRefused : public PlayerStartError {
  public:
    using PlayerStartError::PlayerStartError;
};

class Player {
  public:
    virtual ~Player() = default;
    virtual const std::string& name() const = 0;
    // Prepares for a new game whose position is `setup` (the opening already played). `seed` is
    // this game's and side's own seed, for players that can use one (in-process policies).
    // Throws PlayerStartError if the engine cannot be (re)started, PlayerError if it fails while
    // being set up.
    virtual void new_game(const Game& setup, const TimeControl& time, std::uint64_t seed) = 0;
    // The other side played `move` (never a pass: passes are implicit). `game` includes the move.
    virtual void opponent_played(const Game& game, Move move, const Deadline& deadline) = 0;
    // This side's move in game.current() (which has a legal move), answered before `deadline`.
    // `clock` is this side's clock, or null when it plays without one.
    virtual Move choose(const Game& game, const Deadline& deadline, const GameClock* clock) = 0;
    // The evaluation the player gave with its last chosen move (discs, its own view), if any.
    virtual std::optional<double> last_eval() const { return std::nullopt; }
    // This engine's own time control (tc=, st=); inactive rules: the match's --game-time.
    virtual ClockRules clock_rules() const { return {}; }
    // Seconds the engine took in the last new_game to answer the commands that set up the game
    // (its start not included), failed ones too: the referee charges them to its clock.
    virtual double setup_seconds() const { return 0; }
    // The id of the game about to start, for the protocol log.
    virtual void set_game_id(int /*id*/) {}
    // The engine's last protocol lines, sent and received, oldest first (for a forfeit's record).
    virtual std::vector<std::string> last_lines() const { return {}; }
    // False for in-process players, whose moves are not timed (keeps the fast path clock-free).
    virtual bool is_timed() const { return true; }
    // After a failure the player is restarted before its next game; called by the referee.
    virtual void mark_broken() {}
    // Ends the player for good (quit, then kill).
    virtual void shut_down() {}
};

}  // namespace othello
