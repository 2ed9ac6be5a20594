// Schedule: pairings, then pairs of games per opening.
#include "match/run/schedule.h"

#include <limits>
#include <stdexcept>
#include <utility>

#include "match/run/knockout.h"

namespace othello {

std::vector<ScheduledGame> pairing_games(const std::vector<std::pair<int, int>>& pairings,
                                         int games, int opening_count, const ScheduleShape& shape,
                                         int first_id, int first_pair) {
    std::vector<ScheduledGame> out;
    int pair = first_pair;
    const int games_per_pair = shape.swap ? shape.repeat : 1;
    for (auto [a, b] : pairings) {
        if (shape.reverse) std::swap(a, b);
        for (int g = 0; g < games; ++g) {
            const int in_pairing = g / games_per_pair;
            const bool swapped = shape.swap && g % 2 == 1;
            out.push_back({first_id + static_cast<int>(out.size()), pair + in_pairing,
                           swapped ? b : a, swapped ? a : b, in_pairing % opening_count});
        }
        pair += (games + games_per_pair - 1) / games_per_pair;
    }
    return out;
}

std::vector<ScheduledGame> make_schedule(int engine_count, TournamentKind kind, int games,
                                         int opening_count, const ScheduleShape& shape) {
    if (engine_count < 2) throw std::invalid_argument("a match needs at least two engines");
    if (games < 1) throw std::invalid_argument("--games must be at least 1");
    if (opening_count < 1) throw std::invalid_argument("no openings");
    const int seeds = kind == TournamentKind::Gauntlet ? shape.seeds : 1;
    if (seeds < 1 || seeds >= engine_count) {
        throw std::invalid_argument("--seeds " + std::to_string(shape.seeds) + ": expected 1 to " +
                                    std::to_string(engine_count - 1) +
                                    " (the seeds play every other engine)");
    }
    if (scheduled_game_count(engine_count, kind, games, seeds) > kMaxMatchGames)
        throw std::invalid_argument("--games: more than 1,000,000 games in one match");
    if (kind == TournamentKind::Knockout)
        return pairing_games(knockout_bracket(engine_count, shape).pairings(), games, opening_count,
                             shape);
    std::vector<std::pair<int, int>> pairings;
    for (int a = 0; a < engine_count; ++a) {
        for (int b = a + 1; b < engine_count; ++b) {
            // A gauntlet: the seeds against the field, never against each other.
            if (kind == TournamentKind::Gauntlet && (a >= seeds || b < seeds)) continue;
            pairings.emplace_back(a, b);
        }
    }
    return pairing_games(pairings, games, opening_count, shape);
}

std::size_t openings_needed(int games, const ScheduleShape& shape) {
    const int per_opening = shape.swap ? shape.repeat : 1;
    return static_cast<std::size_t>((games + per_opening - 1) / per_opening);
}

long long scheduled_game_count(int engine_count, TournamentKind kind, int games, int seeds) {
    const long long n = engine_count;
    const long long pairings = kind == TournamentKind::Gauntlet   ? seeds * (n - seeds)
                               : kind == TournamentKind::Knockout ? n - 1
                                                                  : n * (n - 1) / 2;
    // Saturates rather than overflows: tens of thousands of engines times 2^31 games.
    if (pairings > 0 && games > std::numeric_limits<long long>::max() / pairings)
        return std::numeric_limits<long long>::max();
    return pairings * games;
}

TournamentKind tournament_kind_from_string(const std::string& s) {
    if (s == "round-robin" || s == "roundrobin" || s == "match") return TournamentKind::RoundRobin;
    if (s == "gauntlet") return TournamentKind::Gauntlet;
    if (s == "knockout") return TournamentKind::Knockout;
    throw std::invalid_argument("--tournament '" + s +
                                "': expected round-robin, gauntlet or knockout");
}

std::string tournament_name(TournamentKind kind) {
    switch (kind) {
        case TournamentKind::Gauntlet:
            return "gauntlet";
        case TournamentKind::Knockout:
            return "knockout";
        case TournamentKind::RoundRobin:
            break;
    }
    return "round-robin";
}

}  // namespace othello
