#include "match/results/game_spool.h"

#include <unistd.h>

#include <filesystem>
#include <nlohmann/json.hpp>

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

const std::vector<JournalEntry>& GameSpool::by_id() {
    if (!sorted_) {
        flush();
        by_id_ = journal_entries_by_id(journal_->take_entries());
        sorted_ = true;
    }
    return by_id_;
}

RecordSource GameSpool::records() {
    return journal_records(path_, by_id());
}

}  // namespace othello
