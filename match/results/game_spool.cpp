#include "match/results/game_spool.h"

#include <unistd.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <stdexcept>

namespace othello {

namespace {

constexpr std::size_t kBatch = 1024;

std::string free_path_beside(const std::string& beside) {
    for (int n = 0;; ++n) {
        const std::string path =
            beside + ".spool-" + std::to_string(::getpid()) + "-" + std::to_string(n) + ".jsonl";
        std::error_code error;
        if (!std::filesystem::exists(std::filesystem::symlink_status(path, error))) return path;
    }
}

}  // namespace

GameSpool::GameSpool(const std::string& beside)
    : path_(free_path_beside(beside)),
      journal_(std::make_unique<ResultsJournal>(path_, nlohmann::json::object(),
                                                std::vector<GameRecord>())) {}

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
    return journal_records(path_, entries(order));
}

}  // namespace othello
