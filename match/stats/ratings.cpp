// Joint ratings: Newton's method on the Bradley–Terry log-likelihood, over the pairs of engines
// that met. The information matrix is a weighted graph Laplacian with one row per engine and one
// entry per pair that played, so it is never formed: conjugate gradients solve with it through
// products that cost one pass over the pairs, and a tournament of many engines that each meet a
// few others costs what its games cost, not the cube of its engines.
#include "match/stats/ratings.h"

#include <algorithm>
#include <cmath>
#include <thread>
#include <unordered_map>

#include "engine/parallel_for.h"

namespace othello {

namespace {

using Vector = std::vector<double>;

// Elo points to natural-log odds.
const double kScale = std::log(10.0) / 400;

// The games of two engines (a < b, indices into the rated engines) and a's points against b.
struct Pairing {
    int a = 0, b = 0;
    double games = 0;
    double points = 0;
    double points_of_b() const { return games - points; }
};

struct Results {
    std::size_t engines = 0;
    std::vector<Pairing> pairs;
};

// How many engines `from` reaches along the edges of `edges`.
std::size_t reached(const std::vector<std::vector<int>>& edges, int from) {
    std::vector<char> seen(edges.size(), 0);
    std::vector<int> stack{from};
    seen[from] = 1;
    std::size_t count = 1;
    while (!stack.empty()) {
        const int v = stack.back();
        stack.pop_back();
        for (int w : edges[v]) {
            if (!seen[w]) seen[w] = 1, ++count, stack.push_back(w);
        }
    }
    return count;
}

// Finite maximum-likelihood ratings exist exactly when every engine can reach every other
// through "scored at least half a point against" (the graph is strongly connected): when engine
// 0 reaches every engine and every engine reaches it.
bool strongly_connected(const Results& r) {
    std::vector<std::vector<int>> out(r.engines), in(r.engines);
    for (const Pairing& p : r.pairs) {
        if (p.points > 0) out[p.a].push_back(p.b), in[p.b].push_back(p.a);
        if (p.points_of_b() > 0) out[p.b].push_back(p.a), in[p.a].push_back(p.b);
    }
    return reached(out, 0) == r.engines && reached(in, 0) == r.engines;
}

// One virtual draw between each pair that met; with `every_pair`, between every pair.
void add_virtual_draws(Results& r, bool every_pair) {
    for (Pairing& p : r.pairs) p.games += 1, p.points += 0.5;
    if (!every_pair) return;
    std::unordered_map<std::uint64_t, std::size_t> met;
    for (std::size_t i = 0; i < r.pairs.size(); ++i)
        met[static_cast<std::uint64_t>(r.pairs[i].a) << 32 | r.pairs[i].b] = i;
    for (int a = 0; a < static_cast<int>(r.engines); ++a) {
        for (int b = a + 1; b < static_cast<int>(r.engines); ++b) {
            const auto it = met.find(static_cast<std::uint64_t>(a) << 32 | b);
            if (it != met.end())
                r.pairs[it->second].games += 1, r.pairs[it->second].points += 0.5;
            else
                r.pairs.push_back({a, b, 1, 0.5});
        }
    }
}

double win_probability(double elo_difference) {
    return 1 / (1 + std::exp(-kScale * elo_difference));
}

double log_likelihood(const Results& r, const Vector& elo) {
    double sum = 0;
    for (const Pairing& p : r.pairs) {
        const double d = elo[p.a] - elo[p.b];
        if (p.points > 0) sum += p.points * std::log(win_probability(d));
        if (p.points_of_b() > 0) sum += p.points_of_b() * std::log(win_probability(-d));
    }
    return sum;
}

Vector gradient(const Results& r, const Vector& elo) {
    Vector g(r.engines, 0.0);
    for (const Pairing& p : r.pairs) {
        const double surplus = kScale * (p.points - p.games * win_probability(elo[p.a] - elo[p.b]));
        g[p.a] += surplus;
        g[p.b] -= surplus;
    }
    return g;
}

// The likelihood's negative Hessian (the Fisher information) H: for each pair the weight
// w = games p (1 - p) k^2, H = sum over pairs of w (e_a - e_b)(e_a - e_b)^T. Its null space is
// the constant vector (the ratings' common offset).
class Information {
  public:
    Information(const Results& r, const Vector& elo) : results_(r), weights_(r.pairs.size()) {
        diagonal_.assign(r.engines, 0.0);
        for (std::size_t i = 0; i < r.pairs.size(); ++i) {
            const Pairing& p = r.pairs[i];
            const double q = win_probability(elo[p.a] - elo[p.b]);
            weights_[i] = p.games * q * (1 - q) * kScale * kScale;
            diagonal_[p.a] += weights_[i];
            diagonal_[p.b] += weights_[i];
        }
    }

    Vector times(const Vector& x) const {
        Vector out(x.size());
        for (std::size_t a = 0; a < x.size(); ++a) out[a] = diagonal_[a] * x[a];
        for (std::size_t i = 0; i < weights_.size(); ++i) {
            const Pairing& p = results_.pairs[i];
            out[p.a] -= weights_[i] * x[p.b];
            out[p.b] -= weights_[i] * x[p.a];
        }
        return out;
    }

    // A solution of H x = b for b summing to 0 (the system is then consistent), defined up to a
    // constant: conjugate gradients preconditioned by H's diagonal, to a residual of 1e-13 of
    // b's. Exact in at most n steps but for rounding; the cap only stops a stalled solve.
    Vector solve(const Vector& b) const {
        const std::size_t n = b.size();
        Vector x(n, 0.0), r = b, z(n), p(n);
        auto dot = [](const Vector& u, const Vector& v) {
            double s = 0;
            for (std::size_t i = 0; i < u.size(); ++i) s += u[i] * v[i];
            return s;
        };
        auto precondition = [&] {
            for (std::size_t i = 0; i < n; ++i)
                z[i] = diagonal_[i] > 0 ? r[i] / diagonal_[i] : r[i];
        };
        const double goal = 1e-26 * dot(b, b);
        precondition();
        p = z;
        double rz = dot(r, z);
        for (std::size_t step = 0; step < 20 * n + 100 && dot(r, r) > goal; ++step) {
            const Vector hp = times(p);
            const double curvature = dot(p, hp);
            if (!(curvature > 0)) break;
            const double alpha = rz / curvature;
            for (std::size_t i = 0; i < n; ++i) x[i] += alpha * p[i], r[i] -= alpha * hp[i];
            precondition();
            const double next = dot(r, z);
            for (std::size_t i = 0; i < n; ++i) p[i] = z[i] + next / rz * p[i];
            rz = next;
        }
        return x;
    }

  private:
    const Results& results_;
    Vector weights_;
    Vector diagonal_;
};

Vector maximum_likelihood(const Results& r) {
    const std::size_t n = r.engines;
    Vector elo(n, 0.0);
    double likelihood = log_likelihood(r, elo);
    for (int iteration = 0; iteration < 100; ++iteration) {
        const Vector step = Information(r, elo).solve(gradient(r, elo));
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

// The variances of ratings whose mean is 0: the diagonal of the pseudo-inverse H+ of the
// information. Column a of H+ is the mean-0 solution y of H y = e_a - 1/n, so the variance is
// y_a - mean(y): one sparse solve per engine, in parallel, never an n x n matrix.
Vector variances(const Results& r, const Vector& elo) {
    const std::size_t n = r.engines;
    const Information information(r, elo);
    Vector out(n);
    const int threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    parallel_for(n, threads, [&](std::size_t a) {
        Vector b(n, -1.0 / static_cast<double>(n));
        b[a] += 1;
        const Vector y = information.solve(b);
        double mean = 0;
        for (double v : y) mean += v / static_cast<double>(n);
        out[a] = std::max(0.0, y[a] - mean);
    });
    return out;
}

}  // namespace

RatingList joint_ratings(const Standings& standings) {
    // Rated: the engines that played another engine (games against itself say nothing about a
    // rating), in the standings' order.
    std::vector<std::pair<int, int>> pairings = standings.pairings();
    std::sort(pairings.begin(), pairings.end());
    std::vector<int> rated, index_of(standings.names().size(), -1);
    for (const auto& [a, b] : pairings) index_of[a] = index_of[b] = 0;
    for (int e = 0; e < static_cast<int>(index_of.size()); ++e) {
        if (index_of[e] == 0) index_of[e] = static_cast<int>(rated.size()), rated.push_back(e);
    }
    RatingList list;
    if (rated.size() < 2) return list;
    Results r{rated.size(), {}};
    for (const auto& [a, b] : pairings) {
        const WinDrawLoss h = standings.head_to_head(a, b);
        r.pairs.push_back({index_of[a], index_of[b], static_cast<double>(h.games()),
                           static_cast<double>(h.wins) + 0.5 * static_cast<double>(h.draws)});
    }
    if (!strongly_connected(r)) {
        list.virtual_draws = true;
        add_virtual_draws(r, false);
        // Engines in separate groups that never met have no common scale: join them by draws.
        if (!strongly_connected(r)) add_virtual_draws(r, true);
    }
    const Vector elo = maximum_likelihood(r);
    const Vector variance = variances(r, elo);
    for (std::size_t a = 0; a < rated.size(); ++a) {
        const EngineTally& t = standings.tally(rated[a]);
        list.ratings.push_back({standings.names()[rated[a]], elo[a], 1.96 * std::sqrt(variance[a]),
                                t.total.games(), t.total.score()});
    }
    std::stable_sort(list.ratings.begin(), list.ratings.end(),
                     [](const Rating& x, const Rating& y) { return x.elo > y.elo; });
    return list;
}

}  // namespace othello
