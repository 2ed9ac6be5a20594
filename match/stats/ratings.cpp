// Joint ratings: Newton's method on the Bradley–Terry log-likelihood. The matrices are small (one
// row per engine) and symmetric positive definite: a Cholesky factorisation inverts them (Boost's
// uBLAS does not build as C++20 with Boost 1.74).
#include "match/stats/ratings.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace othello {

namespace {

using Vector = std::vector<double>;

// A dense square matrix, row by row.
class Matrix {
  public:
    Matrix(std::size_t n, double fill) : n_(n), cells_(n * n, fill) {}
    std::size_t size() const { return n_; }
    double& operator()(std::size_t r, std::size_t c) { return cells_[r * n_ + c]; }
    double operator()(std::size_t r, std::size_t c) const { return cells_[r * n_ + c]; }

  private:
    std::size_t n_;
    std::vector<double> cells_;
};

// The inverse of a symmetric positive definite matrix, through its Cholesky factor L (m = L L^T).
Matrix inverse_of(const Matrix& m) {
    const std::size_t n = m.size();
    Matrix l(n, 0.0);
    for (std::size_t j = 0; j < n; ++j) {
        double d = m(j, j);
        for (std::size_t k = 0; k < j; ++k) d -= l(j, k) * l(j, k);
        if (!(d > 0))
            throw std::runtime_error("ratings: information matrix is not positive definite");
        l(j, j) = std::sqrt(d);
        for (std::size_t i = j + 1; i < n; ++i) {
            double s = m(i, j);
            for (std::size_t k = 0; k < j; ++k) s -= l(i, k) * l(j, k);
            l(i, j) = s / l(j, j);
        }
    }
    // Column by column: solve L y = e_c, then L^T x = y.
    Matrix inverse(n, 0.0);
    std::vector<double> y(n);
    for (std::size_t c = 0; c < n; ++c) {
        for (std::size_t i = 0; i < n; ++i) {
            double s = i == c ? 1.0 : 0.0;
            for (std::size_t k = 0; k < i; ++k) s -= l(i, k) * y[k];
            y[i] = s / l(i, i);
        }
        for (std::size_t i = n; i-- > 0;) {
            double s = y[i];
            for (std::size_t k = i + 1; k < n; ++k) s -= l(k, i) * inverse(k, c);
            inverse(i, c) = s / l(i, i);
        }
    }
    return inverse;
}

Vector times(const Matrix& m, const Vector& v) {
    Vector out(v.size(), 0.0);
    for (std::size_t r = 0; r < v.size(); ++r)
        for (std::size_t c = 0; c < v.size(); ++c) out[r] += m(r, c) * v[c];
    return out;
}

// Elo points to natural-log odds.
const double kScale = std::log(10.0) / 400;

// games[a][b]: games between a and b; points[a][b]: a's points against b.
struct Results {
    std::vector<std::vector<double>> games;
    std::vector<std::vector<double>> points;
};

// Finite maximum-likelihood ratings exist exactly when every engine can reach every other
// through "scored at least half a point against" (the graph is strongly connected).
bool strongly_connected(const Results& r) {
    const std::size_t n = r.games.size();
    std::vector<std::vector<char>> reach(n, std::vector<char>(n, 0));
    for (std::size_t a = 0; a < n; ++a) {
        reach[a][a] = 1;
        for (std::size_t b = 0; b < n; ++b) reach[a][b] |= r.points[a][b] > 0;
    }
    for (std::size_t k = 0; k < n; ++k)
        for (std::size_t a = 0; a < n; ++a)
            for (std::size_t b = 0; b < n; ++b) reach[a][b] |= reach[a][k] && reach[k][b];
    for (const auto& row : reach)
        if (std::find(row.begin(), row.end(), 0) != row.end()) return false;
    return true;
}

void add_virtual_draws(Results& r, bool only_pairs_that_met) {
    const std::size_t n = r.games.size();
    for (std::size_t a = 0; a < n; ++a) {
        for (std::size_t b = 0; b < n; ++b) {
            if (a == b || (only_pairs_that_met && r.games[a][b] == 0)) continue;
            r.games[a][b] += 1;
            r.points[a][b] += 0.5;
        }
    }
}

double win_probability(double elo_difference) {
    return 1 / (1 + std::exp(-kScale * elo_difference));
}

double log_likelihood(const Results& r, const Vector& elo) {
    double sum = 0;
    for (std::size_t a = 0; a < elo.size(); ++a) {
        for (std::size_t b = 0; b < elo.size(); ++b) {
            if (r.points[a][b] > 0)
                sum += r.points[a][b] * std::log(win_probability(elo[a] - elo[b]));
        }
    }
    return sum;
}

// The likelihood's negative Hessian (the Fisher information) plus J = 1 1^T, which fixes the
// ratings' common offset and makes it invertible.
Matrix information_plus_offset(const Results& r, const Vector& elo) {
    const std::size_t n = elo.size();
    Matrix h(n, 1.0);  // J
    for (std::size_t a = 0; a < n; ++a) {
        for (std::size_t b = a + 1; b < n; ++b) {
            const double games = r.games[a][b];
            if (games == 0) continue;
            const double p = win_probability(elo[a] - elo[b]);
            const double w = games * p * (1 - p) * kScale * kScale;
            h(a, a) += w;
            h(b, b) += w;
            h(a, b) -= w;
            h(b, a) -= w;
        }
    }
    return h;
}

Vector gradient(const Results& r, const Vector& elo) {
    Vector g(elo.size(), 0.0);
    for (std::size_t a = 0; a < elo.size(); ++a) {
        for (std::size_t b = 0; b < elo.size(); ++b) {
            if (r.games[a][b] == 0) continue;
            g[a] += kScale * (r.points[a][b] - r.games[a][b] * win_probability(elo[a] - elo[b]));
        }
    }
    return g;
}

Vector maximum_likelihood(const Results& r) {
    const std::size_t n = r.games.size();
    Vector elo(n, 0.0);
    double likelihood = log_likelihood(r, elo);
    for (int iteration = 0; iteration < 100; ++iteration) {
        const Vector step = times(inverse_of(information_plus_offset(r, elo)), gradient(r, elo));
        // Newton's step, halved while it does not improve the (concave) likelihood.
        double size = 1;
        Vector next(n);
        double next_likelihood = 0;
        for (;;) {
            for (std::size_t a = 0; a < n; ++a) next[a] = elo[a] + size * step[a];
            next_likelihood = log_likelihood(r, next);
            if (next_likelihood >= likelihood || size < 1e-6) break;
            size /= 2;
        }
        double mean = 0;
        for (double x : next) mean += x / static_cast<double>(n);
        double moved = 0;
        for (std::size_t a = 0; a < n; ++a) {
            next[a] -= mean;
            moved = std::max(moved, std::abs(next[a] - elo[a]));
        }
        elo = next;
        likelihood = next_likelihood;
        if (moved < 1e-9) break;
    }
    return elo;
}

}  // namespace

RatingList joint_ratings(const Standings& standings) {
    std::vector<int> rated;
    for (int e = 0; e < static_cast<int>(standings.names().size()); ++e) {
        if (standings.tally(e).total.games() > 0) rated.push_back(e);
    }
    RatingList list;
    const std::size_t n = rated.size();
    if (n < 2) return list;
    Results r{std::vector<std::vector<double>>(n, std::vector<double>(n, 0.0)),
              std::vector<std::vector<double>>(n, std::vector<double>(n, 0.0))};
    for (std::size_t a = 0; a < n; ++a) {
        for (std::size_t b = 0; b < n; ++b) {
            if (a == b) continue;
            const WinDrawLoss h = standings.head_to_head(rated[a], rated[b]);
            r.games[a][b] = static_cast<double>(h.games());
            r.points[a][b] = static_cast<double>(h.wins) + 0.5 * static_cast<double>(h.draws);
        }
    }
    if (!strongly_connected(r)) {
        list.virtual_draws = true;
        add_virtual_draws(r, true);
        // Engines in separate groups that never met have no common scale: join them by draws.
        if (!strongly_connected(r)) add_virtual_draws(r, false);
    }
    const Vector elo = maximum_likelihood(r);
    // The covariance of ratings whose mean is 0: the pseudo-inverse of the information H, which is
    // (H + J)^-1 - J / n^2 since H's null space is the constant vector.
    const Matrix inverse = inverse_of(information_plus_offset(r, elo));
    for (std::size_t a = 0; a < n; ++a) {
        const double variance = std::max(0.0, inverse(a, a) - 1.0 / static_cast<double>(n * n));
        const EngineTally& t = standings.tally(rated[a]);
        list.ratings.push_back({standings.names()[rated[a]], elo[a], 1.96 * std::sqrt(variance),
                                t.total.games(), t.total.score()});
    }
    std::stable_sort(list.ratings.begin(), list.ratings.end(),
                     [](const Rating& x, const Rating& y) { return x.elo > y.elo; });
    return list;
}

}  // namespace othello
