// NboardPlayer: an NBoard-protocol engine (Edax, Egaroucid, `othello-engine --protocol nboard`) as
// a player. Each move it is sent the whole game with `set game` (GGF: any start position, passes
// included), resynchronised with ping/pong and asked with `go`; its evaluation is kept.
#pragma once

#include <memory>

#include "match/engine_spec.h"
#include "match/player.h"
#include "match/protocol_log.h"
#include "protocol/nboard_client.h"

namespace othello {

class NboardPlayer : public Player {
  public:
    explicit NboardPlayer(EngineSpec spec, ProtocolLog* log = nullptr)
        : spec_(std::move(spec)), lines_(spec_.name, log) {}
    ~NboardPlayer() override { shut_down(); }

    const std::string& name() const override { return spec_.name; }
    void new_game(const Game& setup, const TimeControl& time, std::uint64_t seed) override;
    void opponent_played(const Game&, Move, const Deadline&) override {}
    Move choose(const Game& game, const Deadline& deadline, const GameClock* clock) override;
    std::optional<double> last_eval() const override { return last_eval_; }
    ClockRules clock_rules() const override { return spec_.clock; }
    void set_game_id(int id) override { lines_.set_game_id(id); }
    std::vector<std::string> last_lines() const override { return lines_.last_lines(); }
    void mark_broken() override { broken_ = true; }
    void shut_down() override;

    // What the engine called itself in "set myname" (empty before it started).
    const std::string& reported_name() const { return reported_name_; }

  private:
    void start(const TimeControl& time);  // throws PlayerStartError

    EngineSpec spec_;
    EngineLines lines_;
    std::unique_ptr<NboardClient> client_;
    std::string reported_name_;
    std::optional<double> last_eval_;
    bool broken_ = false;
};

}  // namespace othello
