// Schedule: which engines play which games on which opening — a two-engine match, a round-robin
// or a gauntlet — every opening twice with colours swapped.
#pragma once

#include <string>
#include <vector>

namespace othello {

enum class TournamentKind { RoundRobin, Gauntlet };  // two engines: both are a plain match

struct ScheduledGame {
    int id;     // position in the schedule; results are keyed on it
    int pair;   // the two games of one opening between two engines share it
    int black;  // engine indices
    int white;
    int opening;  // index into the opening list
};

// `games` per pairing (for two engines: the whole match). Openings are used in list order,
// wrapping around; within a pair the first game has the lower-numbered engine as black.
// Throws std::invalid_argument for fewer than two engines, games < 1 or more than kMaxMatchGames
// in all.
std::vector<ScheduledGame> make_schedule(int engine_count, TournamentKind kind, int games,
                                         int opening_count);

// The most games one match may hold, all pairings together: its schedule, openings and results
// are kept in memory.
inline constexpr long long kMaxMatchGames = 1'000'000;

// The games a schedule of `games` per pairing holds (without building it).
long long scheduled_game_count(int engine_count, TournamentKind kind, int games);

TournamentKind tournament_kind_from_string(const std::string& s);  // "round-robin", "gauntlet"

}  // namespace othello
