// RAII wrappers over SQLite's C API: a database connection, a prepared statement and a
// transaction that rolls back unless committed. The book store is their only user.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace othello {

// An SQLite failure; the message names the database file and SQLite's own explanation.
class SqliteError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

class SqliteStatement {
  public:
    SqliteStatement(sqlite3* db, sqlite3_stmt* stmt, std::string path);
    SqliteStatement(SqliteStatement&& other) noexcept;
    SqliteStatement& operator=(SqliteStatement&&) = delete;
    SqliteStatement(const SqliteStatement&) = delete;
    SqliteStatement& operator=(const SqliteStatement&) = delete;
    ~SqliteStatement();

    // Parameters are numbered from 1, as in SQL's ?1, ?2...
    SqliteStatement& bind(int index, std::int64_t value);
    SqliteStatement& bind(int index, std::string_view text);
    SqliteStatement& bind_double(int index, double value);
    SqliteStatement& bind_null(int index);

    // Runs to the next row: true if there is one, false when done. Throws SqliteError.
    bool step();
    // Steps until done (for statements that return no rows).
    void run();
    // Back to the start, bindings cleared, ready to run again.
    void reset();

    // Columns are numbered from 0.
    std::int64_t column_int(int column) const;
    std::string column_text(int column) const;  // empty for NULL
    double column_double(int column) const;
    bool column_is_null(int column) const;

  private:
    sqlite3* db_;
    sqlite3_stmt* stmt_;
    std::string path_;
};

class SqliteDatabase {
  public:
    enum class Mode { ReadOnly, ReadWriteCreate };

    SqliteDatabase(const std::string& path, Mode mode);
    SqliteDatabase(const SqliteDatabase&) = delete;
    SqliteDatabase& operator=(const SqliteDatabase&) = delete;
    ~SqliteDatabase();

    const std::string& path() const { return path_; }
    // Runs one or more statements that return no rows.
    void exec(const std::string& sql);
    SqliteStatement prepare(std::string_view sql);
    // The single integer a query such as "PRAGMA user_version" returns.
    std::int64_t query_int(std::string_view sql);

  private:
    sqlite3* db_ = nullptr;
    std::string path_;
};

// BEGIN IMMEDIATE on construction; ROLLBACK on destruction unless commit() was called, so an
// exception or a killed process leaves the database as it was before the transaction.
class SqliteTransaction {
  public:
    explicit SqliteTransaction(SqliteDatabase& db);
    SqliteTransaction(const SqliteTransaction&) = delete;
    SqliteTransaction& operator=(const SqliteTransaction&) = delete;
    ~SqliteTransaction();
    void commit();

  private:
    SqliteDatabase& db_;
    bool done_ = false;
};

}  // namespace othello
