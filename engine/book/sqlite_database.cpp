// The SQLite wrappers: every failing call becomes an SqliteError naming the file.
#include "engine/book/sqlite_database.h"

#include <sqlite3.h>

#include <utility>

namespace othello {

namespace {

[[noreturn]] void fail(sqlite3* db, const std::string& path, std::string_view what) {
    throw SqliteError(path + ": " + std::string(what) + ": " +
                      (db ? sqlite3_errmsg(db) : "out of memory"));
}

}  // namespace

SqliteStatement::SqliteStatement(sqlite3* db, sqlite3_stmt* stmt, std::string path)
    : db_(db), stmt_(stmt), path_(std::move(path)) {}

SqliteStatement::SqliteStatement(SqliteStatement&& other) noexcept
    : db_(other.db_), stmt_(std::exchange(other.stmt_, nullptr)), path_(std::move(other.path_)) {}

SqliteStatement::~SqliteStatement() {
    sqlite3_finalize(stmt_);
}

SqliteStatement& SqliteStatement::bind(int index, std::int64_t value) {
    if (sqlite3_bind_int64(stmt_, index, value) != SQLITE_OK) fail(db_, path_, "bind");
    return *this;
}

SqliteStatement& SqliteStatement::bind(int index, std::string_view text) {
    if (sqlite3_bind_text(stmt_, index, text.data(), static_cast<int>(text.size()),
                          SQLITE_TRANSIENT) != SQLITE_OK) {
        fail(db_, path_, "bind");
    }
    return *this;
}

SqliteStatement& SqliteStatement::bind_double(int index, double value) {
    if (sqlite3_bind_double(stmt_, index, value) != SQLITE_OK) fail(db_, path_, "bind");
    return *this;
}

SqliteStatement& SqliteStatement::bind_null(int index) {
    if (sqlite3_bind_null(stmt_, index) != SQLITE_OK) fail(db_, path_, "bind");
    return *this;
}

bool SqliteStatement::step() {
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    fail(db_, path_, sqlite3_sql(stmt_));
}

void SqliteStatement::run() {
    while (step()) {
    }
}

void SqliteStatement::reset() {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
}

std::int64_t SqliteStatement::column_int(int column) const {
    return sqlite3_column_int64(stmt_, column);
}

std::string SqliteStatement::column_text(int column) const {
    const auto* text = sqlite3_column_text(stmt_, column);
    return text ? std::string(reinterpret_cast<const char*>(text),
                              sqlite3_column_bytes(stmt_, column))
                : std::string();
}

double SqliteStatement::column_double(int column) const {
    return sqlite3_column_double(stmt_, column);
}

bool SqliteStatement::column_is_null(int column) const {
    return sqlite3_column_type(stmt_, column) == SQLITE_NULL;
}

SqliteDatabase::SqliteDatabase(const std::string& path, Mode mode) : path_(path) {
    const int flags =
        mode == Mode::ReadOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
    if (sqlite3_open_v2(path.c_str(), &db_, flags, nullptr) != SQLITE_OK) {
        const std::string message =
            path + ": cannot open: " + (db_ ? sqlite3_errmsg(db_) : "out of memory");
        sqlite3_close(db_);
        throw SqliteError(message);
    }
    // Another process may be writing the book (an import) while an engine reads it.
    sqlite3_busy_timeout(db_, 5000);
}

SqliteDatabase::~SqliteDatabase() {
    sqlite3_close(db_);
}

void SqliteDatabase::exec(const std::string& sql) {
    char* error = nullptr;
    if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &error) != SQLITE_OK) {
        const std::string message = path_ + ": " + (error ? error : sqlite3_errmsg(db_));
        sqlite3_free(error);
        throw SqliteError(message);
    }
}

SqliteStatement SqliteDatabase::prepare(std::string_view sql) {
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v2(db_, sql.data(), static_cast<int>(sql.size()), &stmt, nullptr) !=
        SQLITE_OK) {
        fail(db_, path_, sql);
    }
    return SqliteStatement(db_, stmt, path_);
}

std::int64_t SqliteDatabase::query_int(std::string_view sql) {
    SqliteStatement statement = prepare(sql);
    return statement.step() ? statement.column_int(0) : 0;
}

SqliteTransaction::SqliteTransaction(SqliteDatabase& db) : db_(db) {
    db_.exec("BEGIN IMMEDIATE");
}

SqliteTransaction::~SqliteTransaction() {
    if (done_) return;
    try {
        db_.exec("ROLLBACK");
    } catch (const SqliteError&) {
        // Nothing more to do: SQLite rolls back an unfinished transaction when the file is next
        // opened.
    }
}

void SqliteTransaction::commit() {
    db_.exec("COMMIT");
    done_ = true;
}

}  // namespace othello
