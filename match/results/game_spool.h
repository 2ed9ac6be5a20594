// GameSpool: games set aside on disk as they are read, then read back one at a time in id order:
// what merge and report hold in place of a million games (a journal of their own, beside their
// output, removed when done).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "match/record/game_record.h"
#include "match/results/game_record_writer.h"
#include "match/results/results_file.h"

namespace othello {

class GameSpool {
  public:
    // A new file in the folder of `beside` ("OUT.json" -> "OUT.json.spool-PID-N.jsonl", a name
    // nothing holds: nothing is replaced), removed when the spool is.
    explicit GameSpool(const std::string& beside);
    ~GameSpool();
    GameSpool(const GameSpool&) = delete;
    GameSpool& operator=(const GameSpool&) = delete;

    // Sets `r` aside as it is (its signature included).
    void add(const GameRecord& r);

    // Once every game is added: where each game stands, each id once (its first record), in id
    // order; and the games themselves read back in that order, one at a time.
    const std::vector<JournalEntry>& by_id();
    RecordSource records();
    const std::string& path() const { return path_; }

  private:
    void flush();

    std::string path_;
    std::unique_ptr<ResultsJournal> journal_;
    std::vector<GameRecord> pending_;  // written a batch at a time: one write a batch
    std::vector<JournalEntry> by_id_;
    bool sorted_ = false;
};

}  // namespace othello
