// WTHOR: every expert game replays legally, the fixture years of tests/data/wthor in any clone
// and the whole of ../shared/data/wthor where it is there (suite shared_data); games whose
// recorded final count disagrees with the replayed board are counted and reported, not failed.
#include <doctest/doctest.h>

#include <filesystem>
#include <iostream>

#include "engine/wthor.h"
#include "tests/support/shared_data.h"

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

namespace {

// What replaying every game of a folder of WTHOR files found.
struct ReplayCounts {
    std::size_t files = 0, games = 0, short_games = 0, finished = 0, disagreeing = 0,
                unfinished_disagreeing = 0;
};

ReplayCounts replay_every_game(const std::filesystem::path& folder) {
    ReplayCounts c;
    for (const auto& path : wthor_files_in(folder)) {
        const WthorFile file = read_wthor(path);
        ++c.files;
        for (const WthorGame& record : file.games) {
            const Game game = replay(record);  // throws on an illegal move: a failure
            ++c.games;
            if (record.moves.size() < 60) ++c.short_games;
            // WTHOR records black's count with the empties given to the winner.
            const Position& end = game.current();
            const int black_with_empties = (64 + end.final_disc_difference(Color::Black)) / 2;
            if (end.is_game_over()) {
                ++c.finished;
                if (black_with_empties != record.black_discs) ++c.disagreeing;
            } else if (end.disc_count(Color::Black) != record.black_discs) {
                ++c.unfinished_disagreeing;  // resigned or agreed games: the record holds the
                                             // agreed score
            }
        }
    }
    return c;
}

}  // namespace

TEST_CASE("the WTHOR games of tests/data replay legally") {
    // 1977 to 1981 and 2018: the games their headers count, 12 + 8 + 11 + 160 + 153 + 2,429.
    const ReplayCounts c = replay_every_game(std::filesystem::path(OTHELLO_TEST_DATA) / "wthor");
    CHECK(c.files == 6);
    CHECK(c.games == 2773);
}

TEST_CASE("every WTHOR game replays legally" * doctest::test_suite("shared_data")) {
    const ReplayCounts c = replay_every_game(testing::shared_data_path("wthor"));
    CHECK(c.files >= 40);
    CHECK(c.games == 124326);
    std::cout << "WTHOR: " << c.games << " games in " << c.files << " files replay legally; "
              << c.short_games << " end before 60 moves; " << c.disagreeing << " of the "
              << c.finished << " finished games and " << c.unfinished_disagreeing << " of the "
              << c.games - c.finished
              << " unfinished ones record a black disc count that differs from the replayed "
                 "board\n";
}
