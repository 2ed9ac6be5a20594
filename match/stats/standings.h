// Standings: the running tally of a match or tournament built from game records — per engine
// W/D/L overall and by colour, disc differences, head-to-head results and pentanomial pair counts.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "match/run/game_record.h"
#include "match/stats/statistics.h"

namespace othello {

struct EngineTally {
    WinDrawLoss total;
    WinDrawLoss as_black;          // first player
    WinDrawLoss as_white;          // second player
    long disc_difference_sum = 0;  // own minus opponent's discs, empties to the winner
};

class Standings {
  public:
    explicit Standings(std::vector<std::string> names);

    // Records with an engine name not in the list are ignored.
    void add(const GameRecord& r);

    const std::vector<std::string>& names() const { return names_; }
    const EngineTally& tally(int engine) const { return tallies_[engine]; }
    // a's results against b.
    WinDrawLoss head_to_head(int a, int b) const;
    // Completed pairs between a and b, counted from a's side.
    Pentanomial pentanomial(int a, int b) const;
    long games() const { return games_; }
    // Games between a and b (either colours) whose moves repeat an earlier game between the same
    // two engines with the same colours: not independent samples, yet counted as if they were.
    long repeated_games(int a, int b) const { return repeated_[std::min(a, b)][std::max(a, b)]; }
    long repeated_games() const { return repeated_total_; }
    // How many games ended for each reason.
    std::map<std::string, long> reasons() const;

  private:
    int index_of(const std::string& name) const;

    std::vector<std::string> names_;
    std::vector<EngineTally> tallies_;
    std::vector<std::vector<WinDrawLoss>> head_to_head_;
    std::vector<std::vector<Pentanomial>> pentanomial_;  // [a][b] with a < b, from a's side
    // First game of a pair still waiting for its partner: pair id -> (engine a, a's points x2).
    std::unordered_map<int, std::pair<int, int>> open_pairs_;
    std::map<Outcome, long> reasons_;           // keyed by the enum: no string built per game
    std::unordered_set<std::uint64_t> played_;  // hashes of (black, white, moves)
    std::vector<std::vector<long>> repeated_;   // [a][b] with a < b
    long repeated_total_ = 0;
    long games_ = 0;
};

}  // namespace othello
