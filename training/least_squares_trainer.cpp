// Conjugate gradient on the normal equations (A^T M A + lambda I) w = A^T M y, one phase at a
// time, optionally preconditioned by their diagonal; M is I for plain least squares and
// I + rank_weight * C with the ranking term (apply_rank_term). A row of A holds a 1 for each of
// its kFeatureCount entries and for the bias, so A p and A^T r are gathers and scatters over the
// precomputed entries: one pass over the phase's samples per step. An entry no sample selects
// stays 0 throughout (its residual, direction and product are 0 from the start), so the vector
// steps run over the selected entries only: the same iterates (up to rounding, as the compiler
// fuses multiply-adds differently), at a cost that follows the data rather than the table.
#include "training/least_squares_trainer.h"

#include <array>
#include <cmath>
#include <mutex>
#include <stdexcept>

#include "engine/parallel_for.h"
#include "training/sample_file.h"

namespace othello::training {

using namespace patterns;

namespace {

constexpr int kRowWidth = kFeatureCount + 1;  // the selected entries and the bias

struct PhaseProblem {
    std::vector<std::uint32_t> rows;  // kRowWidth entries per sample
    std::vector<double> targets;
    std::vector<std::uint32_t> siblings;  // per sample, only for a ranking term
    double rank_weight = 0;
};

int ply_of(const TrainingSample& s) {
    return popcount(s.player | s.opponent) - 4;
}

// The plies a phase trains on: its own and `overlap` beyond each edge.
struct PlyRange {
    int first, last;
    PlyRange(int phase, int overlap)
        : first(phase * kPliesPerPhase - overlap),
          last(phase == kPhaseCount - 1 ? 60 : (phase + 1) * kPliesPerPhase - 1 + overlap) {}
    bool contains(int ply) const { return ply >= first && ply <= last; }
};

// A phase's rows held in memory: for_each(f) calls f(row, target, index) for each in order.
struct MemoryRows {
    const PhaseProblem& problem;
    template <typename F>
    void for_each(F&& f) const {
        for (std::size_t r = 0; r < problem.targets.size(); ++r)
            f(problem.rows.data() + r * kRowWidth, problem.targets[r], r);
    }
};

// The same rows read afresh from training-set files at every pass, in the files' order: the
// arithmetic is the in-memory fit's, operation for operation, with memory that does not grow
// with the files.
struct StreamedRows {
    const std::vector<std::filesystem::path>& files;
    PlyRange plies;
    template <typename F>
    void for_each(F&& f) const {
        std::array<std::uint32_t, kRowWidth> row;
        TrainingSamples block;
        std::size_t index = 0;
        for (const auto& file : files) {
            SampleFileReader reader(file);
            while (reader.read(block)) {
                for (const TrainingSample& s : block) {
                    if (!plies.contains(ply_of(s))) continue;
                    int k = 0;
                    for_each_entry(Position::from_mover(s.player, s.opponent, Color::Black),
                                   [&](std::uint32_t e) { row[k++] = e; });
                    row[k] = kBiasEntry;
                    f(row.data(), static_cast<double>(s.target), index++);
                }
            }
        }
    }
};

PhaseProblem build_problem(const TrainingSamples& samples, int phase, int overlap,
                           double rank_weight) {
    const PlyRange plies(phase, overlap);
    PhaseProblem problem;
    problem.rank_weight = rank_weight;
    for (const TrainingSample& s : samples) {
        if (!plies.contains(ply_of(s))) continue;
        for_each_entry(Position::from_mover(s.player, s.opponent, Color::Black),
                       [&](std::uint32_t e) { problem.rows.push_back(e); });
        problem.rows.push_back(kBiasEntry);
        problem.targets.push_back(s.target);
        if (rank_weight > 0) problem.siblings.push_back(s.siblings);
    }
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

// One phase's conjugate gradient over rows from anywhere (MemoryRows, StreamedRows): each step
// is one pass over them. `rank` is the ranking term's problem (siblings and weight), or null.
template <typename Rows>
class PhaseSolver {
  public:
    PhaseSolver(const Rows& rows, const PhaseProblem* rank, const TrainerOptions& options)
        : rows_(rows), rank_(rank), options_(options) {}

    // The phase's kEntriesPerPhase weights; *rms the final training RMS error, *count the rows.
    std::vector<double> solve(double* rms, std::size_t* count) {
        std::vector<double> w(kEntriesPerPhase, 0), r(kEntriesPerPhase, 0), q(kEntriesPerPhase, 0);
        // The inverse preconditioner: 1 / (diagonal of A^T A + lambda I), or 1 for plain CG. An
        // entry selected twice in one row (a pattern mapped onto itself by a symmetry) adds 2,
        // not 4, to its diagonal: any positive diagonal is a valid preconditioner, this one is
        // close. A sample in a run of siblings weighs up to 1 + rank_weight.
        std::vector<double> inverse(kEntriesPerPhase, 1.0);
        std::vector<double> diagonal(kEntriesPerPhase, options_.lambda);
        std::vector<bool> selected(kEntriesPerPhase, false);
        std::size_t n = 0;
        rows_.for_each([&](const std::uint32_t* row, double, std::size_t i) {
            const double weight = !rank_ || rank_->siblings[i] == 0 ? 1 : 1 + options_.rank_weight;
            for (int k = 0; k < kRowWidth; ++k) {
                diagonal[row[k]] += weight;
                selected[row[k]] = true;
            }
            ++n;
        });
        // An entry no row selects stays 0 throughout, so the vector steps run over these alone.
        for (int e = 0; e < kEntriesPerPhase; ++e)
            if (selected[e]) active_.push_back(static_cast<std::uint32_t>(e));
        if (options_.jacobi)
            for (int i = 0; i < kEntriesPerPhase; ++i) inverse[i] = 1 / diagonal[i];
        if (rank_) {
            std::vector<double> targets = rank_->targets;
            apply_rank_term(*rank_, targets);
            scatter(targets, r);
        } else {
            rows_.for_each([&](const std::uint32_t* row, double target, std::size_t) {
                for (int k = 0; k < kRowWidth; ++k) r[row[k]] += target;
            });
        }
        std::vector<double> z(kEntriesPerPhase, 0);
        for (const std::uint32_t i : active_) z[i] = inverse[i] * r[i];
        std::vector<double> p = z;
        double rz = dot(r, z), rr = dot(r, r);
        for (int it = 0; it < options_.iterations && rr > 1e-12; ++it) {
            normal_product(p, q);
            const double alpha = rz / dot(p, q);
            double rz_next = 0;
            rr = 0;
            for (const std::uint32_t i : active_) {
                w[i] += alpha * p[i];
                r[i] -= alpha * q[i];
                z[i] = inverse[i] * r[i];
                rz_next += r[i] * z[i];
                rr += r[i] * r[i];
            }
            const double beta = rz_next / rz;
            rz = rz_next;
            for (const std::uint32_t i : active_) p[i] = z[i] + beta * p[i];
        }
        double squares = 0;
        rows_.for_each([&](const std::uint32_t* row, double target, std::size_t) {
            double prediction = 0;
            for (int k = 0; k < kRowWidth; ++k) prediction += w[row[k]];
            squares += (prediction - target) * (prediction - target);
        });
        *rms = n ? std::sqrt(squares / static_cast<double>(n)) : 0;
        *count = n;
        return w;
    }

  private:
    // a . b over the selected entries (the others are 0 in both).
    double dot(const std::vector<double>& a, const std::vector<double>& b) const {
        double sum = 0;
        for (const std::uint32_t i : active_) sum += a[i] * b[i];
        return sum;
    }

    // out += A^T values
    void scatter(const std::vector<double>& values, std::vector<double>& out) const {
        rows_.for_each([&](const std::uint32_t* row, double, std::size_t r) {
            for (int k = 0; k < kRowWidth; ++k) out[row[k]] += values[r];
        });
    }

    // out = (A^T (I + rank_weight * C) A + lambda I) p
    void normal_product(const std::vector<double>& p, std::vector<double>& out) {
        for (const std::uint32_t i : active_) out[i] = options_.lambda * p[i];
        if (!rank_) {  // plain least squares: one pass, gather and scatter
            rows_.for_each([&](const std::uint32_t* row, double, std::size_t) {
                double sum = 0;
                for (int k = 0; k < kRowWidth; ++k) sum += p[row[k]];
                for (int k = 0; k < kRowWidth; ++k) out[row[k]] += sum;
            });
            return;
        }
        sums_.resize(rank_->targets.size());
        rows_.for_each([&](const std::uint32_t* row, double, std::size_t r) {
            double sum = 0;
            for (int k = 0; k < kRowWidth; ++k) sum += p[row[k]];
            sums_[r] = sum;
        });
        apply_rank_term(*rank_, sums_);
        scatter(sums_, out);
    }

    const Rows& rows_;
    const PhaseProblem* rank_;
    const TrainerOptions& options_;
    std::vector<std::uint32_t> active_;  // the entries some row selects, in increasing order
    std::vector<double> sums_;           // A p, for the ranking term
};

// Fits every phase, on the threads of the options (each takes whole phases, so the result does
// not depend on their number); solve_phase(phase, &rms, &count) gives one phase's weights.
template <typename SolvePhase>
std::vector<double> fit_phases(const TrainerOptions& options, std::ostream* log,
                               SolvePhase&& solve_phase) {
    std::vector<double> weights(static_cast<std::size_t>(kPhaseCount) * kEntriesPerPhase, 0);
    std::mutex log_mutex;
    parallel_for(kPhaseCount, options.threads, [&](std::size_t index) {
        const int phase = static_cast<int>(index);
        double rms = 0;
        std::size_t count = 0;
        const std::vector<double> w = solve_phase(phase, &rms, &count);
        std::copy(w.begin(), w.end(),
                  weights.begin() + static_cast<std::ptrdiff_t>(phase) * kEntriesPerPhase);
        if (log) {
            const std::lock_guard lock(log_mutex);
            *log << "phase " << phase << ": " << count << " samples, training RMS error " << rms
                 << " discs\n"
                 << std::flush;
        }
    });
    return weights;
}

}  // namespace

std::vector<double> fit_pattern_weights(const TrainingSamples& samples,
                                        const TrainerOptions& options, std::ostream* log) {
    return fit_phases(options, log, [&](int phase, double* rms, std::size_t* count) {
        const PhaseProblem problem =
            build_problem(samples, phase, options.overlap_plies, options.rank_weight);
        const MemoryRows rows{problem};
        PhaseSolver solver(rows, problem.siblings.empty() ? nullptr : &problem, options);
        return solver.solve(rms, count);
    });
}

std::vector<double> fit_pattern_weights_streamed(const std::vector<std::filesystem::path>& files,
                                                 const TrainerOptions& options, std::ostream* log) {
    if (options.rank_weight > 0)
        throw std::invalid_argument(
            "a streamed fit has no ranking term (--rank-weight): fit in memory instead");
    for (const auto& file : files) SampleFileReader check(file);  // refused before any work
    return fit_phases(options, log, [&](int phase, double* rms, std::size_t* count) {
        const StreamedRows rows{files, PlyRange(phase, options.overlap_plies)};
        PhaseSolver solver(rows, nullptr, options);
        return solver.solve(rms, count);
    });
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
