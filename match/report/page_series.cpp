// PageSeries: a step per game while a match is played, the points picked from them when the page
// is written; for a file read back (the number of games known) only the points.
#include "match/report/page_series.h"

#include <algorithm>
#include <stdexcept>
#include <utility>

#include "match/report/page_numbers.h"

namespace othello {

double sprt_llr_of(const Standings& standings, const SprtParameters& sprt) {
    const Pentanomial p = standings.pentanomial(0, 1);
    return p.pairs() > 0 ? sprt_llr(p, sprt) : sprt_llr(standings.head_to_head(0, 1), sprt);
}

PageSeries::PageSeries(int engines, std::optional<SprtParameters> sprt, long final_games)
    : engines_(engines),
      sprt_(std::move(sprt)),
      final_games_(final_games),
      current_(static_cast<std::size_t>(engines), WinDrawLoss{}.score()) {}

long PageSeries::step_for(long games) const {
    return std::max(1L, (games + kPoints - 1) / kPoints);
}

void PageSeries::add(int black, int white, const Standings& standings) {
    const long games = ++games_;
    const double black_score = standings.tally(black).total.score();
    const double white_score = standings.tally(white).total.score();
    const bool sampled = games % step_for(final_games_) == 0 || games == final_games_;
    if (final_games_ == 0) {
        scores_.push_back({black, white, black_score, white_score});
    } else {
        current_[static_cast<std::size_t>(black)] = black_score;
        current_[static_cast<std::size_t>(white)] = white_score;
        if (sampled) points_.push_back({games, current_});
    }
    if (engines_ != 2) return;
    if (final_games_ > 0 && !sampled) return;
    const EloEstimate e = trinomial_elo(standings.head_to_head(0, 1));
    elo_.push_back({games, e.elo, e.lower, e.upper, sprt_ ? sprt_llr_of(standings, *sprt_) : 0});
}

nlohmann::json PageSeries::json() const {
    const long total = games_;
    const long step = step_for(total);
    if (final_games_ > 0 && total != final_games_)
        throw std::logic_error("report page: a chart of other than the games announced");
    nlohmann::json games = nlohmann::json::array();
    std::vector<nlohmann::json> score(static_cast<std::size_t>(engines_), nlohmann::json::array());
    nlohmann::json elo = nlohmann::json::array();
    nlohmann::json llr = nlohmann::json::array();
    std::vector<double> current(static_cast<std::size_t>(engines_), WinDrawLoss{}.score());
    auto point = elo_.begin();
    auto kept = points_.begin();
    for (long played = 1; played <= total; ++played) {
        if (final_games_ == 0) {
            const ScoreStep& s = scores_[static_cast<std::size_t>(played - 1)];
            current[static_cast<std::size_t>(s.black)] = s.black_score;
            current[static_cast<std::size_t>(s.white)] = s.white_score;
        }
        if (played % step != 0 && played != total) continue;
        if (final_games_ > 0) {
            if (kept == points_.end() || kept->games != played)
                throw std::logic_error("report page: a chart of other than the games announced");
            current = (kept++)->scores;
        }
        games.push_back(played);
        for (std::size_t e = 0; e < score.size(); ++e) score[e].push_back(rounded(current[e], 4));
        if (engines_ != 2) continue;
        while (point != elo_.end() && point->games < played) ++point;
        if (point == elo_.end() || point->games != played)
            throw std::logic_error("report page: a chart of other than the games announced");
        elo.push_back({finite_or_null(point->elo), finite_or_null(point->lower),
                       finite_or_null(point->upper)});
        if (sprt_) llr.push_back(rounded(point->llr, 3));
    }
    nlohmann::json series = {
        {"games", std::move(games)}, {"score", score}, {"elo", std::move(elo)}};
    if (sprt_ && engines_ == 2) series["llr"] = std::move(llr);
    return series;
}

}  // namespace othello
