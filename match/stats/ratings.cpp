// Joint ratings: Newton's method on the Bradley–Terry log-likelihood, over the pairs of engines
// that met. The information matrix is a weighted graph Laplacian with one row per engine and one
// entry per pair that played, so it is never formed: conjugate gradients solve with it through
// products that cost one pass over the pairs. The errors need the diagonal of its pseudo-inverse:
// a sparse elimination gives it where the graph allows (a chain of versions then costs what its
// games cost, not the cube of its engines), one solve per engine where the elimination would
// fill in (many engines paired at random).
#include "match/stats/ratings.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <thread>
#include <unordered_map>

#include "match/stats/graph_laplacian.h"
#include "match/stats/laplacian_pseudo_inverse.h"

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

// The likelihood's negative Hessian (the Fisher information): the Laplacian of the pairs, each
// weighted games p (1 - p) k^2. Its null space is the constant vector (the ratings' offset).
GraphLaplacian information(const Results& r, const Vector& elo) {
    std::vector<WeightedEdge> edges;
    edges.reserve(r.pairs.size());
    for (const Pairing& p : r.pairs) {
        const double q = win_probability(elo[p.a] - elo[p.b]);
        edges.push_back({p.a, p.b, p.games * q * (1 - q) * kScale * kScale});
    }
    return GraphLaplacian(r.engines, std::move(edges));
}

// The ratings; `steps_per_solve` gets the conjugate-gradient steps of the last Newton step.
Vector maximum_likelihood(const Results& r, std::size_t& steps_per_solve) {
    const std::size_t n = r.engines;
    Vector elo(n, 0.0);
    double likelihood = log_likelihood(r, elo);
    for (int iteration = 0; iteration < 100; ++iteration) {
        const Vector step = information(r, elo).solve(gradient(r, elo), &steps_per_solve);
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
// information, by whichever of two ways costs less. A sparse elimination of H's graph
// (laplacian_pseudo_inverse.h) takes time linear in the engines for a chain of versions, but
// fills in towards the cube of the engines when many engines are paired at random; there, one
// conjugate-gradient solve per engine is cheaper: column a of H+ is the mean-0 solution y of
// H y = e_a - 1/n, so the variance is y_a - mean(y). The elimination is given the work those
// solves would cost (`steps_per_solve` each) and gives up past it; an entry merged costs about
// ten entries of a step's product (measured by othello-ratings-bench, random and chain).
Vector variances(const Results& r, const Vector& elo, std::size_t steps_per_solve) {
    const std::size_t n = r.engines;
    const GraphLaplacian h = information(r, elo);
    const double solve_work =
        static_cast<double>(steps_per_solve + 1) * static_cast<double>(2 * r.pairs.size() + 6 * n);
    std::optional<Vector> out =
        laplacian_pseudo_inverse_diagonal(h, static_cast<double>(n) * solve_work / 10);
    if (!out)
        out = h.pseudo_inverse_diagonal_by_solves(
            static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
    // A weight that underflowed to 0 leaves a rating with no information: an unbounded error.
    for (double& v : *out) v = std::isnan(v) ? HUGE_VAL : std::max(0.0, v);
    return *out;
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
    std::size_t steps_per_solve = 0;
    const Vector elo = maximum_likelihood(r, steps_per_solve);
    const Vector variance = variances(r, elo, steps_per_solve);
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
