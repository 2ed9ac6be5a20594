// GameRecord helpers: the winner and outcome strings, and the final margin rule.
#include "match/record/game_record.h"

#include <array>
#include <stdexcept>
#include <utility>

#include "engine/notation.h"
#include "engine/position.h"

namespace othello {

namespace {

constexpr std::array<std::pair<Outcome, std::string_view>, 11> kOutcomeNames{{
    {Outcome::Normal, "normal"},
    {Outcome::IllegalMove, "illegal move"},
    {Outcome::MalformedReply, "malformed reply"},
    {Outcome::Crash, "crash"},
    {Outcome::Timeout, "timeout"},
    {Outcome::Disconnection, "disconnection"},
    {Outcome::TimeForfeit, "time forfeit"},
    {Outcome::Adjudicated, "adjudicated"},
    {Outcome::PolicyError, "policy error"},
    {Outcome::Resigned, "resign adjudication"},
    {Outcome::DrawAdjudicated, "draw adjudication"},
}};

}  // namespace

std::string to_string(Winner w) {
    switch (w) {
        case Winner::Black:
            return "black";
        case Winner::White:
            return "white";
        case Winner::Draw:
            return "draw";
    }
    return "draw";
}

Winner winner_from_string(const std::string& s) {
    if (s == "black") return Winner::Black;
    if (s == "white") return Winner::White;
    if (s == "draw") return Winner::Draw;
    throw std::invalid_argument("winner '" + s + "' is not black, white or draw");
}

std::string_view to_string(Outcome o) {
    for (const auto& [outcome, name] : kOutcomeNames) {
        if (outcome == o) return name;
    }
    return "normal";
}

Outcome outcome_from_string(std::string_view s) {
    for (const auto& [outcome, name] : kOutcomeNames) {
        if (name == s) return outcome;
    }
    std::string known;
    for (const auto& [outcome, name] : kOutcomeNames)
        known += (known.empty() ? "" : ", ") + std::string(name);
    throw std::invalid_argument("game reason '" + std::string(s) + "' is not one of: " + known);
}

bool is_forfeit(Outcome o) {
    return o != Outcome::Normal && o != Outcome::Adjudicated && o != Outcome::Resigned &&
           o != Outcome::DrawAdjudicated;
}

Position start_position(const GameRecord& r) {
    return r.start_board.empty() ? Position::start() : parse_board(r.start_board);
}

int black_final_margin(const GameRecord& r) {
    const int board = r.black_discs - r.white_discs;
    const int empties = 64 - r.black_discs - r.white_discs;
    switch (r.winner) {
        case Winner::Black:
            return final_margin_for_winner(board, empties);
        case Winner::White:
            return -final_margin_for_winner(-board, empties);
        case Winner::Draw:
            break;
    }
    return 0;
}

}  // namespace othello
