// WTHOR: every expert game in ../shared/data/wthor replays legally; games whose recorded final
// count disagrees with the replayed board are counted and reported, not failed.
#include <doctest/doctest.h>

#include <filesystem>
#include <iostream>

#include "engine/wthor.h"

using namespace othello;

TEST_CASE("a malformed WTHOR file is refused with its name") {
    CHECK_THROWS_WITH_AS(parse_wthor("short", "x.wtb"),
                         "x.wtb: 5 bytes, shorter than the 16-byte header", WthorError);
    std::string header(16, '\0');
    header[4] = 2;  // says two games, has none
    CHECK_THROWS_WITH_AS(parse_wthor(header, "y.wtb"),
                         "y.wtb: header says 2 games (152 bytes) but the file has 16 bytes",
                         WthorError);
    std::string one = std::string(16, '\0') + std::string(68, '\0');
    one[4] = 1;
    one[16 + 8] = 56;  // f5
    one[16 + 9] = 99;  // not a square
    CHECK_THROWS_WITH_AS(parse_wthor(one, "z.wtb"),
                         "z.wtb: game 1, move 2: byte 99 is not a square (11..88)", WthorError);
}

TEST_CASE("every WTHOR game replays legally") {
    const std::filesystem::path folder = std::filesystem::path(OTHELLO_SHARED_DATA) / "wthor";
    if (!std::filesystem::exists(folder)) {
        MESSAGE("no shared data at " << folder << "; skipped");
        return;
    }
    std::size_t games = 0, short_games = 0, finished = 0, disagreeing = 0,
                unfinished_disagreeing = 0, files = 0;
    for (const auto& path : wthor_files_in(folder)) {
        const WthorFile file = read_wthor(path);
        ++files;
        for (const WthorGame& record : file.games) {
            const Game game = replay(record);  // throws on an illegal move: a failure
            ++games;
            if (record.moves.size() < 60) ++short_games;
            // WTHOR records black's count with the empties given to the winner.
            const Position& end = game.current();
            const int black_with_empties = (64 + end.final_disc_difference(Color::Black)) / 2;
            if (end.is_game_over()) {
                ++finished;
                if (black_with_empties != record.black_discs) ++disagreeing;
            } else if (end.disc_count(Color::Black) != record.black_discs) {
                ++unfinished_disagreeing;  // resigned or agreed games: the record holds the agreed
                                           // score
            }
        }
    }
    CHECK(files >= 40);
    CHECK(games == 124326);
    std::cout
        << "WTHOR: " << games << " games in " << files << " files replay legally; " << short_games
        << " end before 60 moves; " << disagreeing << " of the " << finished
        << " finished games and " << unfinished_disagreeing << " of the " << games - finished
        << " unfinished ones record a black disc count that differs from the replayed board\n";
}
