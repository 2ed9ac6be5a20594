// MatchFile: a journal (.jsonl) or results file (.json) read back — the match configuration it
// records and its games — for --resume and for merging shards.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "match/game_record.h"

namespace othello {

struct MatchFile {
    std::string path;
    // Absent in files written before the configuration was recorded.
    std::optional<nlohmann::json> config;
    // In id order; a repeated id keeps its first record.
    std::vector<GameRecord> games;
};

// A journal: the {"config": ...} line, then one game per line; a line cut short by a kill is
// skipped (that game is played again). A results file: {"config", "summary", "games"}.
// A missing journal reads as empty. Throws std::runtime_error naming the file for a results file
// that is missing or not JSON, or a .csv file (which cannot be read back).
MatchFile read_match_file(const std::string& path);

}  // namespace othello
