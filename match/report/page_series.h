// PageSeries: the report page's charts over the games (each engine's score, and for two engines
// the Elo difference with its interval and the SPRT's log-likelihood ratio), sampled from the
// Standings as each game is counted, so that no page has to count the games again.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <vector>

#include "match/record/game_record.h"
#include "match/stats/standings.h"

namespace othello {

class PageSeries {
  public:
    // `final_games`: how many games will be added, when known before the first (a file read
    // back): only the points a chart of that many shows are kept. 0 while a match is played: a
    // chart of any number of games may be asked for, and each game's point is kept.
    PageSeries(int engines, std::optional<SprtParameters> sprt, long final_games = 0);

    // After `standings` counted the game between engines `black` and `white` (indexes).
    void add(int black, int white, const Standings& standings);

    // {"games", "score", "elo", and with an SPRT of two engines "llr"}: at most kPoints points
    // evenly over the games added, the last always among them.
    nlohmann::json json() const;

    static constexpr long kPoints = 400;  // per chart: a 10,000-game match stays a small page

  private:
    // A game changes the scores of its two engines only: a point of a many-engine tournament's
    // chart is put together from the steps before it.
    struct ScoreStep {
        int black;
        int white;
        double black_score;
        double white_score;
    };
    // A two-engine match's figures after game `games` (unrounded).
    struct EloPoint {
        long games;
        double elo;
        double lower;
        double upper;
        double llr;  // with an SPRT
    };
    // Every engine's score after game `games`: a point kept as it is counted, when the number of
    // games is known (a million games' steps would cost 24 MB).
    struct ScorePoint {
        long games;
        std::vector<double> scores;
    };
    long step_for(long games) const;  // the chart's points are the multiples of it

    int engines_;
    std::optional<SprtParameters> sprt_;
    long final_games_;
    long games_ = 0;
    std::vector<ScoreStep> scores_;   // while a match is played (no final_games)
    std::vector<double> current_;     // with final_games: each engine's score so far
    std::vector<ScorePoint> points_;  // with final_games
    std::vector<EloPoint> elo_;
};

// The SPRT's log-likelihood ratio between engines 0 and 1: per pair where pairs are complete,
// else per game.
double sprt_llr_of(const Standings& standings, const SprtParameters& sprt);

}  // namespace othello
