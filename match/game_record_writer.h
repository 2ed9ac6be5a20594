// Game records in files people and tools read: one transcript per line today. GGF is the next
// format (engine/ggf.h, from another issue): add it as one more GameRecordFormat and one case in
// write_game_records — the records already hold everything GGF needs (names, moves, result).
#pragma once

#include <string>
#include <vector>

#include "match/game_record.h"

namespace othello {

enum class GameRecordFormat { kTranscript };

// "file.txt" -> kTranscript; throws std::invalid_argument for an extension with no writer.
GameRecordFormat game_record_format_for(const std::string& path);

// Writes the records sorted by id. Throws std::runtime_error if the file cannot be written.
void write_game_records(const std::string& path, std::vector<GameRecord> records, GameRecordFormat format);

}  // namespace othello
