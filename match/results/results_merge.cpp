// ResultsMerge: configuration check, then a union of games keyed on id.
#include "match/results/results_merge.h"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <stdexcept>

#include "match/config/match_config.h"
#include "match/results/record_check.h"
#include "match/results/results_file.h"
#include "match/run/schedule.h"
#include "match/run/shard.h"

namespace othello {

namespace {

nlohmann::json without_shard(nlohmann::json config) {
    config.erase("shard");
    return config;
}

// Merged results are final: an input with a record that does not check out is refused whole
// (nothing is written), naming each such record; a --resume of that shard plays it again.
void refuse_records_that_do_not_check_out(const std::vector<const MatchFile*>& inputs) {
    std::vector<std::string> refused;
    for (const MatchFile* in : inputs)
        refused.insert(refused.end(), in->refused.begin(), in->refused.end());
    if (refused.empty()) return;
    throw std::runtime_error(refused_records_message(refused) +
                             "\n(a --resume of the shard plays such a game again)");
}

}  // namespace

MergedMatch merge_match_files(const std::vector<MatchFile>& inputs) {
    std::vector<const MatchFile*> pointers;
    for (const MatchFile& in : inputs) pointers.push_back(&in);
    return merge_match_files(pointers);
}

namespace {

// Every input records a configuration, and it is the first one's but for the shard.
void check_one_match(const std::vector<const MatchFile*>& inputs) {
    if (inputs.empty()) throw std::runtime_error("no files to merge");
    for (const MatchFile* in : inputs) {
        if (!in->config) {
            throw std::runtime_error("'" + in->path +
                                     "' records no match configuration (an older othello-match "
                                     "wrote it), so it cannot be checked against the others");
        }
    }
    for (std::size_t i = 1; i < inputs.size(); ++i) {
        const std::string difference =
            config_difference(*inputs.front()->config, *inputs[i]->config,
                              "'" + inputs.front()->path + "'", "'" + inputs[i]->path + "'", true);
        if (difference.empty()) continue;
        // Only the run differs: the same command run twice. Its records are not one match's
        // (a signature binds a record to its run), so nothing of the two is mixed.
        nlohmann::json first = *inputs.front()->config, other = *inputs[i]->config;
        first.erase("run");
        other.erase("run");
        if (config_difference(first, other, "", "", true).empty()) {
            const auto run = [](const nlohmann::json& c) {
                return c.contains("run") ? "run " + c["run"].dump() : std::string("no run id");
            };
            throw std::runtime_error("'" + inputs.front()->path + "' and '" + inputs[i]->path +
                                     "' are two runs of one configuration (" +
                                     run(*inputs.front()->config) + ", " + run(*inputs[i]->config) +
                                     "): merge the shards of one run (give the shards of a run "
                                     "one --run-id)");
        }
        throw std::runtime_error("'" + inputs[i]->path +
                                 "' is not a shard of the same match: " + difference);
    }
}

// The match's openings built again from its configuration; nullopt (with a note) when they
// cannot be built here.
std::optional<std::vector<Opening>> openings_of(MergedMatch& merged, const MatchFile& first) {
    std::optional<std::vector<Opening>> openings;
    try {
        openings = openings_in(merged.config);
    } catch (const std::exception& e) {
        throw std::runtime_error("'" + first.path + "': " + e.what());
    }
    if (!openings) {
        merged.notes.push_back("the match's openings cannot be built here (" +
                               merged.config.value("openings", nlohmann::json()).dump() +
                               "): each game's opening is checked against the other games of "
                               "that opening only");
    }
    return openings;
}

// What every record of a merge is checked against: its match's schedule and openings, and the
// openings the records before it opened with.
struct ScheduleCheck {
    std::vector<std::string> names;
    std::vector<ScheduledGame> schedule;
    std::optional<std::vector<Opening>> openings;
    // Schedule opening index -> (transcript, where first seen): a wrong opening is caught even
    // when the list could not be built again.
    std::map<int, std::pair<std::string, std::string>> opening_seen;

    void check(const GameRecord& r, const std::string& where, const Shard& shard) {
        if (r.id < 0 || r.id >= static_cast<int>(schedule.size()) ||
            r.black != names[schedule[r.id].black] || r.white != names[schedule[r.id].white] ||
            !in_shard(schedule[r.id], shard)) {
            throw std::runtime_error(where + ": game " + std::to_string(r.id) + " (" + r.black +
                                     " - " + r.white + ") does not belong to its match's schedule");
        }
        const ScheduledGame& g = schedule[r.id];
        const std::string problem =
            schedule_problem(r, g, openings ? &(*openings)[g.opening] : nullptr);
        if (!problem.empty())
            throw std::runtime_error(where + ": game " + std::to_string(r.id) + ": " + problem);
        const std::string opened =
            r.start_board.empty() ? r.opening : r.start_board + " " + r.opening;
        const auto [seen, first] = opening_seen.try_emplace(g.opening, opened, where);
        if (!first && seen->second.first != opened) {
            throw std::runtime_error(where + ": game " + std::to_string(r.id) + " opens with '" +
                                     opened + "', but " + seen->second.second +
                                     " has another game of that opening open with '" +
                                     seen->second.first + "'");
        }
    }
};

// The scheduled games no input holds, and by shard when every input is of one shard count.
void note_missing(MergedMatch& merged, const std::vector<const MatchFile*>& inputs,
                  const std::vector<ScheduledGame>& schedule,
                  const std::function<bool(int)>& held) {
    std::optional<int> common_count;
    bool same_count = true;
    for (const MatchFile* in : inputs) {
        const int n = shard_in(*in->config).count;
        if (common_count && *common_count != n) same_count = false;
        common_count = n;
    }
    std::map<int, int> missing_by_shard;
    for (const auto& g : schedule) {
        if (held(g.id)) continue;
        merged.missing.push_back(g.id);
        if (same_count) ++missing_by_shard[g.pair % *common_count];
    }
    for (const auto& [k, n] : missing_by_shard) {
        merged.incomplete_shards.push_back(to_string(Shard{k, *common_count}) + ": " +
                                           std::to_string(n) + " games");
    }
}

}  // namespace

MergedMatch merge_match_files(const std::vector<const MatchFile*>& inputs) {
    check_one_match(inputs);
    MergedMatch merged;
    merged.config = without_shard(*inputs.front()->config);
    refuse_records_that_do_not_check_out(inputs);
    for (const MatchFile* in : inputs)
        merged.notes.insert(merged.notes.end(), in->notes.begin(), in->notes.end());
    ScheduleCheck check{engine_names_in(merged.config),
                        schedule_in(merged.config),
                        openings_of(merged, *inputs.front()),
                        {}};

    // id -> (record, where it stands): the inputs' own, copied once into the merged games.
    std::map<int, std::pair<const GameRecord*, const std::string*>> by_id;
    for (const MatchFile* in : inputs) {
        const Shard shard = shard_in(*in->config);
        for (std::size_t i = 0; i < in->games.size(); ++i) {
            const GameRecord& r = in->games[i];
            const std::string& where = in->where[i];
            check.check(r, where, shard);
            const auto [it, inserted] = by_id.try_emplace(r.id, &r, &where);
            if (!inserted) {
                if (!same_game(*it->second.first, r)) {
                    throw std::runtime_error("game " + std::to_string(r.id) + ": " +
                                             *it->second.second + " and " + where +
                                             " hold different games; give only the right one");
                }
                merged.duplicates.push_back(r.id);
            }
        }
    }
    merged.games.reserve(by_id.size());
    for (const auto& [id, entry] : by_id) merged.games.push_back(*entry.first);
    std::sort(merged.duplicates.begin(), merged.duplicates.end());
    merged.duplicates.erase(std::unique(merged.duplicates.begin(), merged.duplicates.end()),
                            merged.duplicates.end());
    note_missing(merged, inputs, check.schedule, [&](int id) { return by_id.count(id) > 0; });
    return merged;
}

void check_against_schedules(const std::vector<const MatchFile*>& files) {
    std::map<std::string, std::vector<const MatchFile*>> by_match;
    for (const MatchFile* file : files) {
        if (file->config) by_match[without_shard(*file->config).dump()].push_back(file);
    }
    for (const auto& [match, group] : by_match) merge_match_files(group);
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
