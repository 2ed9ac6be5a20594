// Results on disk: a journal (one JSON line appended per finished game, so a killed match loses
// nothing and --resume knows what is done) and the final results file (JSON or CSV).
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <functional>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "match/record/game_record.h"
#include "match/record/game_record_schema.h"
#include "match/results/record_signature.h"

namespace othello {

// The journal next to a results file: "results.json" -> "results.jsonl".
std::string journal_path_for(const std::string& results_path);

// Where one game's line stands in a journal: the results file is written from these lines, so
// the games need not be kept in memory until the end.
struct JournalEntry {
    int id = 0;
    std::uint32_t length = 0;  // without its '\n'
    std::int64_t offset = 0;
};

class ResultsJournal {
  public:
    // Starts the journal with `config` as its first line ({"config": ...}) and the games `kept`
    // (those already played, when resuming), replacing whatever was at `path` in one step. With
    // `key` (--sign-key) every record is written signed (record_signature.h).
    ResultsJournal(std::string path, const nlohmann::json& config,
                   const std::vector<GameRecord>& kept, const SigningKey* key = nullptr);
    // A journal of no match (merge's spool) in a file just made for it (new_file.h), written
    // through `fd`, which it takes: never reopened by its name.
    ResultsJournal(int fd, std::string path);
    ~ResultsJournal();
    ResultsJournal(const ResultsJournal&) = delete;
    ResultsJournal& operator=(const ResultsJournal&) = delete;

    // Appends one line in a single write (a kill leaves at most one partial line). Safe to call
    // from several threads at once: the line is built outside the journal's lock.
    void append(const GameRecord& r);
    // Appends the games' lines in a single write: all of them are in the journal, or (after a
    // failed write, which throws) none.
    void append(const std::vector<GameRecord>& games);

    // The path it writes, and where each game written so far stands in it, in file order (the
    // kept games first): taken, once the games are over (the journal keeps no more of them).
    const std::string& path() const { return path_; }
    std::vector<JournalEntry> take_entries();
    // The journal's own descriptor, readable: what it wrote is read back through it, never by
    // its name, which could by then name another file.
    int descriptor() const { return fd_; }

  private:
    // Whole lines, each ended by '\n'; `entries` (offsets from the line's start) are kept once
    // they are written.
    void append_lines(const std::string& line, std::vector<JournalEntry> entries);
    std::string line_of(const GameRecord& r) const;

    std::string path_;
    std::optional<RecordSigner> signer_;
    int fd_ = -1;
    off_t end_ = 0;  // the journal's size: where a failed append's partial line is cut off
    std::mutex write_lock_;
    std::vector<JournalEntry> entries_;  // guarded by write_lock_
};

// Writes every record (sorted by id) with `summary` and the match's `config` as
// {"config": ..., "summary": ..., "games": [...]}, plus "ratings" when `ratings` is not null, or
// as CSV when the path ends in ".csv". Written to a temporary file then renamed. With `key`
// (--sign-key) every JSON record is written signed for `config`.
void write_results(const std::string& path, std::vector<GameRecord> records,
                   const nlohmann::json& summary, const nlohmann::json& config,
                   const nlohmann::json& ratings = nullptr, const SigningKey* key = nullptr);

// Each game the entries name, once (its first entry), in id order.
std::vector<JournalEntry> journal_entries_by_id(std::vector<JournalEntry> entries);

// The games of a journal's `entries` (already in id order), read back one at a time: what
// game_record_writer.h's files are written from without holding the match's games. The journal
// and the entries must outlive the source.
std::function<void(const std::function<void(const GameRecord&)>&)> journal_records(
    const ResultsJournal& journal, const std::vector<JournalEntry>& entries_by_id);

// The same file from the journal's lines of the games `entries_by_id` name (as the journal wrote
// them, signed or not; see journal_entries_by_id), streamed one game at a time: the bytes are
// those write_results writes for the same records.
void write_results_from_journal(const std::string& path, const ResultsJournal& journal,
                                const std::vector<JournalEntry>& entries_by_id,
                                const nlohmann::json& summary, const nlohmann::json& config,
                                const nlohmann::json& ratings = nullptr);

}  // namespace othello
