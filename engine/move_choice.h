// How policies turn scores into one move: the best with ties broken by a seeded generator, or a
// softmax draw. Shared so every policy breaks ties and samples the same way.
#pragma once

#include <cmath>
#include <cstddef>
#include <limits>
#include <span>

#include "engine/bitboard.h"
#include "engine/instruction_set.h"
#include "engine/rng.h"
#include "engine/square.h"

namespace othello {

// The square of `moves` (not empty) whose score_of(index) is highest; among equal scores, one
// drawn uniformly by `rng`. Isa: the instruction set of the kernel it runs in (Rng::pick_bit).
template <InstructionSet Isa = InstructionSet::kBaseline, typename ScoreOf>
[[gnu::always_inline]] inline Square best_with_seeded_ties(Bitboard moves, ScoreOf score_of,
                                                           Rng& rng) {
    decltype(score_of(0)) best{};
    Bitboard best_moves = 0;
    for (int sq : Bits(moves)) {
        const auto value = score_of(sq);
        if (best_moves == 0 || value > best) {
            best = value;
            best_moves = bit(sq);
        } else if (value == best) {
            best_moves |= bit(sq);
        }
    }
    return Square::from_index(rng.pick_bit<Isa>(best_moves));
}

// An index of `scores` (1 to 64 of them, one per move) drawn with probability proportional to
// exp(score / temperature), temperature > 0. Relative to the best score, so exp() never overflows.
inline std::size_t softmax_draw(std::span<const double> scores, double temperature, Rng& rng) {
    double best = -std::numeric_limits<double>::infinity();
    for (double s : scores) best = std::max(best, s);
    double weights[64];
    const std::size_t n = std::min<std::size_t>(scores.size(), 64);
    double total = 0;
    for (std::size_t i = 0; i < n; ++i) {
        weights[i] = std::exp((scores[i] - best) / temperature);
        total += weights[i];
    }
    double draw = rng.uniform() * total;
    std::size_t chosen = 0;
    for (std::size_t i = 0; i < n; ++i) {
        chosen = i;
        if ((draw -= weights[i]) < 0) break;
    }
    return chosen;
}

// The move of `moves` (not empty) a policy plays from its scores: the best with seeded ties when
// `temperature` <= 0, else a softmax draw at that temperature (in the scores' units).
template <typename ScoreOf>
Square best_or_softmax(Bitboard moves, ScoreOf score_of, double temperature, Rng& rng) {
    if (temperature <= 0) return best_with_seeded_ties(moves, score_of, rng);
    double score[64];
    int square[64];
    std::size_t n = 0;
    for (int sq : Bits(moves)) {
        square[n] = sq;
        score[n++] = static_cast<double>(score_of(sq));
    }
    return Square::from_index(square[softmax_draw(std::span(score, n), temperature, rng)]);
}

}  // namespace othello
