// EvalAdjudication: cutechess's -resign and -draw rules, on the evaluations engines report with
// their moves (NBoard's `=== MOVE/EVAL`, in discs from the mover's view). The referee asks it
// after every move played after the opening; a record read back is replayed through it
// (match/results/record_check.h), so a resignation or agreed draw is proved by the evals the
// record holds, and a game that goes on past the point where the rules would have ended it is
// refused.
#pragma once

#include <optional>
#include <string>

#include "engine/position.h"
#include "match/record/game_record.h"

namespace othello {

// --resign moves=N,score=S[,twosided=true]: a side whose last N evals (of its own moves) were
// all -S or lower loses; twosided: only when the opponent's last N were all S or higher as well.
struct ResignRule {
    int moves = 0;
    double score = 0;
    bool twosided = false;
};

// --draw moves=N,score=S[,movenumber=M]: a draw when the last N evals (of both sides' moves, in
// turn) were all within ±S, counting only moves from the Mth of the game on.
struct DrawRule {
    int moves = 0;
    double score = 0;
    int movenumber = 0;
};

struct EvalRules {
    std::optional<ResignRule> resign;
    std::optional<DrawRule> draw;
    bool active() const { return resign.has_value() || draw.has_value(); }
};

// How the rules end a game: Outcome::Resigned with the other side winning, or
// Outcome::DrawAdjudicated; the discs stay as they are on the board.
struct EvalVerdict {
    Outcome reason = Outcome::DrawAdjudicated;
    Winner winner = Winner::Draw;
    std::string detail;
};

// "moves=N,score=S[,twosided=true|false]", N from 1 to 60, S discs from 0 to 64 (cutechess's
// movecount=N too). Throws std::invalid_argument saying what is wrong, naming --resign.
ResignRule parse_resign_rule(const std::string& text);
// "moves=N,score=S[,movenumber=M]", M from 0 to 60. Throws std::invalid_argument naming --draw.
DrawRule parse_draw_rule(const std::string& text);

// The running counts of one game. A move without an eval breaks every streak it is part of.
// When both rules are met by one move, resigning comes first.
class EvalAdjudicator {
  public:
    explicit EvalAdjudicator(const EvalRules& rules) : rules_(rules) {}

    // After `mover` played the `number`th move of the game (passes not counted, the opening's
    // moves counted), reporting `eval`: the verdict when the rules end the game here.
    std::optional<EvalVerdict> after_move(Color mover, std::optional<double> eval, int number);

  private:
    std::optional<EvalVerdict> resignation() const;

    EvalRules rules_;
    int losing_[2] = {0, 0};  // consecutive own moves at -S or lower, by side
    int winning_[2] = {0, 0};
    int level_ = 0;  // consecutive moves within ±S of the draw rule
};

}  // namespace othello
