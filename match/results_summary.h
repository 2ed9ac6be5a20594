// ResultsSummary: the "summary" object of a results file — games, per-engine W/L/D and score,
// reasons — the same for one run and for merged shards.
#pragma once

#include <nlohmann/json.hpp>

#include "match/standings.h"

namespace othello {

nlohmann::json results_summary(const Standings& standings);

}  // namespace othello
