// ResultsSummary: the "summary" object of a results file — games, per-engine W/L/D and score,
// reasons, repeated games — and its "ratings" list, the same for one run and for merged shards.
#pragma once

#include <nlohmann/json_fwd.hpp>

#include "match/stats/standings.h"

namespace othello {

nlohmann::json results_summary(const Standings& standings);

// "ratings": [{"engine", "elo", "error"}, ...] best first (match/stats/ratings.h), for three
// engines or more; null for two.
nlohmann::json results_ratings(const Standings& standings);

}  // namespace othello
