// Standings: the running tally of a match or tournament built from game records — per engine
// W/D/L overall and by colour, disc differences, head-to-head results and pentanomial pair counts.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "match/record/game_record.h"
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
    // The pairs of different engines that played each other, each once as (a, b) with a < b, in
    // no particular order: a tournament of many engines meets few of its n^2 pairs.
    std::vector<std::pair<int, int>> pairings() const;
    // Completed pairs between a and b, counted from a's side.
    Pentanomial pentanomial(int a, int b) const;
    long games() const { return games_; }
    // Games between a and b (either colours) whose moves repeat an earlier game between the same
    // two engines with the same colours: not independent samples, yet counted as if they were.
    long repeated_games(int a, int b) const;
    long repeated_games() const { return repeated_total_; }
    // How many games ended for each reason.
    std::map<std::string, long> reasons() const;

  private:
    int index_of(const std::string& name) const;
    // The key of the ordered pair (a, b) in the per-pair maps.
    static std::uint64_t key(int a, int b) {
        return static_cast<std::uint64_t>(static_cast<std::uint32_t>(a)) << 32 |
               static_cast<std::uint32_t>(b);
    }

    std::vector<std::string> names_;
    std::unordered_map<std::string, int> index_;  // the first engine of each name
    std::vector<EngineTally> tallies_;
    // Per pair only where the pair played: dense n x n tables cost a 1,600-engine list 200 MB.
    std::unordered_map<std::uint64_t, WinDrawLoss> head_to_head_;  // key(a, b): a's results
    std::unordered_map<std::uint64_t, Pentanomial> pentanomial_;   // key(a, b), a < b, a's side
    // First game of a pair still waiting for its partner: pair id -> (engine a, a's points x2).
    std::unordered_map<int, std::pair<int, int>> open_pairs_;
    std::map<Outcome, long> reasons_;  // keyed by the enum: no string built per game
    // The hashes of the games played, (black, white, moves), in one flat table: a node per game
    // of a hash set cost a million-game match 40 MB.
    class GameHashes {
      public:
        bool insert(std::uint64_t hash);  // false when it was there already
      private:
        std::vector<std::uint64_t> slots_;  // 0: empty; a power of two, at most half full
        std::size_t size_ = 0;
        bool has_zero_ = false;  // the hash 0 (the empty slot's value) is kept here
    };
    GameHashes played_;
    std::unordered_map<std::uint64_t, long> repeated_;  // key(a, b) with a <= b
    long repeated_total_ = 0;
    long games_ = 0;
};

}  // namespace othello
