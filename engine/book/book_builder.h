// BookBuilder: gathers (position, move) statistics from lines and games in memory, then hands
// them to OpeningBook::add as one batch, so a whole import is one transaction.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/book/opening_book.h"
#include "engine/game.h"

namespace othello {

class BookBuilder {
  public:
    // An opening line: every move of it enters the book (with no games); the last move gets
    // the name, if any. Lines are kept whatever the minimum game count.
    void add_line(const Game& line, const std::string& name = {});
    // A game record: its first `max_plies` moves (passes skipped, but counted as plies) each count
    // one game with the final outcome `black_disc_difference` (black's discs minus white's,
    // empties to the winner), seen from the side that played the move.
    void add_game(const Game& game, int black_disc_difference, int max_plies);
    // A finished game, outcome from its final position.
    void add_finished_game(const Game& game, int max_plies);

    // The rows with at least `min_games` games, and every row of an opening line.
    std::vector<BookEntry> entries(std::int64_t min_games) const;
    std::int64_t games_added() const { return games_; }

  private:
    struct Row {
        int ply = 0;
        BookStats stats;
        std::string name;
        bool from_line = false;
    };
    Row& row(const Position& p, Square move);
    std::unordered_map<BookKey, Row, BookKeyHash> rows_;
    std::int64_t games_ = 0;
};

}  // namespace othello
