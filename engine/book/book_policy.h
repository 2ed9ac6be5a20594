// BookPolicy: plays from the opening book while the position is in it, then hands over to a
// fallback policy. The choice rule is documented in engine/book/README.md.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>

#include "engine/book/opening_book.h"
#include "engine/policy.h"
#include "engine/policy_options.h"
#include "engine/rng.h"

namespace othello {

class BookPolicy : public Policy {
  public:
    // A move is playable from the book only with at least this many games behind it.
    static constexpr std::int64_t kMinGames = 4;
    // Ratings are shrunk towards a draw as if each move had this many extra drawn games.
    static constexpr double kPriorGames = 4;

    // Opens options.book_path (the shipped book when empty) read-only; throws BookError.
    // `fallback` plays out of book and must not be null. A book that turns out corrupt at a
    // lookup is given up with one warning, and the fallback plays on.
    BookPolicy(const PolicyOptions& options, std::unique_ptr<Policy> fallback);

    Move choose(const Game& game) override;
    // In book: the playable book moves by score (discs), with their game count in `book_games`
    // and the statistics in words in `detail`, then the
    // other legal moves as the fallback ranks them (detail starts "not in book"). Out of book:
    // the fallback's evaluation.
    std::vector<MoveScore> evaluate(const Game& game) override;
    void reseed(std::uint64_t seed) override {
        rng_ = Rng(seed);
        fallback_->reseed(seed + 1);
    }

    // Expected final disc difference for the mover, shrunk towards 0 for moves with few games.
    static double rating(const BookStats& stats);
    // What the book ranks a move by: its negamaxed value where the book was evaluated
    // (othello-book evaluate), else its rating.
    static double score(const BookMove& m);
    // data_dir()/book.db
    static std::filesystem::path default_book_path();

  private:
    // The book failed at a lookup (damaged after it was opened): warns once on stderr, and from
    // now on this policy plays as its fallback.
    void give_up_book(const std::exception& error);

    OpeningBook book_;
    bool book_failed_ = false;
    std::unique_ptr<Policy> fallback_;
    double randomness_;
    Rng rng_;
};

}  // namespace othello
