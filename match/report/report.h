// Report: the result table printed at the end of a match (and as periodic updates) — per engine
// W/L/D with percentages, by colour, average disc difference, score, Elo ± 95% interval, LOS,
// pentanomial pair counts, SPRT state — and a crosstable and joint rating list for tournaments.
#pragma once

#include <optional>
#include <ostream>

#include "match/stats/standings.h"
#include "match/stats/statistics.h"

namespace othello {

void print_report(std::ostream& out, const Standings& standings,
                  const std::optional<SprtParameters>& sprt);

// "+147.2", "+inf", "-inf": Elo figures as the table prints them.
std::string format_elo(double elo);

}  // namespace othello
