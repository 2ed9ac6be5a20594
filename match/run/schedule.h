// Schedule: which engines play which games on which opening — a two-engine match, a round-robin,
// a gauntlet or a knockout's round — every opening twice with colours swapped unless told not to.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace othello {

// Two engines: each is a plain match. A knockout's schedule is built round by round
// (match/run/knockout.h); make_schedule gives its first round.
enum class TournamentKind { RoundRobin, Gauntlet, Knockout };

// How a pairing's games are laid out and who meets whom (cutechess's -noswap, -reverse, -repeat,
// -seeds).
struct ScheduleShape {
    int seeds = 1;         // gauntlet: the first `seeds` engines each play every other engine
    bool swap = true;      // false (--noswap): no colour swap; each game a new opening
    bool reverse = false;  // --reverse: in each pairing the higher-numbered engine is black first
    int repeat = 2;        // games an opening is played, colours alternating: 2, or 1 (--repeat 1)
    // Knockout: the engines by seed, seed 1 first (knockout_seed_order); empty: --engine order.
    std::vector<int> knockout_order;
};

struct ScheduledGame {
    int id;     // position in the schedule; results are keyed on it
    int pair;   // the two games of one opening between two engines share it
    int black;  // engine indices
    int white;
    int opening;  // index into the opening list
};

// `games` per pairing (for two engines: the whole match). Openings are used in list order,
// wrapping around; within a pair the first game has the lower-numbered engine as black (the
// higher-numbered with `shape.reverse`). Without `shape.swap`, or with `shape.repeat` 1, every
// game is a pair of its own on an opening of its own (colours still alternating with the swap).
// Throws std::invalid_argument for fewer than two engines, games < 1, seeds out of 1..engines-1 or
// more than kMaxMatchGames in all.
std::vector<ScheduledGame> make_schedule(int engine_count, TournamentKind kind, int games,
                                         int opening_count, const ScheduleShape& shape = {});

// The games of the given pairings (engine indices, the first the lower-numbered), `games` each,
// numbered from `first_id` and `first_pair` on: what make_schedule lays out for its pairings.
std::vector<ScheduledGame> pairing_games(const std::vector<std::pair<int, int>>& pairings,
                                         int games, int opening_count, const ScheduleShape& shape,
                                         int first_id = 0, int first_pair = 0);

// The openings a pairing of `games` uses: one per colour-swapped pair, or one per game without
// the swap or with repeat 1.
std::size_t openings_needed(int games, const ScheduleShape& shape);

// The most games one match may hold, all pairings together: its schedule, openings and results
// are kept in memory.
inline constexpr long long kMaxMatchGames = 1'000'000;

// The games a schedule of `games` per pairing holds (without building it).
// A knockout of n engines plays n - 1 pairings, whatever the results.
long long scheduled_game_count(int engine_count, TournamentKind kind, int games, int seeds = 1);

// "round-robin", "gauntlet", "knockout"
TournamentKind tournament_kind_from_string(const std::string& s);
std::string tournament_name(TournamentKind kind);

}  // namespace othello
