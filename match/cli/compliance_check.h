// The vocabulary of `othello-match compliance`: what one check of an engine found, and the
// positions every protocol's checks play from.
#pragma once

#include <functional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "engine/ascii_text.h"
#include "engine/game.h"
#include "protocol/channel_error.h"

namespace othello {

struct ComplianceFinding {
    enum class Verdict { Ok, Failed, Skipped };
    std::string check;  // what was checked, e.g. "genmove from the start"
    Verdict verdict = Verdict::Ok;
    std::string detail;  // what the engine did, and for a failure why it is wrong
};

ComplianceFinding ok(std::string detail);
ComplianceFinding failed(std::string detail);
ComplianceFinding skipped(std::string detail);

// A wrong answer that leaves the engine in step (a refused command): the check fails, the next
// goes on with the same engine.
class ComplianceFailure : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// Told each finding as soon as it is made, so a hanging engine shows how far it got.
using FindingSink = std::function<void(const ComplianceFinding&)>;

// A check: its name, and what it does with a protocol's session (an engine it talks to).
template <typename Session>
using ComplianceCheck = std::pair<std::string, std::function<ComplianceFinding(Session&)>>;

// Runs `checks` in turn on `session`, telling `sink` each finding. A check that meets a channel
// error (a timeout, a crash, a double answer) leaves its engine out of step: the session is
// started again (`ensure_open`) for the next. An engine that fails the first check (its start)
// that way, or cannot be started again, ends the run: every later check would wait for it.
template <typename Session>
void run_compliance_checks(Session& session, const std::vector<ComplianceCheck<Session>>& checks,
                           const FindingSink& sink) {
    for (std::size_t i = 0; i < checks.size(); ++i) {
        ComplianceFinding finding;
        bool stop = false;
        try {
            if (i > 0) {
                try {
                    session.ensure_open();
                } catch (const ChannelError& e) {
                    stop = true;
                    throw ChannelError(e.failure(),
                                       "could not be started again: " + std::string(e.what()));
                }
            }
            finding = checks[i].second(session);
        } catch (const ComplianceFailure& e) {
            finding = failed(e.what());
        } catch (const ChannelError& e) {
            session.mark_broken();
            finding = failed(printable_lines(e.what()));
            stop = stop || i == 0;
        }
        finding.check = checks[i].first;
        sink(finding);
        if (stop) return;
    }
}

// How long an engine has for each answer, and for starting.
struct ComplianceLimits {
    double answer_seconds = 10;
    double start_seconds = 10;
};

// A position an engine is asked to move from, reached from the standard start by `game`'s moves
// (passes included) or set up as a board.
struct CompliancePosition {
    std::string name;  // "the start", "after f5d6c3d3c4", ...
    Game game;
};

// Positions where the side to move has moves: the start, an opening, a middle game and a board
// that is not reached from the start (what board openings send).
std::vector<CompliancePosition> positions_with_moves();
// Black to move with no legal move while White has some (after f5f6d3g5h5h4g7h6).
CompliancePosition position_black_must_pass();
// The same game after Black's pass: White moves twice in a row.
CompliancePosition position_after_black_passed();

// "c4 d3 e6 f5": the legal moves of `p`, for messages.
std::string legal_moves_text(const Position& p);

// What is wrong with `answer` as the move of the side to move in `p` ("answered 'd4', which is
// not legal there (legal: ...)"), or "" when it is right: a legal move when there is one, a pass
// when there is none.
std::string move_problem(const Position& p, const std::string& answer);

}  // namespace othello
