// ResultsMerge: the games of one match gathered from the files its shards wrote, checked to be
// shards of the same match, with what is missing and what came twice — as the files are read, so
// that a merge of a million games holds a batch of records and a few bytes a game, never the games.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "match/record/game_record.h"
#include "match/results/match_file.h"

namespace othello {

namespace shard_merge {
class Merger;
}

struct MergedMatch {
    nlohmann::json config;        // the match's configuration, without "shard"
    long games = 0;               // the games merged, each id once
    std::vector<bool> held;       // by id: whether the merge holds that game
    std::vector<int> duplicates;  // ids found in more than one input (the same game each time)
    long duplicate_records = 0;   // the records of those ids past the first
    // For people: torn last journal lines dropped, openings that could not be built again.
    std::vector<std::string> notes;
    std::vector<int> missing;  // ids of the whole match found in no input
    // Shards with missing games ("2/4: 25 games"), when every input is a shard of the same N.
    std::vector<std::string> incomplete_shards;
};

// The merge of the files of one match's shards: their configurations read and checked first,
// then their games, as read.
class ShardMerge {
  public:
    // Reads the configuration each file at `paths` records. Throws std::runtime_error naming
    // the file and what differs when one records none, or another match's.
    explicit ShardMerge(std::vector<std::string> paths);
    ~ShardMerge();

    // The match's configuration, without "shard".
    const nlohmann::json& config() const;

    // Reads the files (read_match_file's checks, with `key` and `proof_budget`) and hands each
    // game of the merged match to `game` once (the first input's record of its id), in the
    // order read. Throws std::runtime_error naming the file for a game the match's schedule
    // does not have (its engines, colours, pair or opening), a record that does not check out
    // (MatchFile::refused), or two inputs' different games under one id (naming both); `game`
    // may have been called for some games by then.
    MergedMatch read(const std::function<void(const GameRecord&)>& game,
                     const SigningKey* key = nullptr, std::uint64_t proof_budget = 0);

  private:
    std::vector<std::string> paths_;
    std::unique_ptr<shard_merge::Merger> merger_;
};

// Checks the games of every file that records its match against that match's schedule and
// openings, as merge does (the files of one match together, so that two shards' different
// records of one game are caught too); files without a configuration are left to the record
// check. Throws std::runtime_error as merge_match_files does.
void check_against_schedules(const std::vector<const MatchFile*>& files);

// "3, 7-9, 12": sorted ids, runs written as ranges; past `most` ranges, "... and N more".
std::string id_ranges(const std::vector<int>& ids, std::size_t most = 12);

}  // namespace othello
