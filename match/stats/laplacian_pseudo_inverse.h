// The diagonal of the pseudo-inverse of a weighted graph Laplacian: the variances of ratings
// whose mean is held at 0, when the Laplacian is the Fisher information of the games.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "match/stats/graph_laplacian.h"

namespace othello {

// diag(L+) for the Laplacian of a connected graph.
//
// Exact, by sparse elimination rather than by one iterative solve per vertex (as
// GraphLaplacian::pseudo_inverse_diagonal_by_solves does it): one vertex is grounded (its row and
// column removed, which leaves a positive definite matrix), the rest are eliminated in
// minimum-degree order (a chain or a tree then costs time linear in its vertices, a round robin the
// cube of its engines, as a dense factorization would), the diagonal of the grounded inverse M
// comes from the Takahashi recurrences over the factor's own pattern, and diag(L+) = diag(P M P)
// with P the projection away from the constant vector.
//
// Graphs without small separators (random pairings of many engines) fill in towards a dense
// matrix, where the iterative solves are cheaper: past `work_limit` units of work (one unit per
// entry merged or multiplied) the elimination gives up and returns nothing.
std::optional<std::vector<double>> laplacian_pseudo_inverse_diagonal(
    const GraphLaplacian& laplacian, double work_limit);

}  // namespace othello
