// Game records in files people and tools read: one transcript per line (.txt), or one GGF game per
// line (.ggf, engine/ggf.h) for NBoard and the GGS tools.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "engine/ggf.h"
#include "match/record/game_record.h"

namespace othello {

enum class GameRecordFormat { Transcript, Ggf };

// "file.ggf" -> Ggf; anything else ("file.txt") -> Transcript.
GameRecordFormat game_record_format_for(const std::string& path);

// The header of a named event's GGF records (cutechess's -event and -site): PC[site] in place of
// PC[othello-match], EV[event], and DT[] the time each game played in this run ended. Without
// either name the records are as they always were: the same match gives the same bytes.
struct RecordHeader {
    std::string event;
    std::string site;
    bool named() const { return !event.empty() || !site.empty(); }
};

// Writes the records sorted by id. Throws std::runtime_error if the file cannot be written.
// The GGF record of a game: players, moves (passes written out) and the result; a forfeited game
// gives the winner all 64 discs, ending ":t" for time and ":r" otherwise. Throws
// std::runtime_error naming the game if its transcript does not replay.
GgfRecord ggf_record_of(const GameRecord& record, const RecordHeader& header = {});

void write_game_records(const std::string& path, std::vector<GameRecord> records,
                        GameRecordFormat format, const RecordHeader& header = {});

// The records one at a time, already in id order, for files written without holding every game
// (results_file.h's journal_records reads them back from the journal).
using RecordSource = std::function<void(const std::function<void(const GameRecord&)>&)>;
void write_game_records(const std::string& path, const RecordSource& records_by_id,
                        GameRecordFormat format, const RecordHeader& header = {});

// --positions-out (cutechess's -epdout): each game's final position, sorted by id, one OBF line
// a game ("--XO... X; game 3 A - B 34-30 black (normal)"): the board, the side to move, and
// after ';' (which the openings reader and the FFO suite's tools skip) what game it ends.
// Throws std::runtime_error if the file cannot be written or a game's moves do not replay.
void write_final_positions(const std::string& path, std::vector<GameRecord> records);
void write_final_positions(const std::string& path, const RecordSource& records_by_id);

}  // namespace othello
