// Ratings: one joint Elo list for three or more engines — the maximum-likelihood ratings of the
// Bradley–Terry (logistic) model over every game played, as Ordo and BayesElo compute them.
#pragma once

#include <string>
#include <vector>

#include "match/stats/standings.h"

namespace othello {

struct Rating {
    std::string engine;
    double elo = 0;    // mean 0 over the rated engines
    double error = 0;  // half-width of the 95% interval (1.96 standard errors)
    long games = 0;
    double score = 0.5;  // the engine's points per game, draws as half points
};

struct RatingList {
    std::vector<Rating> ratings;  // best first; engines that played no game are left out
    // The maximum-likelihood ratings are infinite when an engine (or a group of engines) won, or
    // lost, every game against the rest; then each pair of engines that met is given one virtual
    // draw (BayesElo's prior), which keeps every rating finite.
    bool virtual_draws = false;
};

// Model: P(a beats b) = 1 / (1 + 10^((R_b - R_a) / 400)); a draw counts as half a win for each.
// The ratings maximise the likelihood of the head-to-head scores (Newton's method, each step
// solved by conjugate gradients over the pairs that met); their errors come from the inverse of
// the Fisher information (the likelihood's curvature at the maximum), with the mean held at 0,
// by one exact sparse elimination. Engines that played no other engine are left out.
RatingList joint_ratings(const Standings& standings);

}  // namespace othello
