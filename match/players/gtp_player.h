// GtpPlayer: a GTP engine as a player, over whatever connection its spec names. Started and
// checked (protocol_version, numbered to learn whether it echoes ids; name; boardsize 8) lazily,
// reused across games (restart=on: a fresh one for each), restarted or reconnected after a failure,
// and stopped with quit then a kill.
#pragma once

#include <memory>

#include "match/players/engine_player.h"
#include "protocol/gtp_client.h"

namespace othello {

class GtpPlayer : public EnginePlayer {
  public:
    // `board_openings`: some of the match's openings are boards, which GTP can only send with
    // the project's `othello-set_position`: an engine that does not know it is refused at start.
    explicit GtpPlayer(EngineSpec spec, ProtocolLog* log = nullptr, bool board_openings = false)
        : EnginePlayer(std::move(spec), log), board_openings_(board_openings) {}
    ~GtpPlayer() override { shut_down(); }

    void new_game(const Game& setup, const TimeControl& time, std::uint64_t seed) override;
    void opponent_played(const Game& game, Move move, const Deadline& deadline) override;
    Move choose(const Game& game, const Deadline& deadline, const GameClock* clock) override;
    double setup_seconds() const override { return setup_seconds_; }
    void shut_down() override;

    void start(const TimeControl& time) override;

  private:
    void set_up(const Game& setup, const TimeControl& time);
    void send_clock(Color side, const GameClock& clock, const Deadline& deadline);
    bool knows_command(const std::string& command, const Deadline& deadline);

    std::unique_ptr<GtpClient> client_;
    // The engine's answer, asked again to check it is in step when it does not echo ids.
    std::string protocol_version_;
    bool time_settings_sent_ = false;
    bool board_openings_ = false;
    double setup_seconds_ = 0;  // the last new_game's set_up, charged to the engine's clock
};

}  // namespace othello
