// The pseudo-inverse diagonal, by sparse elimination and by one conjugate-gradient solve per
// vertex, against a dense reference computed a third way: (L + J/n)^{-1} = L+ + J/n for a connected
// graph (J the all-ones matrix), inverted by Gauss-Jordan elimination, on graph shapes that stress
// the elimination order differently.
#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "engine/rng.h"
#include "match/stats/graph_laplacian.h"
#include "match/stats/laplacian_pseudo_inverse.h"

using namespace othello;

namespace {

std::vector<double> dense_reference(std::size_t n, const std::vector<WeightedEdge>& edges) {
    std::vector<std::vector<double>> a(n, std::vector<double>(2 * n, 0.0));
    for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t j = 0; j < n; ++j) a[i][j] = 1.0 / static_cast<double>(n);
        a[i][n + i] = 1;
    }
    for (const WeightedEdge& e : edges) {
        a[e.a][e.a] += e.weight, a[e.b][e.b] += e.weight;
        a[e.a][e.b] -= e.weight, a[e.b][e.a] -= e.weight;
    }
    for (std::size_t c = 0; c < n; ++c) {
        std::size_t best = c;
        for (std::size_t r = c + 1; r < n; ++r)
            if (std::abs(a[r][c]) > std::abs(a[best][c])) best = r;
        std::swap(a[c], a[best]);
        const double pivot = a[c][c];
        for (double& x : a[c]) x /= pivot;
        for (std::size_t r = 0; r < n; ++r) {
            if (r == c) continue;
            const double f = a[r][c];
            for (std::size_t k = 0; k < 2 * n; ++k) a[r][k] -= f * a[c][k];
        }
    }
    std::vector<double> diagonal(n);
    for (std::size_t i = 0; i < n; ++i) diagonal[i] = a[i][n + i] - 1.0 / static_cast<double>(n);
    return diagonal;
}

void check_against_reference(std::size_t n, const std::vector<WeightedEdge>& edges) {
    const GraphLaplacian laplacian(n, edges);
    const std::vector<double> eliminated =
        laplacian_pseudo_inverse_diagonal(laplacian, 1e12).value();
    const std::vector<double> solved = laplacian.pseudo_inverse_diagonal_by_solves(2);
    const std::vector<double> want = dense_reference(n, edges);
    REQUIRE(eliminated.size() == n);
    REQUIRE(solved.size() == n);
    for (std::size_t v = 0; v < n; ++v) {
        CAPTURE(v);
        CHECK(eliminated[v] == doctest::Approx(want[v]).epsilon(1e-9));
        CHECK(solved[v] == doctest::Approx(want[v]).epsilon(1e-9));
    }
}

double weight(Rng& rng) {
    return 0.1 + 3 * rng.uniform();
}

}  // namespace

TEST_CASE("pseudo-inverse diagonal: two vertices, one edge") {
    // L = w [[1,-1],[-1,1]], L+ = L / (4 w^2): diagonal 1 / (4 w).
    const std::vector<double> d =
        laplacian_pseudo_inverse_diagonal(GraphLaplacian(2, {{0, 1, 2.0}}), 1e12).value();
    CHECK(d[0] == doctest::Approx(0.125));
    CHECK(d[1] == doctest::Approx(0.125));
}

TEST_CASE("pseudo-inverse diagonal: a chain, a star and a cycle match the dense inverse") {
    Rng rng(3);
    for (std::size_t n : {3u, 8u, 40u}) {
        std::vector<WeightedEdge> chain, star, cycle;
        for (int v = 1; v < static_cast<int>(n); ++v) {
            chain.push_back({v - 1, v, weight(rng)});
            star.push_back({0, v, weight(rng)});
            cycle.push_back({v - 1, v, weight(rng)});
        }
        cycle.push_back({static_cast<int>(n) - 1, 0, weight(rng)});
        CAPTURE(n);
        check_against_reference(n, chain);
        check_against_reference(n, star);
        check_against_reference(n, cycle);
    }
}

TEST_CASE("pseudo-inverse diagonal: a round robin and random sparse graphs, repeated edges added") {
    Rng rng(5);
    std::vector<WeightedEdge> round_robin;
    for (int a = 0; a < 12; ++a)
        for (int b = a + 1; b < 12; ++b) round_robin.push_back({b, a, weight(rng)});
    check_against_reference(12, round_robin);
    for (int trial = 0; trial < 20; ++trial) {
        const int n = 2 + static_cast<int>(rng.below(60));
        std::vector<WeightedEdge> edges;
        // A random spanning tree keeps the graph connected; random extra edges (some repeats,
        // in either direction) make fill for the elimination order to handle.
        for (int v = 1; v < n; ++v)
            edges.push_back(
                {static_cast<int>(rng.below(static_cast<std::uint32_t>(v))), v, weight(rng)});
        const int extra = static_cast<int>(rng.below(static_cast<std::uint32_t>(2 * n)));
        for (int k = 0; k < extra; ++k) {
            const int a = static_cast<int>(rng.below(static_cast<std::uint32_t>(n)));
            const int b = static_cast<int>(rng.below(static_cast<std::uint32_t>(n)));
            if (a != b) edges.push_back({a, b, weight(rng)});
        }
        if (n > 3) edges.push_back(edges[1]);
        CAPTURE(trial);
        check_against_reference(static_cast<std::size_t>(n), edges);
    }
}

TEST_CASE("pseudo-inverse diagonal: past its work limit the elimination gives up") {
    // A round robin of 30 fills nothing in but costs sum k^2 / 2 over its columns.
    std::vector<WeightedEdge> round_robin;
    for (int a = 0; a < 30; ++a)
        for (int b = a + 1; b < 30; ++b) round_robin.push_back({a, b, 1.0});
    CHECK_FALSE(
        laplacian_pseudo_inverse_diagonal(GraphLaplacian(30, round_robin), 1000).has_value());
    const auto d = laplacian_pseudo_inverse_diagonal(GraphLaplacian(30, round_robin), 1e6);
    REQUIRE(d.has_value());
    // The complete graph's L = n I - J: L+ = (I - J/n) / n, diagonal (n - 1) / n^2.
    for (double x : *d) CHECK(x == doctest::Approx(29.0 / 900));
    // A chain of 30 costs a few units per vertex.
    std::vector<WeightedEdge> chain;
    for (int v = 1; v < 30; ++v) chain.push_back({v - 1, v, 1.0});
    CHECK(laplacian_pseudo_inverse_diagonal(GraphLaplacian(30, chain), 300).has_value());
}
