// Knockout: a single-elimination bracket. The engines are seeded in --engine order; each round's
// pairs play a mini-match of --games games and the winners meet in the next round, until one is
// left. With a number of engines that is not a power of two the top seeds get byes in round 1.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "match/record/game_record.h"
#include "match/run/schedule.h"

namespace othello {

// The engines 0..engine_count-1 by seed: the first `seeds` in order, the rest in an order drawn
// from `draw` (the same for the same draw), as cutechess's -seeds places them.
std::vector<int> knockout_seed_order(int engine_count, int seeds, std::uint64_t draw);

class KnockoutBracket {
  public:
    // Engines 0..engine_count-1, seed 1 first. Throws std::invalid_argument for fewer than two.
    explicit KnockoutBracket(int engine_count);
    // The engines in `by_seed` (engine indices, seed 1 first).
    explicit KnockoutBracket(const std::vector<int>& by_seed);

    bool finished() const { return entrants_.size() == 1; }
    int round() const { return round_; }                // 1 for the first
    int champion() const { return entrants_.front(); }  // once finished

    // This round's mini-matches (the lower-numbered engine first) and its byes.
    std::vector<std::pair<int, int>> pairings() const;
    std::vector<int> byes() const;

    // Decides this round's mini-matches from their games (the records of this round's games,
    // keyed by black and white engine index) and moves on to the next round. An engine in
    // `could_not_start` loses its mini-match (to the higher seed when both could not). Returns
    // one line per mini-match, "A 1.5 - 0.5 B: A advances" (and why, when the score was level).
    struct Played {
        int black;
        int white;
        const GameRecord* record;
    };
    std::vector<std::string> advance(const std::vector<Played>& games,
                                     const std::vector<std::string>& names,
                                     const std::vector<int>& could_not_start = {});

  private:
    std::vector<int> entrants_;   // bracket order; -1: a bye
    std::vector<int> seed_rank_;  // by engine: 0 for seed 1
    int round_ = 1;
};

// The bracket of `engine_count` engines seeded as `shape` says (its knockout_order, else
// --engine order).
KnockoutBracket knockout_bracket(int engine_count, const ScheduleShape& shape);

}  // namespace othello
