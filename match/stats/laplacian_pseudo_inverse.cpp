#include "match/stats/laplacian_pseudo_inverse.h"

#include <algorithm>
#include <functional>
#include <queue>
#include <stdexcept>
#include <utility>

namespace othello {

namespace {

using Vector = std::vector<double>;

// One off-diagonal entry of a sparse symmetric matrix: its column (a vertex while eliminating,
// a position in the elimination order once done) and its value.
struct Entry {
    int index = 0;
    double value = 0;
};
using Row = std::vector<Entry>;  // sorted by index

bool before(const Entry& e, int index) {
    return e.index < index;
}

// L D L^T of the grounded Laplacian, indexed by elimination position.
struct Factor {
    int ground = 0;
    std::vector<int> order;           // position -> vertex
    std::vector<int> position;        // vertex -> position (-1 for the ground)
    Vector pivot;                     // D
    std::vector<Row> below_diagonal;  // column j of L: (i > j, L_ij), sorted by i
};

// The Laplacian's rows without the ground's row and column, each sorted with repeated edges
// added up; `diagonal` gets every edge, the ground's included.
std::vector<Row> grounded_rows(std::size_t vertices, const std::vector<WeightedEdge>& edges,
                               int ground, Vector& diagonal) {
    std::vector<Row> rows(vertices);
    diagonal.assign(vertices, 0.0);
    for (const WeightedEdge& e : edges) {
        diagonal[e.a] += e.weight;
        diagonal[e.b] += e.weight;
        if (e.a == ground || e.b == ground) continue;
        rows[e.a].push_back({e.b, -e.weight});
        rows[e.b].push_back({e.a, -e.weight});
    }
    for (Row& row : rows) {
        std::sort(row.begin(), row.end(),
                  [](const Entry& x, const Entry& y) { return x.index < y.index; });
        Row added;
        for (const Entry& e : row) {
            if (!added.empty() && added.back().index == e.index)
                added.back().value += e.value;
            else
                added.push_back(e);
        }
        row = std::move(added);
    }
    return rows;
}

// Row u after eliminating v (a_uv = the entry of v in row u, d = v's pivot): v leaves the row
// and every other neighbour w of v gains -a_uv a_vw / d (the fill of the elimination).
Row row_after_eliminating(const Row& row_u, const Row& row_v, int u, int v, double factor) {
    Row merged;
    merged.reserve(row_u.size() + row_v.size());
    auto a = row_u.begin(), b = row_v.begin();
    while (a != row_u.end() || b != row_v.end()) {
        if (a != row_u.end() && a->index == v) {
            ++a;
        } else if (b != row_v.end() && b->index == u) {
            ++b;
        } else if (b == row_v.end() || (a != row_u.end() && a->index < b->index)) {
            merged.push_back(*a++);
        } else if (a == row_u.end() || b->index < a->index) {
            merged.push_back({b->index, -factor * b->value});
            ++b;
        } else {
            merged.push_back({a->index, a->value - factor * b->value});
            ++a, ++b;
        }
    }
    return merged;
}

// The factor, or nothing once its work passes `work_limit` (see the header).
std::optional<Factor> eliminate(std::size_t vertices, const std::vector<WeightedEdge>& edges,
                                double work_limit) {
    // The ground: the vertex of most edges, whose removal leaves the least to fill.
    std::vector<std::size_t> edge_count(vertices, 0);
    for (const WeightedEdge& e : edges) ++edge_count[e.a], ++edge_count[e.b];
    Factor f;
    f.ground = static_cast<int>(std::max_element(edge_count.begin(), edge_count.end()) -
                                edge_count.begin());
    f.position.assign(vertices, -1);
    Vector diagonal;
    std::vector<Row> rows = grounded_rows(vertices, edges, f.ground, diagonal);

    // Minimum degree: always eliminate a vertex of fewest remaining neighbours. Stale queue
    // entries (degrees since changed, vertices since eliminated) are skipped as they come up.
    using Candidate = std::pair<std::size_t, int>;
    std::priority_queue<Candidate, std::vector<Candidate>, std::greater<Candidate>> queue;
    for (int v = 0; v < static_cast<int>(vertices); ++v)
        if (v != f.ground) queue.push({rows[v].size(), v});
    std::vector<Row> columns_by_vertex;
    double work = 0;
    while (!queue.empty()) {
        const auto [degree, v] = queue.top();
        queue.pop();
        if (f.position[v] >= 0 || degree != rows[v].size()) continue;
        const double d = diagonal[v];
        f.position[v] = static_cast<int>(f.order.size());
        f.order.push_back(v);
        f.pivot.push_back(d);
        for (const Entry& e : rows[v]) {
            work += static_cast<double>(rows[e.index].size() + rows[v].size());
            if (work > work_limit) return std::nullopt;
            const double factor = e.value / d;
            diagonal[e.index] -= factor * e.value;
            rows[e.index] = row_after_eliminating(rows[e.index], rows[v], e.index, v, factor);
            queue.push({rows[e.index].size(), e.index});
        }
        Row column = std::move(rows[v]);
        rows[v] = Row();
        for (Entry& e : column) e.value /= d;
        columns_by_vertex.push_back(std::move(column));
    }
    // Columns by position: the later a vertex is eliminated, the larger its index. The inverse's
    // recurrences then cost a multiply per pair of entries of each column.
    for (Row& column : columns_by_vertex) {
        const double size = static_cast<double>(column.size());
        work += size * (size + 1) / 2;
        for (Entry& e : column) e.index = f.position[e.index];
        std::sort(column.begin(), column.end(),
                  [](const Entry& x, const Entry& y) { return x.index < y.index; });
    }
    if (work > work_limit) return std::nullopt;
    f.below_diagonal = std::move(columns_by_vertex);
    return f;
}

// diag(M) for M = (L D L^T)^{-1}, by the Takahashi recurrences: from the last column back,
//   M_ij = -sum_{k in S_j} M_ik L_kj (i in S_j),   M_jj = 1 / d_j - sum_{k in S_j} L_kj M_kj,
// where S_j is column j's pattern. S_j is a clique of the filled graph, so every M_ik needed
// lies in the pattern of an earlier-computed column.
Vector grounded_inverse_diagonal(const Factor& f) {
    const std::size_t m = f.order.size();
    Vector diagonal(m);
    std::vector<Vector> below(m);  // M_ij for i in S_j, in the order of S_j
    for (std::size_t j = m; j-- > 0;) {
        const Row& s = f.below_diagonal[j];
        Vector& column = below[j];
        column.assign(s.size(), 0.0);
        // Each M_ik (i < k in S_j) is used twice: in row i's sum and in row k's.
        for (std::size_t p = 0; p < s.size(); ++p) {
            const int i = s[p].index;
            column[p] -= diagonal[i] * s[p].value;
            const Row& of_i = f.below_diagonal[i];
            auto from = of_i.begin();
            for (std::size_t q = p + 1; q < s.size(); ++q) {
                from = std::lower_bound(from, of_i.end(), s[q].index, before);
                if (from == of_i.end() || from->index != s[q].index)
                    throw std::logic_error("laplacian_pseudo_inverse: fill pattern not closed");
                const double m_ik = below[i][static_cast<std::size_t>(from - of_i.begin())];
                column[p] -= m_ik * s[q].value;
                column[q] -= m_ik * s[p].value;
            }
        }
        diagonal[j] = 1 / f.pivot[j];
        for (std::size_t p = 0; p < s.size(); ++p) diagonal[j] -= s[p].value * column[p];
    }
    return diagonal;
}

// M b by the factor: forward substitution, the pivots, back substitution.
Vector solve(const Factor& f, Vector y) {
    const std::size_t m = f.order.size();
    for (std::size_t j = 0; j < m; ++j)
        for (const Entry& e : f.below_diagonal[j]) y[e.index] -= e.value * y[j];
    for (std::size_t j = 0; j < m; ++j) y[j] /= f.pivot[j];
    for (std::size_t j = m; j-- > 0;)
        for (const Entry& e : f.below_diagonal[j]) y[j] -= e.value * y[e.index];
    return y;
}

}  // namespace

std::optional<std::vector<double>> laplacian_pseudo_inverse_diagonal(
    const GraphLaplacian& laplacian, double work_limit) {
    const std::size_t vertices = laplacian.vertices();
    const std::vector<WeightedEdge>& edges = laplacian.edges();
    if (vertices < 2) return Vector(vertices, 0.0);
    const std::optional<Factor> factor = eliminate(vertices, edges, work_limit);
    if (!factor) return std::nullopt;
    const Factor& f = *factor;
    const Vector m_diagonal = grounded_inverse_diagonal(f);
    // (P M P)_vv = M_vv - 2 (M 1)_v / n + 1^T M 1 / n^2, M padded with the ground's zero row.
    const Vector row_sums = solve(f, Vector(f.order.size(), 1.0));
    double total = 0;
    for (double s : row_sums) total += s;
    const double n = static_cast<double>(vertices);
    Vector out(vertices);
    for (std::size_t v = 0; v < vertices; ++v) {
        const int j = f.position[v];
        const double m_vv = j < 0 ? 0 : m_diagonal[j], s_v = j < 0 ? 0 : row_sums[j];
        out[v] = m_vv - 2 * s_v / n + total / (n * n);
    }
    return out;
}

}  // namespace othello
