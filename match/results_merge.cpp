// ResultsMerge: configuration check, then a union of games keyed on id.
#include "match/results_merge.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>

#include "match/match_config.h"
#include "match/results_file.h"
#include "match/schedule.h"
#include "match/shard.h"

namespace othello {

namespace {

nlohmann::json without_shard(nlohmann::json config) {
    config.erase("shard");
    return config;
}

}  // namespace

MergedMatch merge_match_files(const std::vector<MatchFile>& inputs) {
    if (inputs.empty()) throw std::runtime_error("no files to merge");
    for (const auto& in : inputs) {
        if (!in.config) {
            throw std::runtime_error("'" + in.path +
                                     "' records no match configuration (an older othello-match "
                                     "wrote it), so it cannot be checked against the others");
        }
    }
    MergedMatch merged;
    merged.config = without_shard(*inputs.front().config);
    for (std::size_t i = 1; i < inputs.size(); ++i) {
        const std::string difference =
            config_difference(*inputs.front().config, *inputs[i].config,
                              "'" + inputs.front().path + "'", "'" + inputs[i].path + "'", true);
        if (!difference.empty()) {
            throw std::runtime_error("'" + inputs[i].path +
                                     "' is not a shard of the same match: " + difference);
        }
    }
    const std::vector<std::string> names = engine_names_in(merged.config);
    const std::vector<ScheduledGame> schedule = schedule_in(merged.config);

    std::map<int, std::pair<GameRecord, std::string>> by_id;  // id -> (record, file)
    for (const auto& in : inputs) {
        const Shard shard = shard_in(*in.config);
        for (const auto& r : in.games) {
            if (r.id < 0 || r.id >= static_cast<int>(schedule.size()) ||
                r.black != names[schedule[r.id].black] || r.white != names[schedule[r.id].white] ||
                !in_shard(schedule[r.id], shard)) {
                throw std::runtime_error("'" + in.path + "' game " + std::to_string(r.id) + " (" +
                                         r.black + " - " + r.white +
                                         ") does not belong to its match's schedule");
            }
            const auto [it, inserted] = by_id.try_emplace(r.id, r, in.path);
            if (!inserted) {
                if (to_json(it->second.first) == to_json(r)) {
                    merged.duplicates.push_back(r.id);
                } else {
                    merged.conflicts.push_back("game " + std::to_string(r.id) + ": '" +
                                               it->second.second + "' and '" + in.path +
                                               "' hold different games; kept the first");
                }
            }
        }
    }
    for (auto& [id, entry] : by_id) merged.games.push_back(std::move(entry.first));
    std::sort(merged.duplicates.begin(), merged.duplicates.end());
    merged.duplicates.erase(std::unique(merged.duplicates.begin(), merged.duplicates.end()),
                            merged.duplicates.end());

    std::optional<int> common_count;
    bool same_count = true;
    for (const auto& in : inputs) {
        const int n = shard_in(*in.config).count;
        if (common_count && *common_count != n) same_count = false;
        common_count = n;
    }
    std::map<int, int> missing_by_shard;
    for (const auto& g : schedule) {
        if (by_id.count(g.id)) continue;
        merged.missing.push_back(g.id);
        if (same_count) ++missing_by_shard[g.pair % *common_count];
    }
    for (const auto& [k, n] : missing_by_shard) {
        merged.incomplete_shards.push_back(to_string(Shard{k, *common_count}) + ": " +
                                           std::to_string(n) + " games");
    }
    return merged;
}

std::string id_ranges(const std::vector<int>& ids, std::size_t most) {
    std::string out;
    std::size_t ranges = 0;
    for (std::size_t i = 0; i < ids.size(); ++ranges) {
        if (ranges == most) {
            out += ", ... and " + std::to_string(ids.size() - i) + " more";
            break;
        }
        std::size_t j = i;
        while (j + 1 < ids.size() && ids[j + 1] == ids[j] + 1) ++j;
        if (!out.empty()) out += ", ";
        out += std::to_string(ids[i]);
        if (j > i) {
            out += '-';
            out += std::to_string(ids[j]);
        }
        i = j + 1;
    }
    return out;
}

}  // namespace othello
