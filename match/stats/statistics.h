// Match statistics: score, Elo difference with its 95% interval (trinomial per game and
// pentanomial per pair of games), likelihood of superiority, and the SPRT log-likelihood ratio.
// With W, D, L of N games: score s = (W + D/2)/N, Elo = -400 log10(1/s - 1), the interval from
// s ± 1.96 standard errors; SPRT bounds ln(beta/(1-alpha)) and ln((1-beta)/alpha).
#pragma once

#include <array>
#include <string>
#include <string_view>

namespace othello {

struct WinDrawLoss {
    long wins = 0;
    long draws = 0;
    long losses = 0;
    long games() const { return wins + draws + losses; }
    double score() const;  // (W + D/2) / N; 0.5 with no games
};

// Elo difference for an expected score s: -400 log10(1/s - 1); -inf at 0, +inf at 1.
double elo_from_score(double s);
// The inverse: 1 / (1 + 10^(-elo/400)).
double score_from_elo(double elo);

struct EloEstimate {
    double elo = 0;
    double lower = 0;  // 95% interval, Elo(s - 1.96 SE) .. Elo(s + 1.96 SE)
    double upper = 0;
    double score = 0.5;
    double standard_error = 0;  // of the score
};

// Per-game (trinomial) model.
EloEstimate trinomial_elo(const WinDrawLoss& r);

// Likelihood of superiority: 0.5 (1 + erf((W - L) / sqrt(2 (W + L)))); 0.5 without decisive games.
double likelihood_of_superiority(const WinDrawLoss& r);

// Pairs of games on one opening with colours swapped: counts of pair scores 0, 1/2, 1, 3/2, 2
// (points of the engine of interest over the two games).
struct Pentanomial {
    std::array<long, 5> counts{};
    long pairs() const { return counts[0] + counts[1] + counts[2] + counts[3] + counts[4]; }
};

EloEstimate pentanomial_elo(const Pentanomial& p);

// How the SPRT's Elo bounds are read. Logistic (the default, as before model= existed, and
// cutechess's): elo0/elo1 are logistic Elo, scores 1 / (1 + 10^(-elo/400)). Normalized
// (fastchess's default): they are normalized Elo, scores 0.5 + nElo * sigma / (800 / ln 10) with
// sigma the observed standard deviation of a game's score (trinomial) or sqrt(2) times that of a
// pair's mean score (pentanomial), so the bounds do not depend on the draw rate.
enum class SprtModel { Logistic, Normalized };
std::string_view to_string(SprtModel m);               // "logistic", "normalized"
SprtModel sprt_model_from_string(std::string_view s);  // throws std::invalid_argument

struct SprtParameters {
    double elo0 = 0;
    double elo1 = 5;
    double alpha = 0.05;
    double beta = 0.05;
    SprtModel model = SprtModel::Logistic;
    double lower_bound() const;  // ln(beta / (1 - alpha))
    double upper_bound() const;  // ln((1 - beta) / alpha)
};

// --sprt's text, "elo0=0,elo1=5,alpha=0.05,beta=0.05,model=normalized" (any subset; the rest
// default). Throws std::invalid_argument naming --sprt and the bad item.
SprtParameters parse_sprt(const std::string& text);

enum class SprtDecision { Continue, AcceptH0, AcceptH1 };

// Generalised SPRT with the normal approximation: LLR = N (s1 - s0)(2 s - s0 - s1) / (2 var),
// s0, s1 the scores of elo0, elo1 (under sprt.model), and s, var the observed mean and
// per-sample variance.
double sprt_llr(const WinDrawLoss& r, const SprtParameters& sprt);
double sprt_llr(const Pentanomial& p, const SprtParameters& sprt);  // samples are pairs
SprtDecision sprt_decide(double llr, const SprtParameters& sprt);

}  // namespace othello
