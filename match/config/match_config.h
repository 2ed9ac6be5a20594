// MatchConfig: the configuration that decides which games a match plays and how — engines and
// their specs, openings and their order, seed, games, tournament, time control, adjudication,
// SPRT and shard — as the JSON object that opens the journal and sits in the results file, so
// --resume and merge can refuse games that belong to another match.
#pragma once

#include <map>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <vector>

#include "match/config/match_options.h"
#include "match/run/openings.h"
#include "match/run/schedule.h"
#include "match/run/shard.h"
#include "match/stats/statistics.h"

namespace othello {

// The one place a match's configuration is built. Options that change which games are played or
// how they end add their field here (and nowhere else).
nlohmann::json match_config(const MatchOptions& o, const std::vector<Opening>& openings);

// A stable 64-bit FNV-1a of the opening list, 16 hex digits: the configuration records the
// list's fingerprint, not a copy of a file that may hold millions of lines.
std::string openings_hash(const std::vector<Opening>& openings);

// The first difference between a recorded configuration and the current one, as
// "games differs: journal 200, now 400" (`recorded_as` and `now_as` name the two); "" when they
// are equal. With `ignore_shard` the "shard" fields are not compared (merging shards).
std::string config_difference(const nlohmann::json& recorded, const nlohmann::json& now,
                              const std::string& recorded_as, const std::string& now_as = "now",
                              bool ignore_shard = false);

// Why a recorded configuration cannot be read back ("" when it can): a field the readers below
// take (engines, games, seed, tournament, openings, sprt, shard, the schedule's shape) missing or
// of another type, as "\"games\" is \"2\", not a whole number from 1". Files read back check it
// first, so that no reader meets a field of the wrong type.
std::string config_shape_problem(const nlohmann::json& config);

// What merge reads back from a recorded configuration. Throw std::runtime_error for a config
// missing a field.
std::vector<std::string> engine_names_in(const nlohmann::json& config);
// An engine's spec text as a configuration records it: its token hidden, escaped as UTF-8.
std::string recorded_spec_text(const std::string& text);
// The names a recorded configuration gives the engines of `texts` (their spec texts as
// recorded_spec_text makes them), by position: names[i] is the recorded engines[i]'s name when
// that entry's spec is texts[i], otherwise "" (another engine there, or an entry of the wrong
// shape). What --resume names engines given no name= by: two engines of one spec keep each its
// own name.
std::vector<std::string> recorded_engine_names(const nlohmann::json& config,
                                               const std::vector<std::string>& texts);
std::optional<SprtParameters> sprt_in(const nlohmann::json& config);
Shard shard_in(const nlohmann::json& config);  // 0/1 when not sharded
// The match's openings built again from the recorded source, seed and order; nullopt when they
// cannot be (a file that is not here). Throws std::runtime_error when they are built but their
// fingerprint is not the recorded one (an edited hash, or a file changed since the match).
std::optional<std::vector<Opening>> openings_in(const nlohmann::json& config);
// The whole (unsharded) match's schedule.
std::vector<ScheduledGame> schedule_in(const nlohmann::json& config);

}  // namespace othello
