// MatchFile: nlohmann::json line by line for journals, whole for results files; every game
// replayed as it is read.
#include "match/results/match_file.h"

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <numeric>
#include <stdexcept>

#include "match/results/record_check.h"
#include "match/results/results_file.h"

namespace othello {

namespace {

void keep_first_of_each_id(MatchFile& file) {
    std::vector<std::size_t> order(file.games.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return file.games[a].id < file.games[b].id;
    });
    std::vector<GameRecord> games;
    std::vector<std::string> where;
    for (const std::size_t i : order) {
        if (!games.empty() && games.back().id == file.games[i].id) continue;
        games.push_back(std::move(file.games[i]));
        where.push_back(std::move(file.where[i]));
    }
    file.games = std::move(games);
    file.where = std::move(where);
}

// Adds the record in `j` to `file`, or says in file.refused why it is not a game that checks out.
void add_game(MatchFile& file, const nlohmann::json& j, const std::string& where,
              std::optional<int> adjudication) {
    GameRecord r;
    try {
        r = record_from_json(j);
    } catch (const std::exception& e) {
        file.refused.push_back(where + ": not a game record: " + e.what());
        return;
    }
    const std::string problem = replay_problem(r, adjudication);
    if (!problem.empty()) {
        file.refused.push_back(where + ": game " + std::to_string(r.id) + " (" + r.black + " - " +
                               r.white + "): " + problem);
        return;
    }
    file.games.push_back(std::move(r));
    file.where.push_back(where);
}

MatchFile read_journal(const std::string& path) {
    MatchFile file{path, std::nullopt, {}, {}, {}, {}};
    std::ifstream in(path);
    std::string line;
    // A line that is not JSON is a torn write only when it is the last one: held until the
    // next line shows it was not.
    std::optional<std::string> unparsed;
    for (long number = 1; std::getline(in, line); ++number) {
        if (line.empty()) continue;
        const std::string where = "'" + path + "' line " + std::to_string(number);
        if (unparsed) file.refused.push_back(*unparsed);
        unparsed.reset();
        nlohmann::json j;
        try {
            j = nlohmann::json::parse(line);
        } catch (const std::exception& e) {
            unparsed = where + ": not JSON: " + e.what();
            continue;
        }
        if (j.is_object() && j.contains("config") && !j.contains("id")) {
            if (!file.config) file.config = j.at("config");
            continue;
        }
        add_game(file, j, where, adjudication_in(file.config));
    }
    if (unparsed) {
        file.notes.push_back(unparsed->substr(0, unparsed->find(": not JSON")) +
                             " is cut short (the runner was killed while writing it): dropped, "
                             "that game is played again");
    }
    keep_first_of_each_id(file);
    return file;
}

MatchFile read_results_file(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot read '" + path + "'");
    MatchFile file{path, std::nullopt, {}, {}, {}, {}};
    try {
        const nlohmann::json j = nlohmann::json::parse(in);
        if (j.contains("config")) file.config = j.at("config");
        const nlohmann::json& games = j.at("games");
        if (!games.is_array()) throw std::runtime_error("\"games\" is not an array");
        for (std::size_t i = 0; i < games.size(); ++i) {
            add_game(file, games[i], "'" + path + "' games[" + std::to_string(i) + "]",
                     adjudication_in(file.config));
        }
    } catch (const std::exception& e) {
        throw std::runtime_error("'" + path + "' is not a results file: " + e.what());
    }
    keep_first_of_each_id(file);
    return file;
}

}  // namespace

std::optional<int> adjudication_in(const std::optional<nlohmann::json>& config) {
    if (!config || !config->is_object()) return std::nullopt;
    const auto it = config->find("adjudication");
    if (it == config->end() || !it->is_number_integer() || it->get<std::int64_t>() < 0 ||
        it->get<std::int64_t>() > 64)
        return std::nullopt;
    return static_cast<int>(it->get<std::int64_t>());
}

std::string refused_records_message(const std::vector<std::string>& refused) {
    constexpr std::size_t kShown = 5;
    std::string message = std::to_string(refused.size()) +
                          (refused.size() == 1 ? " record does" : " records do") +
                          " not check out:";
    for (std::size_t i = 0; i < refused.size() && i < kShown; ++i) message += "\n  " + refused[i];
    if (refused.size() > kShown)
        message += "\n  ... and " + std::to_string(refused.size() - kShown) + " more";
    return message;
}

MatchFile read_match_file(const std::string& path) {
    if (path.ends_with(".jsonl")) return read_journal(path);
    if (path.ends_with(".csv")) {
        throw std::runtime_error("'" + path +
                                 "': CSV results cannot be read back; give the .jsonl journal");
    }
    return read_results_file(path);
}

}  // namespace othello
