// The book store: schema creation and checks, lookup through the canonical frame, transactional
// writes with SQLite upserts.
#include "engine/book/opening_book.h"

#include <chrono>
#include <ctime>

#include "engine/data_file.h"

namespace othello {

namespace {

// Bitboards are stored as SQLite's signed 64-bit integers, bit for bit.
std::int64_t to_sql(Bitboard b) {
    return static_cast<std::int64_t>(b);
}

constexpr const char* kSchema = R"sql(
CREATE TABLE book_moves (
    player   INTEGER NOT NULL,
    opponent INTEGER NOT NULL,
    move     TEXT    NOT NULL,
    ply      INTEGER NOT NULL,
    games    INTEGER NOT NULL DEFAULT 0,
    wins     INTEGER NOT NULL DEFAULT 0,
    draws    INTEGER NOT NULL DEFAULT 0,
    losses   INTEGER NOT NULL DEFAULT 0,
    disc_sum INTEGER NOT NULL DEFAULT 0,
    name     TEXT,
    comment  TEXT,
    value    REAL,
    PRIMARY KEY (player, opponent, move)
) WITHOUT ROWID;
CREATE INDEX book_moves_by_ply ON book_moves (ply);
CREATE TABLE book_imports (
    id     INTEGER PRIMARY KEY,
    time   TEXT NOT NULL,
    source TEXT NOT NULL,
    rows   INTEGER NOT NULL
);
)sql";

std::string now_utc() {
    const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    char text[32];
    std::tm tm{};
    gmtime_r(&t, &tm);
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return text;
}

}  // namespace

void BookStats::add_outcome(int disc_difference) {
    ++games;
    if (disc_difference > 0) {
        ++wins;
    } else if (disc_difference < 0) {
        ++losses;
    } else {
        ++draws;
    }
    disc_sum += disc_difference;
}

BookStats& BookStats::operator+=(const BookStats& other) {
    games += other.games;
    wins += other.wins;
    draws += other.draws;
    losses += other.losses;
    disc_sum += other.disc_sum;
    return *this;
}

OpeningBook::OpeningBook(const std::filesystem::path& path, Access access) : path_(path) {
    const bool read_only = access != Access::Write;
    // SQLite would wait on a FIFO for ever and fail late on a folder: only a regular file (or,
    // for a book to be written, nothing yet) is opened.
    std::error_code error;
    if (read_only || std::filesystem::exists(path, error)) {
        try {
            require_regular_file(path, "opening book");
        } catch (const DataFileError& e) {
            throw BookError(e.what());
        }
    }
    try {
        db_ = std::make_unique<SqliteDatabase>(
            path.string(),
            read_only ? SqliteDatabase::Mode::ReadOnly : SqliteDatabase::Mode::ReadWriteCreate);
    } catch (const SqliteError& e) {
        throw BookError(e.what());  // "<path>: cannot open: <reason>"
    }
    try {
        check_or_create(access);
        if (access == Access::ReadLocked) db_->exec("PRAGMA locking_mode = EXCLUSIVE");
        // A version-1 book (read only: writing migrates it) has no value column.
        const char* value = has_values_ ? "value" : "NULL";
        select_moves_.emplace(db_->prepare(
            std::string("SELECT move, games, wins, draws, losses, disc_sum, name, comment, ") +
            value + " FROM book_moves WHERE player = ?1 AND opponent = ?2 ORDER BY move"));
    } catch (const SqliteError& e) {
        // SqliteError says "<path>: <statement>: <reason>"; say first what it means for a book.
        std::string reason = e.what();
        if (reason.rfind(path.string() + ": ", 0) == 0) reason.erase(0, path.string().size() + 2);
        throw BookError(path.string() + ": not an opening book (" + reason + ")");
    }
}

OpeningBook::~OpeningBook() = default;
OpeningBook::OpeningBook(OpeningBook&&) noexcept = default;

void OpeningBook::check_or_create(Access access) {
    // Reading the header fails here for a file that is not SQLite at all.
    const std::int64_t application_id = db_->query_int("PRAGMA application_id");
    const std::int64_t version = db_->query_int("PRAGMA user_version");
    const std::int64_t tables = db_->query_int("SELECT count(*) FROM sqlite_schema");
    if (application_id == 0 && version == 0 && tables == 0 && access == Access::Write) {
        SqliteTransaction transaction(*db_);
        db_->exec(kSchema);
        db_->exec("PRAGMA application_id = " + std::to_string(kApplicationId));
        db_->exec("PRAGMA user_version = " + std::to_string(kSchemaVersion));
        transaction.commit();
        return;
    }
    if (application_id != kApplicationId) {
        throw BookError(path_.string() +
                        ": not an opening book (an SQLite database, but its application_id is " +
                        std::to_string(application_id) + ", a book's is " +
                        std::to_string(kApplicationId) + ")");
    }
    if (version == 1 && access == Access::Write) {
        // Version 2 added the negamaxed `value` of each move (NULL until `othello-book evaluate`).
        SqliteTransaction transaction(*db_);
        db_->exec("ALTER TABLE book_moves ADD COLUMN value REAL");
        db_->exec("PRAGMA user_version = " + std::to_string(kSchemaVersion));
        transaction.commit();
        return;
    }
    if (version == 1) {
        has_values_ = false;
        return;
    }
    if (version != kSchemaVersion) {
        throw BookError(path_.string() + ": opening book of schema version " +
                        std::to_string(version) + "; this program reads version " +
                        std::to_string(kSchemaVersion) + " (rebuild the book)");
    }
}

std::vector<BookMove> OpeningBook::canonical_moves(const Position& canonical) {
    std::vector<BookMove> moves;
    SqliteStatement& select = *select_moves_;
    select.reset();
    select.bind(1, to_sql(canonical.player())).bind(2, to_sql(canonical.opponent()));
    while (select.step()) {
        const auto square = Square::parse(select.column_text(0));
        if (!square) continue;  // a hand-edited row that names no square: not a move
        BookMove m{*square, {}, select.column_text(6), select.column_text(7), std::nullopt};
        m.stats = {select.column_int(1), select.column_int(2), select.column_int(3),
                   select.column_int(4), select.column_int(5)};
        if (!select.column_is_null(8)) m.value = select.column_double(8);
        moves.push_back(std::move(m));
    }
    select.reset();
    return moves;
}

std::vector<std::pair<Position, int>> OpeningBook::canonical_positions() {
    std::vector<std::pair<Position, int>> positions;
    SqliteStatement select =
        db_->prepare("SELECT player, opponent, min(ply) FROM book_moves GROUP BY player, opponent");
    while (select.step()) {
        positions.emplace_back(
            Position::from_mover(static_cast<Bitboard>(select.column_int(0)),
                                 static_cast<Bitboard>(select.column_int(1)), Color::Black),
            static_cast<int>(select.column_int(2)));
    }
    return positions;
}

std::vector<BookMove> OpeningBook::lookup(const Position& p) {
    const CanonicalForm c = canonical_form(p);
    const std::vector<BookMove> stored = canonical_moves(c.position);
    std::vector<BookMove> moves;
    if (stored.empty()) return moves;
    for (int index : Bits(p.legal_moves())) {
        const Square move = Square::from_index(index);
        const Square key = representative_move(c.position, transform(c.symmetry, move));
        for (const BookMove& row : stored) {
            if (row.move == key) {
                moves.push_back({move, row.stats, row.name, row.comment, row.value});
            }
        }
    }
    return moves;
}

void OpeningBook::add(const std::vector<BookEntry>& entries, const std::string& source,
                      const std::function<void()>& before_commit) {
    write(entries, source, false, before_commit);
}

void OpeningBook::replace_values(const std::vector<BookEntry>& entries, const std::string& source) {
    write(entries, source, true, {});
}

bool OpeningBook::has_values() {
    return has_values_ && db_->query_int("SELECT count(*) FROM book_moves WHERE value IS NOT NULL");
}

void OpeningBook::write(const std::vector<BookEntry>& entries, const std::string& source,
                        bool replace_values, const std::function<void()>& before_commit) {
    SqliteTransaction transaction(*db_);
    if (replace_values) {
        db_->exec(std::string("DELETE FROM book_moves WHERE games = 0 AND comment = '") +
                  kSearchedAlternative + "'");
        db_->exec("UPDATE book_moves SET value = NULL");
    }
    SqliteStatement upsert = db_->prepare(
        "INSERT INTO book_moves (player, opponent, move, ply, games, wins, draws, losses, "
        "disc_sum, name, comment, value) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12) "
        "ON CONFLICT (player, opponent, move) DO UPDATE SET "
        "games = games + excluded.games, wins = wins + excluded.wins, draws = draws + "
        "excluded.draws, "
        "losses = losses + excluded.losses, disc_sum = disc_sum + excluded.disc_sum, "
        "name = coalesce(excluded.name, name), comment = coalesce(excluded.comment, comment), "
        "value = coalesce(excluded.value, value)");
    for (const BookEntry& e : entries) {
        upsert.reset();
        upsert.bind(1, to_sql(e.key.player))
            .bind(2, to_sql(e.key.opponent))
            .bind(3, e.key.move.to_string());
        upsert.bind(4, e.ply).bind(5, e.stats.games).bind(6, e.stats.wins).bind(7, e.stats.draws);
        upsert.bind(8, e.stats.losses).bind(9, e.stats.disc_sum);
        if (e.name.empty())
            upsert.bind_null(10);
        else
            upsert.bind(10, e.name);
        if (e.comment.empty())
            upsert.bind_null(11);
        else
            upsert.bind(11, e.comment);
        if (e.value)
            upsert.bind_double(12, *e.value);
        else
            upsert.bind_null(12);
        upsert.run();
    }
    SqliteStatement log =
        db_->prepare("INSERT INTO book_imports (time, source, rows) VALUES (?1, ?2, ?3)");
    log.bind(1, now_utc()).bind(2, source).bind(3, static_cast<std::int64_t>(entries.size())).run();
    if (before_commit) before_commit();
    transaction.commit();
}

BookSummary OpeningBook::summary() {
    BookSummary s;
    s.moves = db_->query_int("SELECT count(*) FROM book_moves");
    s.positions =
        db_->query_int("SELECT count(*) FROM (SELECT DISTINCT player, opponent FROM book_moves)");
    s.named_moves = db_->query_int("SELECT count(*) FROM book_moves WHERE name IS NOT NULL");
    s.deepest_ply =
        static_cast<int>(db_->query_int("SELECT coalesce(max(ply), 0) FROM book_moves"));
    const CanonicalForm start = canonical_form(Position::start());
    SqliteStatement root = db_->prepare(
        "SELECT coalesce(sum(games), 0) FROM book_moves WHERE player = ?1 AND opponent = ?2");
    root.bind(1, to_sql(start.position.player())).bind(2, to_sql(start.position.opponent()));
    if (root.step()) s.start_games = root.column_int(0);
    SqliteStatement per_ply =
        db_->prepare("SELECT ply, count(*) FROM book_moves GROUP BY ply ORDER BY ply");
    while (per_ply.step())
        s.moves_per_ply.emplace_back(static_cast<int>(per_ply.column_int(0)),
                                     per_ply.column_int(1));
    SqliteStatement imports =
        db_->prepare("SELECT time, source, rows FROM book_imports ORDER BY id");
    while (imports.step()) {
        s.imports.push_back(imports.column_text(0) + "  " + imports.column_text(1) + "  (" +
                            std::to_string(imports.column_int(2)) + " rows)");
    }
    return s;
}

}  // namespace othello
