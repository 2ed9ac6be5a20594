// GtpPlayer: a GTP engine as a player, spawned as a process or reached over TCP. Started and
// checked (protocol_version, name, boardsize 8) lazily, reused across games, restarted or
// reconnected after a failure, and stopped with quit then a kill.
#pragma once

#include <memory>

#include "match/engine_spec.h"
#include "match/player.h"
#include "match/protocol_log.h"
#include "protocol/gtp_client.h"

namespace othello {

class GtpPlayer : public Player {
  public:
    // `log` (may be null): the --log file every line goes to.
    explicit GtpPlayer(EngineSpec spec, ProtocolLog* log = nullptr)
        : spec_(std::move(spec)), lines_(spec_.name, log) {}
    ~GtpPlayer() override { shut_down(); }

    const std::string& name() const override { return spec_.name; }
    void new_game(const Game& setup, const TimeControl& time, std::uint64_t seed) override;
    void opponent_played(const Game& game, Move move, const Deadline& deadline) override;
    Move choose(const Game& game, const Deadline& deadline, const GameClock* clock) override;
    ClockRules clock_rules() const override { return spec_.clock; }
    void set_game_id(int id) override { lines_.set_game_id(id); }
    std::vector<std::string> last_lines() const override { return lines_.last_lines(); }
    void mark_broken() override { broken_ = true; }
    void shut_down() override;

    // What the engine answered to `name` (empty before it started).
    const std::string& reported_name() const { return reported_name_; }

  private:
    void start(const TimeControl& time);  // throws PlayerStartError
    void set_up(const Game& setup, const TimeControl& time);
    void send_clock(Color side, const GameClock& clock, const Deadline& deadline);
    PlayerError to_player_error(const ChannelError& e) const;

    EngineSpec spec_;
    EngineLines lines_;
    std::unique_ptr<GtpClient> client_;
    bool time_settings_sent_ = false;
    bool has_started_ = false;  // a restart that times out is a lost game, not a start failure
    std::string reported_name_;
    bool broken_ = false;
};

}  // namespace othello
