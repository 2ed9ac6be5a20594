// The importers: read, replay, and hand each line or game to the builder.
#include "engine/book/book_import.h"

#include <fstream>
#include <string>

#include "engine/random_playout.h"
#include "engine/wthor.h"

namespace othello {

namespace {

std::string without_line_end(std::string line) {
    while (!line.empty() && (line.back() == '\r' || line.back() == '\n')) line.pop_back();
    return line;
}

bool is_blank_or_comment(const std::string& line) {
    const auto first = line.find_first_not_of(" \t");
    return first == std::string::npos || line[first] == '#';
}

// Calls `each(line, number)` for every non-blank, non-comment line; errors get "file:line: ".
template <typename Each>
std::int64_t for_each_line(const std::filesystem::path& path, Each each) {
    std::ifstream in(path);
    if (!in) throw BookImportError(path.string() + ": cannot open");
    std::string line;
    std::int64_t number = 0, used = 0;
    while (std::getline(in, line)) {
        ++number;
        line = without_line_end(line);
        if (is_blank_or_comment(line)) continue;
        try {
            each(line);
        } catch (const std::exception& e) {
            throw BookImportError(path.string() + ":" + std::to_string(number) + ": " + e.what());
        }
        ++used;
    }
    return used;
}

}  // namespace

std::int64_t import_lines(BookBuilder& builder, const std::filesystem::path& path) {
    return for_each_line(path, [&](const std::string& line) {
        const auto tab = line.find('\t');
        const std::string moves = line.substr(0, tab);
        const std::string name = tab == std::string::npos ? std::string() : line.substr(tab + 1);
        builder.add_line(Game::from_transcript(moves), name);
    });
}

std::int64_t import_transcript_games(BookBuilder& builder, const std::filesystem::path& path,
                                     int max_plies) {
    return for_each_line(path, [&](const std::string& line) {
        const Game game = Game::from_transcript(line);
        if (!game.is_over()) {
            throw BookImportError("the game is not finished after " +
                                  std::to_string(game.moves().size()) +
                                  " moves (a game record must be played to the end)");
        }
        builder.add_finished_game(game, max_plies);
    });
}

WthorImportReport import_wthor(BookBuilder& builder,
                               const std::vector<std::filesystem::path>& files, int max_plies) {
    WthorImportReport report;
    for (const auto& file : files) {
        const WthorFile wthor = read_wthor(file);
        for (std::size_t g = 0; g < wthor.games.size(); ++g) {
            const WthorGame& record = wthor.games[g];
            Game game;
            try {
                game = replay(record);
            } catch (const std::exception& e) {
                throw BookImportError(file.string() + ": game " + std::to_string(g + 1) + ": " +
                                      e.what());
            }
            int black_difference;
            if (game.is_over()) {
                black_difference = game.current().final_disc_difference(Color::Black);
                // The record's count, with the empties given to the winner as WTHOR does.
                if (2 * record.black_discs - 64 != black_difference) ++report.count_mismatches;
            } else {
                black_difference = 2 * record.black_discs - 64;
                ++report.unfinished;
            }
            builder.add_game(game, black_difference, max_plies);
            ++report.games;
        }
    }
    return report;
}

void import_simulated_games(BookBuilder& builder, std::int64_t games, int max_plies,
                            std::uint64_t seed, const MoveChooser& black,
                            const MoveChooser& white) {
    Rng rng(seed);
    for (std::int64_t g = 0; g < games; ++g) {
        Game game;
        while (!game.is_over()) {
            const Position& p = game.current();
            if (!p.has_legal_move()) {
                game.play(Move::pass());
                continue;
            }
            const MoveChooser& chooser = p.side_to_move() == Color::Black ? black : white;
            if (!black && !white && static_cast<int>(game.moves().size()) >= max_plies) {
                // Past the recorded plies random play needs no Game record: finish fast.
                const Position end = random_playout(p, rng);
                builder.add_game(game, end.final_disc_difference(Color::Black), max_plies);
                break;
            }
            game.play(chooser ? chooser(game)
                              : Move(Square::from_index(rng.pick_bit(p.legal_moves()))));
        }
        if (game.is_over()) builder.add_finished_game(game, max_plies);
    }
}

}  // namespace othello
