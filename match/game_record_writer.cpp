// Game record files: transcripts with the players and result as a trailing comment.
#include "match/game_record_writer.h"

#include <algorithm>
#include <fstream>
#include <stdexcept>

namespace othello {

GameRecordFormat game_record_format_for(const std::string& path) {
    if (path.ends_with(".ggf")) {
        throw std::invalid_argument("'" + path + "': GGF output is not available yet; use a .txt file for transcripts");
    }
    return GameRecordFormat::kTranscript;
}

void write_game_records(const std::string& path, std::vector<GameRecord> records, GameRecordFormat format) {
    std::sort(records.begin(), records.end(), [](const auto& a, const auto& b) { return a.id < b.id; });
    std::ofstream out(path);
    if (!out) throw std::runtime_error("cannot write game records '" + path + "'");
    switch (format) {
        case GameRecordFormat::kTranscript:
            // The transcript first so `cut -f1` gives a file the openings reader accepts.
            for (const auto& r : records) {
                out << r.moves << "\t# " << r.black << " - " << r.white << " " << r.black_discs << "-"
                    << r.white_discs << " " << to_string(r.winner) << " (" << r.reason << ")\n";
            }
            break;
    }
    if (!out) throw std::runtime_error("cannot write game records '" + path + "'");
}

}  // namespace othello
