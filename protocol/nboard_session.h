// NboardSession: the NBoard GUI's engine protocol (the one Edax and NTest speak) over a policy and
// a game. It only translates lines to calls on the policy and game and back.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "engine/game.h"
#include "engine/policy.h"
#include "protocol/line_session.h"

namespace othello {

struct NboardOptions {
    std::string name = "othello-engine";  // sent as "set myname <name>"
    // Seconds since some fixed point, for the time in "=== move/eval/time"; a steady clock when
    // empty (tests give a fixed clock to get exact transcripts).
    std::function<double()> clock;
    InternalErrorLog internal_errors;  // see line_session.h; empty: tell the peer
};

// Commands (one per line): nboard <version>, set depth <n>, set game <GGF>, set contempt <n>,
// move <sq>[/eval/time], hint <n>, go, ping <n>, learn, analyze, quit. Unknown lines are ignored,
// as the protocol asks; a command that cannot be carried out (a malformed game, an illegal move)
// answers "status <why>" and leaves the board as it was.
//
// Evals are the policy's scores for the side to move (discs where the policy can), clamped to ±64,
// except analyze's, which are Black's view as NBoard plots them. go and hint are preceded by
// "status thinking" and followed by "status ready". Moves with a
// MoveScore::book_games are sent as "book" lines with that game count.
class NboardSession : public LineSession {
  public:
    explicit NboardSession(std::unique_ptr<Policy> policy, NboardOptions options = {});

    std::string handle(std::string_view line) override;
    bool closed() const override { return closed_; }

    const Game& game() const { return game_; }
    int depth() const { return depth_; }
    double contempt() const { return contempt_; }

  private:
    // What handle() sends, before non-printable bytes are escaped.
    std::string answer_to(std::string_view line);
    std::string set(std::string_view rest);
    std::string move(std::string_view text);
    std::string hint(std::string_view count);
    std::string go();
    std::string analyze();

    // The policy's eval of `game`'s current position from its side to move: the best move's score,
    // the final disc difference once the game is over, minus the opponent's eval after a forced
    // pass.
    double eval_of(const Game& game);
    double now() const;

    std::unique_ptr<Policy> policy_;
    NboardOptions options_;
    Game game_;
    int depth_ = 1;
    double contempt_ = 0;
    bool closed_ = false;
};

}  // namespace othello
