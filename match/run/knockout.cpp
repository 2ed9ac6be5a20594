// Knockout: the bracket in standard seeding order (seed 1 meets the lowest seed, and seeds 1 and
// 2 can meet only in the final), mini-matches decided by score, then disc margin, then seed.
#include "match/run/knockout.h"

#include <algorithm>
#include <numeric>
#include <sstream>
#include <stdexcept>

#include "engine/rng.h"

namespace othello {

namespace {

// Seeds 1..size in bracket order: 1 2 -> 1 4 2 3 -> 1 8 4 5 2 7 3 6 -> ...
std::vector<int> bracket_order(int size) {
    std::vector<int> order = {1};
    while (static_cast<int>(order.size()) < size) {
        const int next = static_cast<int>(order.size()) * 2;
        std::vector<int> grown;
        for (int seed : order) {
            grown.push_back(seed);
            grown.push_back(next + 1 - seed);
        }
        order = grown;
    }
    return order;
}

std::string points_text(double points) {
    std::ostringstream s;
    s << points;
    return s.str();
}

std::string signed_text(int v) {
    std::ostringstream s;
    s << std::showpos << v;
    return s.str();
}

}  // namespace

std::vector<int> knockout_seed_order(int engine_count, int seeds, std::uint64_t draw) {
    std::vector<int> order(static_cast<std::size_t>(std::max(engine_count, 0)));
    std::iota(order.begin(), order.end(), 0);
    // Fisher-Yates over the unseeded, with the project's generator: the same draw on every
    // platform (std::shuffle's is the library's own).
    Rng rng(draw);
    for (int i = engine_count - 1; i > seeds; --i) {
        const int j =
            seeds + static_cast<int>(rng.below(static_cast<std::uint32_t>(i - seeds + 1)));
        std::swap(order[i], order[j]);
    }
    return order;
}

KnockoutBracket knockout_bracket(int engine_count, const ScheduleShape& shape) {
    return shape.knockout_order.empty() ? KnockoutBracket(engine_count)
                                        : KnockoutBracket(shape.knockout_order);
}

KnockoutBracket::KnockoutBracket(int engine_count)
    : KnockoutBracket(knockout_seed_order(engine_count, engine_count, 0)) {}

KnockoutBracket::KnockoutBracket(const std::vector<int>& by_seed) {
    const int engine_count = static_cast<int>(by_seed.size());
    if (engine_count < 2) throw std::invalid_argument("a knockout needs at least two engines");
    int size = 1;
    while (size < engine_count) size *= 2;
    seed_rank_.assign(by_seed.size(), 0);
    for (int rank = 0; rank < engine_count; ++rank) {
        const int engine = by_seed[rank];
        if (engine < 0 || engine >= engine_count)
            throw std::invalid_argument("a knockout's seeding names no engine " +
                                        std::to_string(engine));
        seed_rank_[engine] = rank;
    }
    for (int seed : bracket_order(size))
        entrants_.push_back(seed <= engine_count ? by_seed[seed - 1] : -1);
}

std::vector<std::pair<int, int>> KnockoutBracket::pairings() const {
    std::vector<std::pair<int, int>> out;
    for (std::size_t i = 0; i + 1 < entrants_.size(); i += 2) {
        const int a = entrants_[i], b = entrants_[i + 1];
        if (a >= 0 && b >= 0) out.emplace_back(std::min(a, b), std::max(a, b));
    }
    return out;
}

std::vector<int> KnockoutBracket::byes() const {
    std::vector<int> out;
    for (std::size_t i = 0; i + 1 < entrants_.size(); i += 2) {
        if (entrants_[i] < 0 || entrants_[i + 1] < 0)
            out.push_back(entrants_[i] < 0 ? entrants_[i + 1] : entrants_[i]);
    }
    return out;
}

std::vector<std::string> KnockoutBracket::advance(const std::vector<Played>& games,
                                                  const std::vector<std::string>& names,
                                                  const std::vector<int>& could_not_start) {
    const auto failed = [&](int engine) {
        return std::find(could_not_start.begin(), could_not_start.end(), engine) !=
               could_not_start.end();
    };
    std::vector<std::string> lines;
    std::vector<int> winners;
    for (std::size_t i = 0; i + 1 < entrants_.size(); i += 2) {
        if (entrants_[i] < 0 || entrants_[i + 1] < 0) {
            const int through = std::max(entrants_[i], entrants_[i + 1]);
            winners.push_back(through);
            lines.push_back(names[through] + ": a bye");
            continue;
        }
        // a: the higher seed of the two.
        const bool first_higher = seed_rank_[entrants_[i]] < seed_rank_[entrants_[i + 1]];
        const int a = first_higher ? entrants_[i] : entrants_[i + 1];
        const int b = first_higher ? entrants_[i + 1] : entrants_[i];
        // a's points and disc margin over the mini-match (a forfeit's empty squares to the winner).
        double points = 0, played = 0;
        int margin = 0;
        for (const Played& g : games) {
            if (!((g.black == a && g.white == b) || (g.black == b && g.white == a))) continue;
            const GameRecord& r = *g.record;
            const bool a_black = g.black == a;
            const int black_margin = black_final_margin(r);
            margin += a_black ? black_margin : -black_margin;
            played += 1;
            if (r.winner == Winner::Draw) points += 0.5;
            if ((r.winner == Winner::Black) == a_black && r.winner != Winner::Draw) points += 1;
        }
        const double other = played - points;
        std::string why;
        bool a_wins = points > other;
        if (failed(a) && failed(b)) {
            a_wins = true;
            why = " (neither could start; the higher seed)";
        } else if (failed(a) || failed(b)) {
            a_wins = failed(b);
            why = " (" + names[failed(a) ? a : b] + " could not start)";
        } else if (points == other) {
            // Level on points: the disc margin, then the seed (a is the higher seed).
            a_wins = margin >= 0;
            why = margin != 0 ? " (level on points; disc margin " +
                                    signed_text(a_wins ? margin : -margin) + ")"
                              : " (level on points and discs; the higher seed)";
        }
        const int winner = a_wins ? a : b;
        winners.push_back(winner);
        lines.push_back(names[a] + " " + points_text(points) + " - " + points_text(other) + " " +
                        names[b] + ": " + names[winner] + " advances" + why);
    }
    entrants_ = winners;
    ++round_;
    return lines;
}

}  // namespace othello
