// Match statistics: plain formulas, kept free of I/O so tests can check them by hand.
#include "match/stats/statistics.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>
#include <set>
#include <stdexcept>
#include <string>

namespace othello {

namespace {

constexpr double kZ95 = 1.959963984540054;

struct MeanVariance {
    double mean;
    double variance;  // per sample
    long n;
};

MeanVariance trinomial(const WinDrawLoss& r) {
    const long n = r.games();
    if (n == 0) return {0.5, 0, 0};
    const double s = r.score();
    const double w = double(r.wins) / n, d = double(r.draws) / n, l = double(r.losses) / n;
    return {s, w * (1 - s) * (1 - s) + d * (0.5 - s) * (0.5 - s) + l * s * s, n};
}

MeanVariance pentanomial(const Pentanomial& p) {
    const long n = p.pairs();
    if (n == 0) return {0.5, 0, 0};
    double s = 0;
    for (int i = 0; i < 5; ++i) s += p.counts[i] * (i / 4.0);
    s /= n;
    double var = 0;
    for (int i = 0; i < 5; ++i) var += p.counts[i] * (i / 4.0 - s) * (i / 4.0 - s);
    return {s, var / n, n};
}

EloEstimate estimate(const MeanVariance& m) {
    EloEstimate e;
    e.score = m.mean;
    e.standard_error = m.n ? std::sqrt(m.variance / m.n) : 0;
    e.elo = elo_from_score(m.mean);
    e.lower = elo_from_score(m.mean - kZ95 * e.standard_error);
    e.upper = elo_from_score(m.mean + kZ95 * e.standard_error);
    return e;
}

// The score of `elo` under the SPRT's model; `sigma`: the standard deviation normalized Elo is
// measured in (a game's score's, or sqrt(2) times a pair's mean score's).
double bound_score(double elo, const SprtParameters& sprt, double sigma) {
    if (sprt.model == SprtModel::Logistic) return score_from_elo(elo);
    return 0.5 + elo * sigma / (800.0 / std::log(10.0));
}

// `pairs`: each sample is a pair's mean score (its sigma is scaled by sqrt(2) for nElo).
double llr(const MeanVariance& m, const SprtParameters& sprt, bool pairs) {
    if (m.n == 0 || m.variance <= 0) return 0;  // no information yet
    const double sigma = std::sqrt((pairs ? 2 : 1) * m.variance);
    const double s0 = bound_score(sprt.elo0, sprt, sigma);
    const double s1 = bound_score(sprt.elo1, sprt, sigma);
    return m.n * (s1 - s0) * (2 * m.mean - s0 - s1) / (2 * m.variance);
}

}  // namespace

double WinDrawLoss::score() const {
    return games() ? (wins + 0.5 * draws) / games() : 0.5;
}

double elo_from_score(double s) {
    if (s <= 0) return -std::numeric_limits<double>::infinity();
    if (s >= 1) return std::numeric_limits<double>::infinity();
    return -400.0 * std::log10(1.0 / s - 1.0);
}

double score_from_elo(double elo) {
    return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0));
}

EloEstimate trinomial_elo(const WinDrawLoss& r) {
    return estimate(trinomial(r));
}
EloEstimate pentanomial_elo(const Pentanomial& p) {
    return estimate(pentanomial(p));
}

double likelihood_of_superiority(const WinDrawLoss& r) {
    const long decisive = r.wins + r.losses;
    if (decisive == 0) return 0.5;
    return 0.5 * (1.0 + std::erf((r.wins - r.losses) / std::sqrt(2.0 * decisive)));
}

std::string_view to_string(SprtModel m) {
    return m == SprtModel::Normalized ? "normalized" : "logistic";
}

SprtModel sprt_model_from_string(std::string_view s) {
    if (s == "logistic") return SprtModel::Logistic;
    if (s == "normalized") return SprtModel::Normalized;
    throw std::invalid_argument("SPRT model '" + std::string(s) +
                                "': expected logistic or normalized");
}

double SprtParameters::lower_bound() const {
    return std::log(beta / (1 - alpha));
}
double SprtParameters::upper_bound() const {
    return std::log((1 - beta) / alpha);
}

double sprt_llr(const WinDrawLoss& r, const SprtParameters& sprt) {
    return llr(trinomial(r), sprt, false);
}
double sprt_llr(const Pentanomial& p, const SprtParameters& sprt) {
    return llr(pentanomial(p), sprt, true);
}

SprtDecision sprt_decide(double value, const SprtParameters& sprt) {
    if (value >= sprt.upper_bound()) return SprtDecision::AcceptH1;
    if (value <= sprt.lower_bound()) return SprtDecision::AcceptH0;
    return SprtDecision::Continue;
}

namespace {

// parse_sprt's numeric keys (model= takes a name instead).
struct SprtKey {
    std::string_view name;
    double SprtParameters::*field;
};
constexpr SprtKey kSprtKeys[] = {{"elo0", &SprtParameters::elo0},
                                 {"elo1", &SprtParameters::elo1},
                                 {"alpha", &SprtParameters::alpha},
                                 {"beta", &SprtParameters::beta}};

double sprt_number(const std::string& text, const std::string& item, std::size_t eq) {
    try {
        if (eq == std::string::npos) throw std::invalid_argument("");
        std::size_t used = 0;
        const double value = std::stod(item.substr(eq + 1), &used);
        if (used != item.size() - eq - 1) throw std::invalid_argument("");
        return value;
    } catch (const std::exception&) {
        throw std::invalid_argument("--sprt '" + text + "': expected key=number at '" + item + "'");
    }
}

}  // namespace

SprtParameters parse_sprt(const std::string& text) {
    SprtParameters p;
    std::set<std::string> given;
    std::size_t start = 0;
    while (start < text.size()) {
        const auto comma = text.find(',', start);
        const std::string item =
            text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        const auto eq = item.find('=');
        const std::string key = item.substr(0, eq);
        if (key == "model" && eq != std::string::npos) {
            try {
                p.model = sprt_model_from_string(item.substr(eq + 1));
            } catch (const std::invalid_argument& e) {
                throw std::invalid_argument("--sprt '" + text + "': " + e.what());
            }
        } else {
            const double value = sprt_number(text, item, eq);
            if (!given.insert(key).second)
                throw std::invalid_argument("--sprt '" + text + "': '" + key + "' given twice");
            const auto* k = std::find_if(std::begin(kSprtKeys), std::end(kSprtKeys),
                                         [&](const SprtKey& k) { return k.name == key; });
            if (k == std::end(kSprtKeys))
                throw std::invalid_argument("--sprt: unknown key '" + key +
                                            "' (known: elo0, elo1, alpha, beta, model)");
            p.*(k->field) = value;
        }
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    if (!(p.alpha > 0 && p.alpha < 1 && p.beta > 0 && p.beta < 1 && p.elo1 != p.elo0 &&
          std::isfinite(p.elo0) && std::isfinite(p.elo1))) {
        throw std::invalid_argument("--sprt '" + text +
                                    "': need 0 < alpha, beta < 1 and finite elo0 != elo1");
    }
    return p;
}

}  // namespace othello
