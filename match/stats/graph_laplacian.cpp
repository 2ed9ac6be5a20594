#include "match/stats/graph_laplacian.h"

#include "engine/parallel_for.h"

namespace othello {

namespace {

using Vector = std::vector<double>;

double dot(const Vector& u, const Vector& v) {
    double s = 0;
    for (std::size_t i = 0; i < u.size(); ++i) s += u[i] * v[i];
    return s;
}

}  // namespace

GraphLaplacian::GraphLaplacian(std::size_t vertices, std::vector<WeightedEdge> edges)
    : edges_(std::move(edges)), diagonal_(vertices, 0.0) {
    for (const WeightedEdge& e : edges_) diagonal_[e.a] += e.weight, diagonal_[e.b] += e.weight;
}

Vector GraphLaplacian::times(const Vector& x) const {
    Vector out(x.size());
    for (std::size_t a = 0; a < x.size(); ++a) out[a] = diagonal_[a] * x[a];
    for (const WeightedEdge& e : edges_) {
        out[e.a] -= e.weight * x[e.b];
        out[e.b] -= e.weight * x[e.a];
    }
    return out;
}

Vector GraphLaplacian::solve(const Vector& b, std::size_t* steps_taken) const {
    const std::size_t n = b.size();
    Vector x(n, 0.0), r = b, z(n), p(n);
    auto precondition = [&] {
        for (std::size_t i = 0; i < n; ++i) z[i] = diagonal_[i] > 0 ? r[i] / diagonal_[i] : r[i];
    };
    const double goal = 1e-26 * dot(b, b);
    precondition();
    p = z;
    double rz = dot(r, z);
    std::size_t step = 0;
    for (; step < 20 * n + 100 && dot(r, r) > goal; ++step) {
        const Vector lp = times(p);
        const double curvature = dot(p, lp);
        if (!(curvature > 0)) break;
        const double alpha = rz / curvature;
        for (std::size_t i = 0; i < n; ++i) x[i] += alpha * p[i], r[i] -= alpha * lp[i];
        precondition();
        const double next = dot(r, z);
        for (std::size_t i = 0; i < n; ++i) p[i] = z[i] + next / rz * p[i];
        rz = next;
    }
    if (steps_taken) *steps_taken = step;
    return x;
}

Vector GraphLaplacian::pseudo_inverse_diagonal_by_solves(int threads) const {
    const std::size_t n = vertices();
    Vector out(n);
    parallel_for(n, threads, [&](std::size_t a) {
        Vector b(n, -1.0 / static_cast<double>(n));
        b[a] += 1;
        const Vector y = solve(b);
        double mean = 0;
        for (double v : y) mean += v / static_cast<double>(n);
        out[a] = y[a] - mean;
    });
    return out;
}

}  // namespace othello
