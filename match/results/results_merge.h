// ResultsMerge: the games of one match gathered from the files its shards wrote, checked to be
// shards of the same match, with what is missing and what came twice.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "match/record/game_record.h"
#include "match/results/match_file.h"

namespace othello {

struct MergedMatch {
    nlohmann::json config;          // the match's configuration, without "shard"
    std::vector<GameRecord> games;  // id order, each id once (the first input's record)
    std::vector<int> duplicates;    // ids found in more than one input (the same game each time)
    // For people: torn last journal lines dropped, openings that could not be built again.
    std::vector<std::string> notes;
    std::vector<int> missing;  // ids of the whole match found in no input
    // Shards with missing games ("2/4: 25 games"), when every input is a shard of the same N.
    std::vector<std::string> incomplete_shards;
};

// Throws std::runtime_error naming the file and what differs when an input records no
// configuration, another match's configuration, a game the match's schedule does not have (its
// engines, colours, pair or opening), a record that does not check out (MatchFile::refused), or
// when two inputs hold different games under one id (naming both).
MergedMatch merge_match_files(const std::vector<MatchFile>& inputs);
MergedMatch merge_match_files(const std::vector<const MatchFile*>& inputs);

// Checks the games of every file that records its match against that match's schedule and
// openings, as merge does (the files of one match together, so that two shards' different
// records of one game are caught too); files without a configuration are left to the record
// check. Throws std::runtime_error as merge_match_files does.
void check_against_schedules(const std::vector<const MatchFile*>& files);

// "3, 7-9, 12": sorted ids, runs written as ranges; past `most` ranges, "... and N more".
std::string id_ranges(const std::vector<int>& ids, std::size_t most = 12);

}  // namespace othello
