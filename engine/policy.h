// Policy: the one interface every move chooser implements. A policy maps the game so far to a
// move without looking past its own move ("search-free"), and can score every legal move for
// analysis (GTP othello-evaluate, NBoard hints).
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/game.h"

namespace othello {

struct MoveScore {
    Move move;
    double score;  // higher is better for the side to move; units are the policy's (discs where it
                   // can)
    std::string detail;  // optional, for people only: e.g. "book: 1234 games, 56.1% wins"
    // Set when the score comes from the opening book: the number of games behind the move.
    // Protocols read this, never the wording of `detail`.
    std::optional<std::int64_t> book_games = std::nullopt;
};

// A final disc difference is never beyond ±64; every evaluation the engine reports (NBoard evals,
// GTP othello-evaluate) is clamped to it, whatever the policy's own units.
inline constexpr double kMaxDiscDifference = 64;
inline double clamped_to_discs(double score) {
    return std::clamp(score, -kMaxDiscDifference, kMaxDiscDifference);
}

class Policy {
  public:
    virtual ~Policy() = default;
    // The move for the side to move in game.current(); a pass when it has no legal move.
    // Precondition: the game is not over.
    virtual Move choose(const Game& game) = 0;
    // Every legal move with its score, best first; empty when the side to move has no legal move.
    virtual std::vector<MoveScore> evaluate(const Game& game) = 0;
    // Restarts the policy's random generator (and its fallback's). The match runner seeds every
    // game from --seed and the game's number, so results do not depend on which thread plays it.
    virtual void reseed(std::uint64_t seed) = 0;
};

}  // namespace othello
