// BookBuilder: one hash map from book key to statistics.
#include "engine/book/book_builder.h"

#include <algorithm>

namespace othello {

BookBuilder::Row& BookBuilder::row(const Position& p, Square move) {
    Row& r = rows_[book_key(p, move)];
    r.ply = popcount(p.occupied()) - 4;
    return r;
}

void BookBuilder::add_line(const Game& line, const std::string& name) {
    const auto& moves = line.moves();
    int last = -1;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        if (moves[i].is_pass()) continue;
        row(line.positions()[i], moves[i].square()).from_line = true;
        last = static_cast<int>(i);
    }
    if (last >= 0 && !name.empty()) row(line.positions()[last], moves[last].square()).name = name;
}

void BookBuilder::add_game(const Game& game, int black_disc_difference, int max_plies) {
    const auto& moves = game.moves();
    const std::size_t plies =
        std::min(moves.size(), static_cast<std::size_t>(std::max(max_plies, 0)));
    for (std::size_t i = 0; i < plies; ++i) {
        if (moves[i].is_pass()) continue;
        const Position& p = game.positions()[i];
        const int mover_difference =
            p.side_to_move() == Color::Black ? black_disc_difference : -black_disc_difference;
        row(p, moves[i].square()).stats.add_outcome(mover_difference);
    }
    ++games_;
}

void BookBuilder::add_finished_game(const Game& game, int max_plies) {
    add_game(game, game.current().final_disc_difference(Color::Black), max_plies);
}

std::vector<BookEntry> BookBuilder::entries(std::int64_t min_games) const {
    std::vector<BookEntry> out;
    for (const auto& [key, r] : rows_) {
        if (r.stats.games < min_games && !r.from_line) continue;
        out.push_back({key, r.ply, r.stats, r.name, {}, std::nullopt});
    }
    // The table's primary-key order (bitboards as signed integers): sequential writes, reproducible
    // files.
    std::sort(out.begin(), out.end(), [](const BookEntry& a, const BookEntry& b) {
        const auto order = [](const BookKey& k) {
            return std::tuple(static_cast<std::int64_t>(k.player),
                              static_cast<std::int64_t>(k.opponent), k.move);
        };
        return order(a.key) < order(b.key);
    });
    return out;
}

}  // namespace othello
