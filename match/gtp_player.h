// GtpPlayer: a GTP engine as a player, spawned as a process or reached over TCP. Started and
// checked (protocol_version, name, boardsize 8) lazily, reused across games, restarted or
// reconnected after a failure, and stopped with quit then a kill.
#pragma once

#include <memory>

#include "match/engine_spec.h"
#include "match/player.h"
#include "protocol/gtp_client.h"

namespace othello {

class GtpPlayer : public Player {
  public:
    explicit GtpPlayer(EngineSpec spec) : spec_(std::move(spec)) {}
    ~GtpPlayer() override { shut_down(); }

    const std::string& name() const override { return spec_.name; }
    void new_game(const Game& setup, const TimeControl& time, std::uint64_t seed) override;
    void opponent_played(const Game& game, Move move, const Deadline& deadline) override;
    Move choose(const Game& game, const Deadline& deadline,
                std::optional<double> time_left) override;
    void mark_broken() override { broken_ = true; }
    void shut_down() override;

    // What the engine answered to `name` (empty before it started).
    const std::string& reported_name() const { return reported_name_; }

  private:
    void start(const TimeControl& time);  // throws PlayerStartError
    void set_up(const Game& setup, const TimeControl& time);
    PlayerError to_player_error(const ChannelError& e) const;

    EngineSpec spec_;
    std::unique_ptr<GtpClient> client_;
    std::string reported_name_;
    bool broken_ = false;
};

}  // namespace othello
