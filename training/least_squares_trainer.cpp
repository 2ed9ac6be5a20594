// Conjugate gradient on the normal equations (A^T M A + lambda I) w = A^T M y, one phase at a
// time, optionally preconditioned by their diagonal; M is I for plain least squares and
// I + rank_weight * C with the ranking term (apply_rank_term). A row of A holds a 1 for each of
// its kFeatureCount entries and for the bias, so A p and A^T r are gathers and scatters over the
// precomputed entries: one pass over the phase's samples per step. An entry no sample selects
// stays 0 throughout (its residual, direction and product are 0 from the start), so the vector
// steps run over the selected entries only: the same iterates (up to rounding, as the compiler
// fuses multiply-adds differently), at a cost that follows the data rather than the table.
#include "training/least_squares_trainer.h"

#include <cmath>
#include <mutex>

#include "engine/parallel_for.h"

namespace othello::training {

using namespace patterns;

namespace {

constexpr int kRowWidth = kFeatureCount + 1;  // the selected entries and the bias

struct PhaseProblem {
    std::vector<std::uint32_t> rows;  // kRowWidth entries per sample
    std::vector<double> targets;
    std::vector<std::uint32_t> siblings;  // per sample, only for a ranking term
    double rank_weight = 0;
    std::vector<std::uint32_t> active;  // the entries some row selects, in increasing order
};

int ply_of(const TrainingSample& s) {
    return popcount(s.player | s.opponent) - 4;
}

PhaseProblem build_problem(const TrainingSamples& samples, int phase, int overlap,
                           double rank_weight) {
    const int first = phase * kPliesPerPhase - overlap;
    const int last = phase == kPhaseCount - 1 ? 60 : (phase + 1) * kPliesPerPhase - 1 + overlap;
    PhaseProblem problem;
    problem.rank_weight = rank_weight;
    for (const TrainingSample& s : samples) {
        const int ply = ply_of(s);
        if (ply < first || ply > last) continue;
        for_each_entry(Position::from_mover(s.player, s.opponent, Color::Black),
                       [&](std::uint32_t e) { problem.rows.push_back(e); });
        problem.rows.push_back(kBiasEntry);
        problem.targets.push_back(s.target);
        if (rank_weight > 0) problem.siblings.push_back(s.siblings);
    }
    std::vector<bool> selected(kEntriesPerPhase, false);
    for (const std::uint32_t e : problem.rows) selected[e] = true;
    for (int e = 0; e < kEntriesPerPhase; ++e)
        if (selected[e]) problem.active.push_back(static_cast<std::uint32_t>(e));
    return problem;
}

// values = (I + rank_weight * C) values, where C subtracts from each value in a run of siblings
// the run's mean (and zeroes the rest): the matrix the ranking term puts between A^T and A. A
// run is the samples of one nonzero number; a child after which the mover moves again (0) may
// sit among them and is not part of it.
void apply_rank_term(const PhaseProblem& problem, std::vector<double>& values) {
    const std::vector<std::uint32_t>& siblings = problem.siblings;
    const std::size_t n = siblings.size();
    for (std::size_t begin = 0; begin < n;) {
        const std::uint32_t run = siblings[begin];
        if (run == 0) {
            ++begin;
            continue;
        }
        std::size_t end = begin + 1;
        while (end < n && (siblings[end] == run || siblings[end] == 0)) ++end;
        double sum = 0;
        int members = 0;
        for (std::size_t r = begin; r < end; ++r) {
            if (siblings[r] != run) continue;
            sum += values[r];
            ++members;
        }
        const double mean = sum / members;
        for (std::size_t r = begin; r < end; ++r) {
            if (siblings[r] == run) values[r] += problem.rank_weight * (values[r] - mean);
        }
        begin = end;
    }
}

// a . b over the problem's entries (the others are 0 in both).
double dot(const PhaseProblem& problem, const std::vector<double>& a,
           const std::vector<double>& b) {
    double sum = 0;
    for (const std::uint32_t i : problem.active) sum += a[i] * b[i];
    return sum;
}

// out = A^T values
void scatter(const PhaseProblem& problem, const std::vector<double>& values,
             std::vector<double>& out) {
    for (std::size_t r = 0; r < values.size(); ++r) {
        const std::uint32_t* row = problem.rows.data() + r * kRowWidth;
        for (int k = 0; k < kRowWidth; ++k) out[row[k]] += values[r];
    }
}

// out = (A^T (I + rank_weight * C) A + lambda I) p; `sums` is scratch space for A p.
void normal_product(const PhaseProblem& problem, double lambda, const std::vector<double>& p,
                    std::vector<double>& out, std::vector<double>& sums) {
    for (const std::uint32_t i : problem.active) out[i] = lambda * p[i];
    const std::size_t n = problem.targets.size();
    if (problem.siblings.empty()) {  // plain least squares: one pass, gather and scatter
        for (std::size_t r = 0; r < n; ++r) {
            const std::uint32_t* row = problem.rows.data() + r * kRowWidth;
            double sum = 0;
            for (int k = 0; k < kRowWidth; ++k) sum += p[row[k]];
            for (int k = 0; k < kRowWidth; ++k) out[row[k]] += sum;
        }
        return;
    }
    sums.resize(n);
    for (std::size_t r = 0; r < n; ++r) {
        const std::uint32_t* row = problem.rows.data() + r * kRowWidth;
        double sum = 0;
        for (int k = 0; k < kRowWidth; ++k) sum += p[row[k]];
        sums[r] = sum;
    }
    apply_rank_term(problem, sums);
    scatter(problem, sums, out);
}

// Solves one phase; returns its kEntriesPerPhase weights and the final training RMS error.
std::vector<double> solve_phase(const PhaseProblem& problem, const TrainerOptions& options,
                                double* rms) {
    std::vector<double> w(kEntriesPerPhase, 0), r(kEntriesPerPhase, 0), q(kEntriesPerPhase, 0);
    // The inverse preconditioner: 1 / (diagonal of A^T A + lambda I), or 1 for plain CG. An
    // entry selected twice in one row (a pattern mapped onto itself by a symmetry) adds 2, not
    // 4, to its diagonal: any positive diagonal is a valid preconditioner, this one is close.
    std::vector<double> inverse(kEntriesPerPhase, 1.0);
    const std::size_t n = problem.targets.size();
    if (options.jacobi) {
        // A sample in a run of siblings weighs up to 1 + rank_weight.
        std::vector<double> diagonal(kEntriesPerPhase, options.lambda);
        for (std::size_t i = 0; i < n; ++i) {
            const double weight =
                problem.siblings.empty() || problem.siblings[i] == 0 ? 1 : 1 + options.rank_weight;
            const std::uint32_t* row = problem.rows.data() + i * kRowWidth;
            for (int k = 0; k < kRowWidth; ++k) diagonal[row[k]] += weight;
        }
        for (int i = 0; i < kEntriesPerPhase; ++i) inverse[i] = 1 / diagonal[i];
    }
    std::vector<double> targets = problem.targets;
    if (!problem.siblings.empty()) apply_rank_term(problem, targets);
    scatter(problem, targets, r);
    std::vector<double> z(kEntriesPerPhase, 0);
    for (const std::uint32_t i : problem.active) z[i] = inverse[i] * r[i];
    std::vector<double> p = z, sums;
    double rz = dot(problem, r, z), rr = dot(problem, r, r);
    for (int it = 0; it < options.iterations && rr > 1e-12; ++it) {
        normal_product(problem, options.lambda, p, q, sums);
        const double alpha = rz / dot(problem, p, q);
        double rz_next = 0;
        rr = 0;
        for (const std::uint32_t i : problem.active) {
            w[i] += alpha * p[i];
            r[i] -= alpha * q[i];
            z[i] = inverse[i] * r[i];
            rz_next += r[i] * z[i];
            rr += r[i] * r[i];
        }
        const double beta = rz_next / rz;
        rz = rz_next;
        for (const std::uint32_t i : problem.active) p[i] = z[i] + beta * p[i];
    }
    double squares = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint32_t* row = problem.rows.data() + i * kRowWidth;
        double prediction = 0;
        for (int k = 0; k < kRowWidth; ++k) prediction += w[row[k]];
        squares += (prediction - problem.targets[i]) * (prediction - problem.targets[i]);
    }
    *rms = n ? std::sqrt(squares / static_cast<double>(n)) : 0;
    return w;
}

}  // namespace

std::vector<double> fit_pattern_weights(const TrainingSamples& samples,
                                        const TrainerOptions& options, std::ostream* log) {
    std::vector<double> weights(static_cast<std::size_t>(kPhaseCount) * kEntriesPerPhase, 0);
    std::mutex log_mutex;
    parallel_for(kPhaseCount, options.threads, [&](std::size_t index) {
        const int phase = static_cast<int>(index);
        const PhaseProblem problem =
            build_problem(samples, phase, options.overlap_plies, options.rank_weight);
        double rms = 0;
        const std::vector<double> w = solve_phase(problem, options, &rms);
        std::copy(w.begin(), w.end(),
                  weights.begin() + static_cast<std::ptrdiff_t>(phase) * kEntriesPerPhase);
        if (log) {
            const std::lock_guard lock(log_mutex);
            *log << "phase " << phase << ": " << problem.targets.size()
                 << " samples, training RMS error " << rms << " discs\n"
                 << std::flush;
        }
    });
    return weights;
}

std::vector<PhaseError> mean_absolute_errors(const PatternWeights& weights,
                                             const TrainingSamples& samples) {
    std::vector<PhaseError> errors(kPhaseCount + 1);
    for (const TrainingSample& s : samples) {
        const Position p = Position::from_mover(s.player, s.opponent, Color::Black);
        const double error = std::abs(weights.evaluate(p) - s.target);
        for (PhaseError* e : {&errors[phase_of(p)], &errors.back()}) {
            ++e->samples;
            e->mean_absolute_error += error;
        }
    }
    for (PhaseError& e : errors) {
        if (e.samples) e.mean_absolute_error /= e.samples;
    }
    return errors;
}

}  // namespace othello::training
