// Schedule: pairings, then pairs of games per opening.
#include "match/run/schedule.h"

#include <limits>
#include <stdexcept>
#include <utility>

namespace othello {

std::vector<ScheduledGame> make_schedule(int engine_count, TournamentKind kind, int games,
                                         int opening_count) {
    if (engine_count < 2) throw std::invalid_argument("a match needs at least two engines");
    if (games < 1) throw std::invalid_argument("--games must be at least 1");
    if (opening_count < 1) throw std::invalid_argument("no openings");
    if (scheduled_game_count(engine_count, kind, games) > kMaxMatchGames)
        throw std::invalid_argument("--games: more than 1,000,000 games in one match");
    std::vector<std::pair<int, int>> pairings;
    for (int a = 0; a < engine_count; ++a) {
        for (int b = a + 1; b < engine_count; ++b) {
            if (kind == TournamentKind::Gauntlet && a != 0) continue;  // engine 0 against the field
            pairings.emplace_back(a, b);
        }
    }
    std::vector<ScheduledGame> out;
    int pair = 0;
    for (const auto& [a, b] : pairings) {
        for (int g = 0; g < games; ++g) {
            const int in_pairing = g / 2;
            const bool swapped = g % 2 == 1;
            out.push_back({static_cast<int>(out.size()), pair + in_pairing, swapped ? b : a,
                           swapped ? a : b, in_pairing % opening_count});
        }
        pair += (games + 1) / 2;
    }
    return out;
}

long long scheduled_game_count(int engine_count, TournamentKind kind, int games) {
    const long long n = engine_count;
    const long long pairings = kind == TournamentKind::Gauntlet ? n - 1 : n * (n - 1) / 2;
    // Saturates rather than overflows: tens of thousands of engines times 2^31 games.
    if (pairings > 0 && games > std::numeric_limits<long long>::max() / pairings)
        return std::numeric_limits<long long>::max();
    return pairings * games;
}

TournamentKind tournament_kind_from_string(const std::string& s) {
    if (s == "round-robin" || s == "roundrobin" || s == "match") return TournamentKind::RoundRobin;
    if (s == "gauntlet") return TournamentKind::Gauntlet;
    throw std::invalid_argument("--tournament '" + s + "': expected round-robin or gauntlet");
}

}  // namespace othello
