// NboardPlayer: an NBoard-protocol engine (Edax, Egaroucid, `othello-engine --protocol nboard`) as
// a player, over whatever connection its spec names. Each move it is sent the whole game with `set
// game` (GGF: any start position, passes included), resynchronised with ping/pong and asked with
// `go`; its evaluation is kept.
#pragma once

#include <memory>

#include "match/players/engine_player.h"
#include "protocol/nboard_client.h"

namespace othello {

class NboardPlayer : public EnginePlayer {
  public:
    explicit NboardPlayer(EngineSpec spec, ProtocolLog* log = nullptr)
        : EnginePlayer(std::move(spec), log) {}
    ~NboardPlayer() override { shut_down(); }

    void new_game(const Game& setup, const TimeControl& time, std::uint64_t seed) override;
    void opponent_played(const Game&, Move, const Deadline&) override {}
    Move choose(const Game& game, const Deadline& deadline, const GameClock* clock) override;
    std::optional<double> last_eval() const override { return last_eval_; }
    void shut_down() override;

    void start(const TimeControl& time) override;
    // start(), then, for an engine that has not named itself and is given no depth=, "set depth"
    // (kDepthToLearnName) and a ping: Edax sends "set myname" only after "set depth". That start
    // is then stopped (false): its first game must not be played at that depth.
    bool start_to_learn_name(const TimeControl& time) override;

  private:
    static constexpr int kDepthToLearnName = 1;

    std::unique_ptr<NboardClient> client_;
    std::optional<double> last_eval_;
};

}  // namespace othello
