// Shard: one of N slices of a match (--shard K/N), so N machines can play one match between them,
// each game exactly once, with the ids, openings, colours and seeds the whole match would use.
#pragma once

#include <string>
#include <vector>

#include "match/run/schedule.h"

namespace othello {

struct Shard {
    int index = 0;  // K, 0 <= K < count
    int count = 1;  // N; 1: the whole match
    bool whole() const { return count == 1; }
};

// "K/N" with 0 <= K < N. Throws std::invalid_argument naming the text.
Shard parse_shard(const std::string& text);
std::string to_string(const Shard& s);  // "K/N"

// Whole colour-swapped pairs go to one shard (pair % N == K), so each shard's pentanomial counts
// are complete pairs and the merged shards score exactly like one run.
bool in_shard(const ScheduledGame& game, const Shard& shard);
std::vector<ScheduledGame> games_in_shard(const std::vector<ScheduledGame>& schedule,
                                          const Shard& shard);

}  // namespace othello
