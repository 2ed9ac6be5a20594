// Game record files: transcripts with the players and result as a trailing comment, or GGF.
#include "match/results/game_record_writer.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <stdexcept>

#include "engine/ggf.h"
#include "engine/notation.h"
#include "match/results/atomic_file.h"

namespace othello {

namespace {

// PC[site] DT[date] EV[event] after GM, in GGF's header order (EV is not one of GGF's tags;
// readers skip the tags they do not know).
void name_event(GgfRecord& ggf, const GameRecord& r, const RecordHeader& header) {
    std::vector<std::pair<std::string, std::string>> named;
    named.emplace_back("PC", header.site.empty() ? "othello-match" : header.site);
    if (!r.finished_at.empty()) named.emplace_back("DT", r.finished_at);
    if (!header.event.empty()) named.emplace_back("EV", header.event);
    ggf.tags.erase(ggf.tags.begin());  // PC
    ggf.tags.insert(ggf.tags.begin(), named.begin(), named.end());
}

}  // namespace

GgfRecord ggf_record_of(const GameRecord& r, const RecordHeader& header) {
    GgfRecord ggf;
    std::size_t opening_moves = 0;
    try {
        const Position start = start_position(r);
        opening_moves = Game::from_transcript(r.opening, start).transcript().size() / 2;
        const Game game = Game::from_transcript(r.moves, start);  // BO[] is its start
        ggf = GgfRecord::from_game(game);  // passes written out, the result when the game is over
    } catch (const NotationError& e) {
        throw std::runtime_error("game " + std::to_string(r.id) + ": " + e.what());
    }
    // The runner's times and the engines' evals go with the moves played after the opening.
    std::size_t played = 0;
    for (GgfMove& m : ggf.moves) {
        if (m.move.is_pass()) continue;
        if (played >= opening_moves) {
            const std::size_t k = played - opening_moves;
            // Milliseconds: what GGF readers expect, and no exponent notation.
            if (k < r.move_records.size()) {
                const MoveRecord& played_move = r.move_records[k];
                m.seconds = std::round(played_move.seconds * 1000) / 1000;
                // GGF has no word for nan or inf: such an eval is left out.
                if (played_move.eval && std::isfinite(*played_move.eval)) m.eval = played_move.eval;
            }
        }
        ++played;
    }
    if (r.reason == Outcome::Adjudicated) {
        // The perfect-play score the game was ended with, as an agreed score.
        ggf.result = GgfResult{static_cast<double>(r.black_discs - r.white_discs), "s"};
    } else if (r.reason == Outcome::DrawAdjudicated) {
        ggf.result = GgfResult{0, "s"};  // a draw agreed on both sides' evals
    } else if (r.reason == Outcome::Resigned) {
        ggf.result = GgfResult{r.winner == Winner::Black ? 64.0 : -64.0, "r"};
    } else if (!ggf.result) {
        // Forfeits (illegal move, crash, timeout): the winner takes all 64 discs.
        const double difference = r.winner == Winner::Black   ? 64
                                  : r.winner == Winner::White ? -64
                                                              : 0;
        const bool on_time = r.reason == Outcome::Timeout || r.reason == Outcome::TimeForfeit;
        ggf.result = GgfResult{difference, on_time ? "t" : "r"};
    }
    ggf.tags = {{"PC", "othello-match"}, {"PB", r.black}, {"PW", r.white}, {"TY", "8"}};
    if (header.named()) name_event(ggf, r, header);
    return ggf;
}

GameRecordFormat game_record_format_for(const std::string& path) {
    return path.ends_with(".ggf") ? GameRecordFormat::Ggf : GameRecordFormat::Transcript;
}

namespace {

RecordSource sorted_by_id(std::vector<GameRecord>& records) {
    std::sort(records.begin(), records.end(),
              [](const auto& a, const auto& b) { return a.id < b.id; });
    return [&records](const std::function<void(const GameRecord&)>& each) {
        for (const GameRecord& r : records) each(r);
    };
}

void write_final_position(std::ostream& out, const GameRecord& r) {
    std::string board;
    try {
        board = to_board_string(Game::from_transcript(r.moves, start_position(r)).current());
    } catch (const NotationError& e) {
        throw std::runtime_error("--positions-out: game " + std::to_string(r.id) +
                                 " does not replay: " + e.what());
    }
    out << board << "; game " << r.id << " " << r.black << " - " << r.white << " " << r.black_discs
        << "-" << r.white_discs << " " << to_string(r.winner) << " (" << to_string(r.reason)
        << ")\n";
}

// The transcript first so `cut -f1` gives a file the openings reader accepts. A game from a
// board: the board first (the openings reader takes it too), the moves from it in the comment.
void write_transcript_line(std::ostream& out, const GameRecord& r) {
    out << (r.start_board.empty() ? r.moves : r.start_board) << "\t# " << r.black << " - "
        << r.white << " " << r.black_discs << "-" << r.white_discs << " " << to_string(r.winner)
        << " (" << to_string(r.reason) << ")";
    if (!r.start_board.empty()) out << " moves " << r.moves;
    out << "\n";
}

}  // namespace

void write_final_positions(const std::string& path, std::vector<GameRecord> records) {
    write_final_positions(path, sorted_by_id(records));
}

void write_final_positions(const std::string& path, const RecordSource& records_by_id) {
    write_file_atomically(path, [&](std::ostream& out) {
        records_by_id([&](const GameRecord& r) { write_final_position(out, r); });
    });
}

void write_game_records(const std::string& path, std::vector<GameRecord> records,
                        GameRecordFormat format, const RecordHeader& header) {
    write_game_records(path, sorted_by_id(records), format, header);
}

void write_game_records(const std::string& path, const RecordSource& records_by_id,
                        GameRecordFormat format, const RecordHeader& header) {
    write_file_atomically(path, [&](std::ostream& out) {
        records_by_id([&](const GameRecord& r) {
            if (format == GameRecordFormat::Ggf)
                out << to_ggf(ggf_record_of(r, header)) << "\n";
            else
                write_transcript_line(out, r);
        });
    });
}

}  // namespace othello
