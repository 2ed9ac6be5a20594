// MatchFile: nlohmann::json line by line for journals, whole for results files.
#include "match/match_file.h"

#include <algorithm>
#include <fstream>
#include <set>
#include <stdexcept>

#include "match/results_file.h"

namespace othello {

namespace {

void keep_first_of_each_id(std::vector<GameRecord>& games) {
    std::stable_sort(games.begin(), games.end(),
                     [](const auto& a, const auto& b) { return a.id < b.id; });
    games.erase(std::unique(games.begin(), games.end(),
                            [](const auto& a, const auto& b) { return a.id == b.id; }),
                games.end());
}

MatchFile read_journal(const std::string& path) {
    MatchFile file{path, std::nullopt, {}};
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line)) {
        try {
            const nlohmann::json j = nlohmann::json::parse(line);
            if (j.is_object() && j.contains("config") && !j.contains("id")) {
                if (!file.config) file.config = j.at("config");
                continue;
            }
            file.games.push_back(record_from_json(j));
        } catch (const std::exception&) {
            // A line cut short when the runner was killed: that game is played again.
        }
    }
    keep_first_of_each_id(file.games);
    return file;
}

MatchFile read_results_file(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot read '" + path + "'");
    MatchFile file{path, std::nullopt, {}};
    try {
        const nlohmann::json j = nlohmann::json::parse(in);
        if (j.contains("config")) file.config = j.at("config");
        for (const auto& g : j.at("games")) file.games.push_back(record_from_json(g));
    } catch (const std::exception& e) {
        throw std::runtime_error("'" + path + "' is not a results file: " + e.what());
    }
    keep_first_of_each_id(file.games);
    return file;
}

}  // namespace

MatchFile read_match_file(const std::string& path) {
    if (path.ends_with(".jsonl")) return read_journal(path);
    if (path.ends_with(".csv")) {
        throw std::runtime_error("'" + path +
                                 "': CSV results cannot be read back; give the .jsonl journal");
    }
    return read_results_file(path);
}

}  // namespace othello
