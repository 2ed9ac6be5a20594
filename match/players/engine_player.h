// EnginePlayer: what every external engine player (GTP or NBoard, process or TCP) shares — its
// spec and clock, the lines it exchanged (for --log and a forfeit's record), and whether it must
// be restarted before its next game. The protocol lives in the subclasses.
#pragma once

#include <string>
#include <vector>

#include "match/players/engine_spec.h"
#include "match/players/player.h"
#include "match/players/protocol_log.h"

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

    // What the engine called itself (GTP `name`, NBoard `set myname`); empty before it started.
    const std::string& reported_name() const { return reported_name_; }

  protected:
    EngineSpec spec_;
    EngineLines lines_;
    std::string reported_name_;
    bool broken_ = false;  // restart before the next game
};

}  // namespace othello
