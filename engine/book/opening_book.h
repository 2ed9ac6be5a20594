// OpeningBook: the SQLite store of (canonical position, move) -> outcome statistics and names.
// Schema and rules: engine/book/README.md.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/book/book_key.h"
#include "engine/book/sqlite_database.h"

namespace othello {

// A file that cannot be used as a book (missing, not SQLite, not a book, another schema version).
class BookError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// Outcomes of the games that played a move, from the side that played it.
struct BookStats {
    std::int64_t games = 0;
    std::int64_t wins = 0;
    std::int64_t draws = 0;
    std::int64_t losses = 0;
    std::int64_t disc_sum = 0;  // sum of final disc differences, empty squares to the winner

    void add_outcome(int disc_difference);
    BookStats& operator+=(const BookStats& other);
    double mean_disc_difference() const {
        return games ? static_cast<double>(disc_sum) / games : 0.0;
    }
    double score() const { return games ? (wins + 0.5 * draws) / games : 0.0; }  // 1 = all wins
};

// One row to write: its key, the statistics to add and, optionally, a name and comment.
struct BookEntry {
    BookKey key;
    int ply = 0;  // discs on the board minus 4
    BookStats stats;
    std::string name;     // empty: keep the stored one
    std::string comment;  // empty: keep the stored one
    // The move's negamaxed value (othello-book evaluate); nullopt keeps the stored one.
    std::optional<double> value;
};

// One stored move of a position, in the frame of the position it was asked for.
struct BookMove {
    Square move;
    BookStats stats;
    std::string name;
    std::string comment;
    // For the side that plays it, in discs: the negamax over the book's own lines of offline
    // searches at its leaves (othello-book evaluate); nullopt in a book not evaluated.
    std::optional<double> value;
};

struct BookSummary {
    std::int64_t positions = 0;
    std::int64_t moves = 0;
    std::int64_t named_moves = 0;
    std::int64_t start_games = 0;  // games counted at the start position
    int deepest_ply = 0;
    std::vector<std::pair<int, std::int64_t>> moves_per_ply;  // (ply, rows)
    std::vector<std::string> imports;  // one line per recorded import, oldest first
};

class OpeningBook {
  public:
    // Version 2 added book_moves.value; version-1 books are read (no values) and migrated when
    // opened for writing.
    static constexpr int kSchemaVersion = 2;
    // PRAGMA application_id of a book: "OTHB".
    static constexpr std::int64_t kApplicationId = 0x4F544842;

    enum class Access { Read, ReadLocked, Write };
    // Read: the file must be an existing book; every lookup takes and drops SQLite's shared lock
    // (a few system calls, tens of microseconds). ReadLocked: the same, but the shared lock is kept
    // from the first read until the book is closed, so lookups cost a few microseconds and writers
    // wait (then fail with "database is locked") meanwhile; for engines. Write: an existing book,
    // or a missing or empty file, which becomes an empty book. Throws BookError naming the file
    // and the reason.
    OpeningBook(const std::filesystem::path& path, Access access);
    ~OpeningBook();
    OpeningBook(OpeningBook&&) noexcept;

    const std::filesystem::path& path() const { return path_; }
    int schema_version() const { return has_values_ ? kSchemaVersion : 1; }

    // The stored moves of a canonical position, in its frame, in stored-move order.
    std::vector<BookMove> canonical_moves(const Position& canonical);
    // The book moves of any position: every legal move whose key is stored (the equivalent moves
    // of a symmetric position each appear, with the same statistics), in square order.
    std::vector<BookMove> lookup(const Position& p);

    // Adds the entries' statistics to the stored rows (creating missing rows) and records the
    // import, all in one transaction: on an exception, or if the process dies, nothing is written.
    // `before_commit` runs after the rows are written and before COMMIT (tests kill the process
    // there).
    void add(const std::vector<BookEntry>& entries, const std::string& source,
             const std::function<void()>& before_commit = {});

    // Replaces every value in one transaction: drops the stored values and the rows of searched
    // alternatives (kSearchedAlternative), then writes `entries` as add() does.
    void replace_values(const std::vector<BookEntry>& entries, const std::string& source);
    // Whether any move has a value (an import after `evaluate` leaves them stale).
    bool has_values();

    BookSummary summary();

    // Every canonical position with stored moves, and its ply.
    std::vector<std::pair<Position, int>> canonical_positions();

    // The comment of the rows `othello-book evaluate` adds for moves no expert played.
    static constexpr const char* kSearchedAlternative = "searched alternative";

  private:
    void check_or_create(Access access);
    void write(const std::vector<BookEntry>& entries, const std::string& source,
               bool replace_values, const std::function<void()>& before_commit);

    std::filesystem::path path_;
    std::unique_ptr<SqliteDatabase> db_;
    std::optional<SqliteStatement> select_moves_;
    bool has_values_ = true;  // false for a version-1 book opened for reading
};

}  // namespace othello
