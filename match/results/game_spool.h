// GameSpool: games set aside on disk as they are read, then read back one at a time in id order:
// what merge and report hold in place of a million games (a journal of their own, beside their
// output, removed when done).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "match/record/game_record.h"
#include "match/results/game_record_writer.h"
#include "match/results/results_file.h"

namespace othello {

class GameSpool {
  public:
    // A new file in the folder of `beside` ("OUT.json" -> "OUT.json.spool-RANDOM.jsonl", made
    // by create_new_file: nothing is replaced, no link followed), removed when the spool is.
    explicit GameSpool(const std::string& beside);
    ~GameSpool();
    GameSpool(const GameSpool&) = delete;
    GameSpool& operator=(const GameSpool&) = delete;

    // Sets `r` aside as it is (its signature included).
    void add(const GameRecord& r);

    // Once every game is added, in one of two orders (the first asked for): by id, each id once
    // (its first record), as a match's results are written; or as added, every game (games of
    // several matches share ids). Where each game stands, and the games themselves read back in
    // that order, one at a time.
    enum class Order { ById, AsAdded };
    const std::vector<JournalEntry>& entries(Order order = Order::ById);
    RecordSource records(Order order = Order::ById);
    const std::string& path() const { return path_; }
    // What the games are read back through (never the file's name: new_file.h).
    const ResultsJournal& journal() const { return *journal_; }

  private:
    void flush();

    std::string path_;
    std::unique_ptr<ResultsJournal> journal_;
    std::vector<GameRecord> pending_;  // written a batch at a time: one write a batch
    std::vector<JournalEntry> entries_;
    std::optional<Order> order_;  // once the entries are taken
};

}  // namespace othello
