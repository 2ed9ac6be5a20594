// ResultsMerge: configuration check, then a union of games keyed on id, a record at a time.
#include "match/results/results_merge.h"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <stdexcept>
#include <thread>

#include "engine/parallel_for.h"
#include "match/config/match_config.h"
#include "match/results/record_check.h"
#include "match/results/record_signature.h"
#include "match/results/results_file.h"
#include "match/run/schedule.h"
#include "match/run/shard.h"

namespace othello {

// The parts of a merge, named only here (ShardMerge holds a Merger).
namespace shard_merge {

nlohmann::json without_shard(nlohmann::json config) {
    config.erase("shard");
    return config;
}

// One input of a merge: where it is and the configuration it records.
struct MergeInput {
    std::string path;
    std::optional<nlohmann::json> config;
};

// Every input records a configuration, and it is the first one's but for the shard.
void check_one_match(const std::vector<MergeInput>& inputs) {
    if (inputs.empty()) throw std::runtime_error("no files to merge");
    for (const MergeInput& in : inputs) {
        if (!in.config) {
            throw std::runtime_error("'" + in.path +
                                     "' records no match configuration (an older othello-match "
                                     "wrote it), so it cannot be checked against the others");
        }
    }
    const MergeInput& first = inputs.front();
    for (std::size_t i = 1; i < inputs.size(); ++i) {
        const std::string difference =
            config_difference(*first.config, *inputs[i].config, "'" + first.path + "'",
                              "'" + inputs[i].path + "'", true);
        if (difference.empty()) continue;
        // Only the run differs: the same command run twice. Its records are not one match's
        // (a signature binds a record to its run), so nothing of the two is mixed.
        nlohmann::json first_config = *first.config, other = *inputs[i].config;
        first_config.erase("run");
        other.erase("run");
        if (config_difference(first_config, other, "", "", true).empty()) {
            const auto run = [](const nlohmann::json& c) {
                return c.contains("run") ? "run " + c["run"].dump() : std::string("no run id");
            };
            throw std::runtime_error("'" + first.path + "' and '" + inputs[i].path +
                                     "' are two runs of one configuration (" + run(*first.config) +
                                     ", " + run(*inputs[i].config) +
                                     "): merge the shards of one run (give the shards of a run "
                                     "one --run-id)");
        }
        throw std::runtime_error("'" + inputs[i].path +
                                 "' is not a shard of the same match: " + difference);
    }
}

// The match's openings built again from its configuration; nullopt (with a note) when they
// cannot be built here.
std::optional<std::vector<Opening>> openings_of(MergedMatch& merged, const std::string& first) {
    std::optional<std::vector<Opening>> openings;
    try {
        openings = openings_in(merged.config);
    } catch (const std::exception& e) {
        throw std::runtime_error("'" + first + "': " + e.what());
    }
    if (!openings) {
        merged.notes.push_back("the match's openings cannot be built here (" +
                               merged.config.value("openings", nlohmann::json()).dump() +
                               "): each game's opening is checked against the other games of "
                               "that opening only");
    }
    return openings;
}

// What every record of a merge is checked against: its match's schedule and openings, or, when
// the openings cannot be built here, the openings the records before it opened with.
struct ScheduleCheck {
    std::vector<std::string> names;
    std::vector<ScheduledGame> schedule;
    std::optional<std::vector<Opening>> openings;
    // Schedule opening index -> (transcript, where first seen), kept only without `openings`.
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
        if (openings) return;
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

// The merge of one match's inputs, a record at a time. Of each id it keeps only a digest of the
// first record and where that stands, which is what telling a second record of it apart takes.
class Merger {
  public:
    using PlaceName = std::function<std::string(std::size_t input, long place)>;

    Merger(const std::vector<MergeInput>& inputs, PlaceName place_name)
        : place_name_(std::move(place_name)) {
        check_one_match(inputs);
        merged_.config = without_shard(*inputs.front().config);
        check_.names = engine_names_in(merged_.config);
        check_.schedule = schedule_in(merged_.config);
        check_.openings = openings_of(merged_, inputs.front().path);
        for (const MergeInput& in : inputs) shards_.push_back(shard_in(*in.config));
        merged_.held.assign(check_.schedule.size(), false);
        firsts_.resize(check_.schedule.size());
    }

    // Whether `r`, of input `input` at `place`, is a game the merge did not hold yet. Throws
    // when it is not its match's, or not the game already held under its id.
    // `digest` is game_digest(r).
    bool add(const GameRecord& r, const GameDigest& digest, std::size_t input, long place) {
        const std::string where = place_name_(input, place);
        check_.check(r, where, shards_[input]);
        const auto id = static_cast<std::size_t>(r.id);
        if (merged_.held[id]) {
            const First& first = firsts_[id];
            if (first.digest != digest) {
                throw std::runtime_error("game " + std::to_string(r.id) + ": " +
                                         place_name_(first.input, first.place) + " and " + where +
                                         " hold different games; give only the right one");
            }
            merged_.duplicates.push_back(r.id);
            return false;
        }
        merged_.held[id] = true;
        firsts_[id] = {digest, static_cast<std::uint32_t>(input), place};
        ++merged_.games;
        return true;
    }

    const nlohmann::json& config() const { return merged_.config; }

    // Once every record is added: the duplicates in order, and what is missing.
    MergedMatch finish() {
        std::vector<int>& duplicates = merged_.duplicates;
        merged_.duplicate_records = static_cast<long>(duplicates.size());
        std::sort(duplicates.begin(), duplicates.end());
        duplicates.erase(std::unique(duplicates.begin(), duplicates.end()), duplicates.end());
        note_missing();
        return std::move(merged_);
    }

  private:
    struct First {
        GameDigest digest{};
        std::uint32_t input = 0;
        long place = 0;
    };

    // The scheduled games no input holds, and by shard when every input is of one shard count.
    void note_missing() {
        std::optional<int> common_count;
        bool same_count = true;
        for (const Shard& shard : shards_) {
            if (common_count && *common_count != shard.count) same_count = false;
            common_count = shard.count;
        }
        std::map<int, int> missing_by_shard;
        for (const auto& g : check_.schedule) {
            if (merged_.held[static_cast<std::size_t>(g.id)]) continue;
            merged_.missing.push_back(g.id);
            if (same_count) ++missing_by_shard[g.pair % *common_count];
        }
        for (const auto& [k, n] : missing_by_shard) {
            merged_.incomplete_shards.push_back(to_string(Shard{k, *common_count}) + ": " +
                                                std::to_string(n) + " games");
        }
    }

    PlaceName place_name_;
    MergedMatch merged_;
    ScheduleCheck check_;
    std::vector<Shard> shards_;
    std::vector<First> firsts_;  // by id
};

// Merged results are final: an input with a record that does not check out is refused whole
// (nothing is written), naming each such record; a --resume of that shard plays it again.
void refuse_records_that_do_not_check_out(const std::vector<std::string>& refused) {
    if (refused.empty()) return;
    throw std::runtime_error(refused_records_message(refused) +
                             "\n(a --resume of the shard plays such a game again)");
}

}  // namespace shard_merge

using namespace shard_merge;

ShardMerge::ShardMerge(std::vector<std::string> paths) : paths_(std::move(paths)) {
    std::vector<MergeInput> inputs;
    for (const std::string& path : paths_) inputs.push_back({path, recorded_config(path)});
    merger_ = std::make_unique<Merger>(inputs, [this](std::size_t input, long place) {
        return record_place(paths_[input], place);
    });
}

ShardMerge::~ShardMerge() = default;

const nlohmann::json& ShardMerge::config() const {
    return merger_->config();
}

MergedMatch ShardMerge::read(const std::function<void(const GameRecord&)>& game,
                             const SigningKey* key, std::uint64_t proof_budget) {
    std::vector<std::string> refused, notes;
    // The records come a batch at a time; their digests are taken on every core.
    const int threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    std::vector<std::pair<GameRecord, long>> batch;
    std::vector<GameDigest> digests;
    std::size_t input = 0;
    const auto drain = [&] {
        digests.resize(batch.size());
        parallel_for(batch.size(), threads,
                     [&](std::size_t i) { digests[i] = game_digest(batch[i].first); });
        for (std::size_t i = 0; i < batch.size(); ++i) {
            if (merger_->add(batch[i].first, digests[i], input, batch[i].second))
                game(batch[i].first);
        }
        batch.clear();
    };
    for (input = 0; input < paths_.size(); ++input) {
        MatchFile file = stream_match_file(
            paths_[input],
            [&](GameRecord&& r, long place) {
                batch.emplace_back(std::move(r), place);
                if (batch.size() >= 4096) drain();
            },
            key, proof_budget);
        drain();
        refused.insert(refused.end(), file.refused.begin(), file.refused.end());
        notes.insert(notes.end(), file.notes.begin(), file.notes.end());
    }
    refuse_records_that_do_not_check_out(refused);
    MergedMatch merged = merger_->finish();
    merged.notes.insert(merged.notes.begin(), notes.begin(), notes.end());
    return merged;
}

void check_against_schedules(const std::vector<const MatchFile*>& files) {
    std::map<std::string, std::vector<const MatchFile*>> by_match;
    for (const MatchFile* file : files) {
        if (file->config) by_match[without_shard(*file->config).dump()].push_back(file);
    }
    for (const auto& [match, group] : by_match) {
        std::vector<MergeInput> inputs;
        std::vector<std::string> refused;
        for (const MatchFile* file : group) {
            inputs.push_back({file->path, file->config});
            refused.insert(refused.end(), file->refused.begin(), file->refused.end());
        }
        shard_merge::Merger merger(inputs, [&](std::size_t input, long place) {
            return group[input]->where[static_cast<std::size_t>(place)];
        });
        refuse_records_that_do_not_check_out(refused);
        for (std::size_t i = 0; i < group.size(); ++i) {
            for (std::size_t g = 0; g < group[i]->games.size(); ++g)
                merger.add(group[i]->games[g], game_digest(group[i]->games[g]), i,
                           static_cast<long>(g));
        }
    }
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
