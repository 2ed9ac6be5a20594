// A weighted graph Laplacian L = sum over edges of w (e_a - e_b)(e_a - e_b)^T: the Fisher
// information of ratings, one edge per pair of engines that met. Never formed as a matrix: a
// product costs one pass over the edges.
#pragma once

#include <cstddef>
#include <vector>

namespace othello {

struct WeightedEdge {
    int a = 0, b = 0;   // distinct vertices
    double weight = 0;  // > 0; an edge may appear more than once, and weights add
};

class GraphLaplacian {
  public:
    GraphLaplacian(std::size_t vertices, std::vector<WeightedEdge> edges);

    std::size_t vertices() const { return diagonal_.size(); }
    const std::vector<WeightedEdge>& edges() const { return edges_; }

    std::vector<double> times(const std::vector<double>& x) const;

    // A solution of L x = b for b summing to 0 (the system is then consistent), defined up to a
    // constant: conjugate gradients preconditioned by L's diagonal, to a residual of 1e-13 of
    // b's. Exact in at most n steps but for rounding; the cap only stops a stalled solve.
    // `steps_taken` gets the number of steps.
    std::vector<double> solve(const std::vector<double>& b,
                              std::size_t* steps_taken = nullptr) const;

    // diag(L+) of a connected graph by one solve per vertex, on `threads` threads: column a of
    // L+ is the mean-0 solution y of L y = e_a - 1/n, so its diagonal entry is y_a - mean(y).
    // Each solve costs a pass over the edges per step, whatever the graph's shape.
    std::vector<double> pseudo_inverse_diagonal_by_solves(int threads) const;

  private:
    std::vector<WeightedEdge> edges_;
    std::vector<double> diagonal_;
};

}  // namespace othello
