// The book policy: choose in the canonical frame (so every image of a position gets the image of
// the same answer), map back through the inverse symmetry.
#include "engine/book/book_policy.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <mutex>
#include <set>
#include <stdexcept>

#include "engine/data_dir.h"
#include "engine/move_choice.h"

namespace othello {

namespace {

// Best first: higher score (the negamaxed value where the book has one, else the rating), then
// more games, then the lower square (a fixed, frame-free order in the canonical frame).
bool better(const BookMove& a, const BookMove& b) {
    const double sa = BookPolicy::score(a), sb = BookPolicy::score(b);
    if (sa != sb) return sa > sb;
    if (a.stats.games != b.stats.games) return a.stats.games > b.stats.games;
    return a.move < b.move;
}

// The moves the book may play in `p` (where `moves` were stored): in an evaluated book the legal
// moves with a value, whatever their game count (an alternative no expert played is stored when the
// offline search prefers it); otherwise the legal moves with enough games behind them.
void keep_playable(std::vector<BookMove>& moves, const Position& p) {
    const bool evaluated =
        std::any_of(moves.begin(), moves.end(), [](const BookMove& m) { return m.value; });
    std::erase_if(moves, [&](const BookMove& m) {
        if (!(p.legal_moves() & m.move.bit())) return true;
        return evaluated ? !m.value : m.stats.games < BookPolicy::kMinGames;
    });
}

std::string describe(const BookMove& m) {
    const BookStats& s = m.stats;
    char text[200];
    if (s.games > 0) {
        std::snprintf(text, sizeof text,
                      "book: %lld games, %.1f%% score (+%lld =%lld -%lld), mean %+.2f discs",
                      static_cast<long long>(s.games), 100.0 * s.score(),
                      static_cast<long long>(s.wins), static_cast<long long>(s.draws),
                      static_cast<long long>(s.losses), s.mean_disc_difference());
    } else {
        std::snprintf(text, sizeof text, "book: no games");
    }
    std::string line = text;
    if (m.value) {
        std::snprintf(text, sizeof text, ", value %+.2f", *m.value);
        line += text;
    }
    if (!m.comment.empty()) line += ", " + m.comment;
    if (!m.name.empty()) line += ", " + m.name;
    return line;
}

}  // namespace

BookPolicy::BookPolicy(const PolicyOptions& options, std::unique_ptr<Policy> fallback)
    : book_(options.book_path.empty() ? default_book_path()
                                      : std::filesystem::path(options.book_path),
            OpeningBook::Access::ReadLocked),
      fallback_(std::move(fallback)),
      randomness_(options.book_randomness),
      rng_(options.seed) {
    if (!fallback_) throw std::invalid_argument("the book policy needs a fallback policy");
    if (!(randomness_ >= 0)) throw std::invalid_argument("--book-randomness must be 0 or more");
}

double BookPolicy::score(const BookMove& m) {
    return m.value ? *m.value : rating(m.stats);
}

double BookPolicy::rating(const BookStats& stats) {
    return static_cast<double>(stats.disc_sum) / (static_cast<double>(stats.games) + kPriorGames);
}

std::filesystem::path BookPolicy::default_book_path() {
    return data_dir() / "book.db";
}

void BookPolicy::give_up_book(const std::exception& error) {
    book_failed_ = true;
    // One warning per book file per process, however many policies (a match's games) share it.
    static std::mutex mutex;
    static std::set<std::filesystem::path> warned;
    const std::lock_guard lock(mutex);
    if (warned.insert(book_.path()).second) {
        std::cerr << "warning: the opening book failed, playing on without it: " << error.what()
                  << "\n"
                  << std::flush;
    }
}

Move BookPolicy::choose(const Game& game) {
    const Position& p = game.current();
    if (!p.has_legal_move()) return Move::pass();
    if (book_failed_) return fallback_->choose(game);
    const CanonicalForm c = canonical_form(p);
    std::vector<BookMove> moves;
    try {
        moves = book_.canonical_moves(c.position);
    } catch (const std::runtime_error& e) {  // SqliteError: the file was damaged after opening
        give_up_book(e);
        return fallback_->choose(game);
    }
    keep_playable(moves, c.position);
    if (moves.empty()) return fallback_->choose(game);
    std::sort(moves.begin(), moves.end(), better);
    std::size_t chosen = 0;
    if (randomness_ > 0) {
        // Weighted random: weight exp(score / randomness), randomness in discs.
        std::vector<double> ratings;
        for (const BookMove& m : moves) ratings.push_back(score(m));
        chosen = softmax_draw(ratings, randomness_, rng_);
    }
    return transform(inverse(c.symmetry), moves[chosen].move);
}

std::vector<MoveScore> BookPolicy::evaluate(const Game& game) {
    const Position& p = game.current();
    if (book_failed_) return fallback_->evaluate(game);
    std::vector<BookMove> moves;
    try {
        moves = book_.lookup(p);
    } catch (const std::runtime_error& e) {
        give_up_book(e);
        return fallback_->evaluate(game);
    }
    keep_playable(moves, p);
    if (moves.empty()) return fallback_->evaluate(game);
    std::sort(moves.begin(), moves.end(), better);
    std::vector<MoveScore> scores;
    Bitboard listed = 0;
    for (const BookMove& m : moves) {
        scores.push_back({m.move, score(m), describe(m), m.stats.games});
        listed |= m.move.bit();
    }
    for (MoveScore& s : fallback_->evaluate(game)) {
        if (s.move.is_pass() || (listed & s.move.square().bit())) continue;
        s.detail = s.detail.empty() ? "not in book" : "not in book; " + s.detail;
        scores.push_back(std::move(s));
    }
    return scores;
}

}  // namespace othello
