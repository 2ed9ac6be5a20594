#include "match/results/game_spool.h"

#include <unistd.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "match/results/new_file.h"

namespace othello {

namespace {

constexpr std::size_t kBatch = 1024;

}  // namespace

GameSpool::GameSpool(const std::string& beside) {
    // A new file of a random name, written through the descriptor that made it: no link planted
    // at a name it could have had is ever followed (new_file.h).
    NewFile file = create_new_file(beside + ".spool-", ".jsonl");
    path_ = file.path;
    try {
        journal_ = std::make_unique<ResultsJournal>(file.fd, path_);
    } catch (...) {
        std::error_code error;
        std::filesystem::remove(path_, error);
        throw;
    }
}

GameSpool::~GameSpool() {
    journal_.reset();
    std::error_code error;
    std::filesystem::remove(path_, error);
}

void GameSpool::add(const GameRecord& r) {
    pending_.push_back(r);
    if (pending_.size() >= kBatch) flush();
}

void GameSpool::flush() {
    if (pending_.empty()) return;
    journal_->append(pending_);
    pending_.clear();
}

const std::vector<JournalEntry>& GameSpool::entries(Order order) {
    if (!order_) {
        flush();
        entries_ = journal_->take_entries();
        if (order == Order::ById) entries_ = journal_entries_by_id(std::move(entries_));
        order_ = order;
    }
    if (*order_ != order) throw std::logic_error("a game spool is read in one order only");
    return entries_;
}

RecordSource GameSpool::records(Order order) {
    return journal_records(*journal_, entries(order));
}

}  // namespace othello
