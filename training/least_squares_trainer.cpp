// Conjugate gradient on the normal equations (A^T M A + lambda I) w = A^T M y, one phase at a
// time, optionally preconditioned by their diagonal; M is I for plain least squares and
// I + rank_weight * C with the ranking term (apply_rank_term). A row of A holds a 1 for each of
// its kFeatureCount entries and for the bias, so A p and A^T r are gathers and scatters over the
// precomputed entries: one pass over the phase's samples per step. An entry no sample selects
// stays 0 throughout (its residual, direction and product are 0 from the start), so the vector
// steps run over the selected entries only: the same iterates (up to rounding, as the compiler
// fuses multiply-adds differently), at a cost that follows the data rather than the table.
#include "training/least_squares_trainer.h"

#include <algorithm>
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

PhaseProblem build_problem(const TrainingSamples& samples, int phase, int overlap,
                           double rank_weight) {
    const PlyRange plies(phase, overlap);
    PhaseProblem problem;
    problem.rank_weight = rank_weight;
    for (const TrainingSample& s : samples) {
        if (!plies.contains(ply_of(s))) continue;
        const Features f =
            extract_features(Position::from_mover(s.player, s.opponent, Color::Black));
        problem.rows.insert(problem.rows.end(), f.entries.begin(), f.entries.end());
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

// One phase's conjugate-gradient state. The callers feed it rows (a row: the kRowWidth entries a
// sample selects) in the samples' order, through the same operations in the same order, so the
// in-memory and the streamed fits give the same weights, bit for bit.
struct PhaseState {
    std::vector<double> w, r, q, z, p, inverse, diagonal;
    std::vector<bool> selected;
    std::vector<std::uint32_t> active;  // the entries some row selects, in increasing order
    std::size_t rows = 0;
    double rz = 0, rr = 0, squares = 0;
    int iteration = 0;

    explicit PhaseState(double lambda)
        : w(kEntriesPerPhase, 0),
          r(kEntriesPerPhase, 0),
          q(kEntriesPerPhase, 0),
          z(kEntriesPerPhase, 0),
          inverse(kEntriesPerPhase, 1.0),
          diagonal(kEntriesPerPhase, lambda),
          selected(kEntriesPerPhase, false) {}

    // The first pass: the diagonal of the normal equations (an entry selected twice in one row,
    // a pattern mapped onto itself by a symmetry, adds 2, not 4: any positive diagonal is a
    // valid preconditioner, this one is close; a sample in a run of siblings weighs up to
    // 1 + rank_weight) and the entries selected.
    void count_row(const std::uint32_t* row, double weight) {
        for (int k = 0; k < kRowWidth; ++k) {
            diagonal[row[k]] += weight;
            selected[row[k]] = true;
        }
        ++rows;
    }
    // r += A^T value, row by row: the right-hand side.
    void add_to_residual(const std::uint32_t* row, double value) {
        for (int k = 0; k < kRowWidth; ++k) r[row[k]] += value;
    }
    // Once the right-hand side is whole. An entry no row selects stays 0 throughout, so the
    // vector steps run over the selected ones alone.
    void begin(bool jacobi) {
        for (int e = 0; e < kEntriesPerPhase; ++e)
            if (selected[e]) active.push_back(static_cast<std::uint32_t>(e));
        if (jacobi)
            for (int i = 0; i < kEntriesPerPhase; ++i) inverse[i] = 1 / diagonal[i];
        for (const std::uint32_t i : active) z[i] = inverse[i] * r[i];
        p = z;
        rz = dot(r, z);
        rr = dot(r, r);
    }
    bool running(int iterations) const { return iteration < iterations && rr > 1e-12; }
    // q = lambda p, before the rows add A^T (M A p).
    void start_product(double lambda) {
        for (const std::uint32_t i : active) q[i] = lambda * p[i];
    }
    double row_sum(const std::uint32_t* row) const {
        double sum = 0;
        for (int k = 0; k < kRowWidth; ++k) sum += p[row[k]];
        return sum;
    }
    void add_to_product(const std::uint32_t* row, double value) {
        for (int k = 0; k < kRowWidth; ++k) q[row[k]] += value;
    }
    // The step, once q holds the product.
    void step() {
        const double alpha = rz / dot(p, q);
        double rz_next = 0;
        rr = 0;
        for (const std::uint32_t i : active) {
            w[i] += alpha * p[i];
            r[i] -= alpha * q[i];
            z[i] = inverse[i] * r[i];
            rz_next += r[i] * z[i];
            rr += r[i] * r[i];
        }
        const double beta = rz_next / rz;
        rz = rz_next;
        for (const std::uint32_t i : active) p[i] = z[i] + beta * p[i];
        ++iteration;
    }
    void add_squared_error(const std::uint32_t* row, double target) {
        double prediction = 0;
        for (int k = 0; k < kRowWidth; ++k) prediction += w[row[k]];
        squares += (prediction - target) * (prediction - target);
    }
    double rms() const { return rows ? std::sqrt(squares / static_cast<double>(rows)) : 0; }

  private:
    // a . b over the selected entries (the others are 0 in both).
    double dot(const std::vector<double>& a, const std::vector<double>& b) const {
        double sum = 0;
        for (const std::uint32_t i : active) sum += a[i] * b[i];
        return sum;
    }
};

// One phase held in memory; with a ranking term, M = I + rank_weight * C between A^T and A.
std::vector<double> solve_in_memory(const PhaseProblem& problem, const TrainerOptions& options,
                                    double* rms, std::size_t* count) {
    PhaseState state(options.lambda);
    const std::size_t n = problem.targets.size();
    const bool rank = !problem.siblings.empty();
    const auto row = [&](std::size_t i) { return problem.rows.data() + i * kRowWidth; };
    for (std::size_t i = 0; i < n; ++i)
        state.count_row(row(i), !rank || problem.siblings[i] == 0 ? 1 : 1 + options.rank_weight);
    std::vector<double> targets = problem.targets;
    if (rank) apply_rank_term(problem, targets);
    for (std::size_t i = 0; i < n; ++i) state.add_to_residual(row(i), targets[i]);
    state.begin(options.jacobi);
    std::vector<double> sums(rank ? n : 0);
    while (state.running(options.iterations)) {
        state.start_product(options.lambda);
        if (!rank) {  // plain least squares: one pass, gather and scatter
            for (std::size_t i = 0; i < n; ++i) state.add_to_product(row(i), state.row_sum(row(i)));
        } else {
            for (std::size_t i = 0; i < n; ++i) sums[i] = state.row_sum(row(i));
            apply_rank_term(problem, sums);
            for (std::size_t i = 0; i < n; ++i) state.add_to_product(row(i), sums[i]);
        }
        state.step();
    }
    for (std::size_t i = 0; i < n; ++i) state.add_squared_error(row(i), problem.targets[i]);
    *rms = state.rms();
    *count = n;
    return std::move(state.w);
}

// Several phases read from training-set files, in lockstep: each pass over the files (in their
// order) computes a sample's entries once and gives them to the phases whose plies hold it.
class StreamedPhases {
  public:
    StreamedPhases(const std::vector<std::filesystem::path>& files, const std::vector<int>& phases,
                   const TrainerOptions& options)
        : files_(files), options_(options), running_(phases.size(), true) {
        for (const int phase : phases) {
            plies_.emplace_back(phase, options.overlap_plies);
            states_.emplace_back(options.lambda);
        }
    }

    void solve() {
        for_each_row([&](PhaseState& s, const std::uint32_t* row, double target) {
            s.count_row(row, 1);
            s.add_to_residual(row, target);
        });
        for (PhaseState& s : states_) s.begin(options_.jacobi);
        for (;;) {
            bool any = false;
            for (std::size_t k = 0; k < states_.size(); ++k) {
                running_[k] = states_[k].running(options_.iterations);
                if (running_[k]) states_[k].start_product(options_.lambda);
                any = any || running_[k];
            }
            if (!any) break;
            for_each_row([](PhaseState& s, const std::uint32_t* row, double) {
                s.add_to_product(row, s.row_sum(row));
            });
            for (std::size_t k = 0; k < states_.size(); ++k)
                if (running_[k]) states_[k].step();
        }
        running_.assign(states_.size(), true);
        for_each_row([](PhaseState& s, const std::uint32_t* row, double target) {
            s.add_squared_error(row, target);
        });
    }

    PhaseState& state(std::size_t k) { return states_[k]; }

  private:
    // f(state, row, target) for every sample and every running phase that holds its ply.
    template <typename F>
    void for_each_row(F&& f) {
        std::array<std::uint32_t, kRowWidth> row;
        TrainingSamples block;
        for (const auto& file : files_) {
            SampleFileReader reader(file);
            while (reader.read(block)) {
                for (const TrainingSample& s : block) {
                    const int ply = ply_of(s);
                    bool computed = false;
                    for (std::size_t k = 0; k < states_.size(); ++k) {
                        if (!running_[k] || !plies_[k].contains(ply)) continue;
                        if (!computed) {
                            // On this machine's best instruction set (pext where it is fast):
                            // the entries are recomputed at every pass.
                            const Features f = extract_features(
                                Position::from_mover(s.player, s.opponent, Color::Black));
                            std::copy(f.entries.begin(), f.entries.end(), row.begin());
                            row[f.entries.size()] = kBiasEntry;
                            computed = true;
                        }
                        f(states_[k], row.data(), static_cast<double>(s.target));
                    }
                }
            }
        }
    }

    const std::vector<std::filesystem::path>& files_;
    const TrainerOptions& options_;
    std::vector<PlyRange> plies_;
    std::vector<PhaseState> states_;
    std::vector<bool> running_;  // the phases whose steps go on (all, for the first and last pass)
};

void log_phase(std::ostream* log, std::mutex& log_mutex, int phase, std::size_t rows, double rms) {
    if (!log) return;
    const std::lock_guard lock(log_mutex);
    *log << "phase " << phase << ": " << rows << " samples, training RMS error " << rms
         << " discs\n"
         << std::flush;
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
        std::size_t count = 0;
        const std::vector<double> w = solve_in_memory(problem, options, &rms, &count);
        std::copy(w.begin(), w.end(),
                  weights.begin() + static_cast<std::ptrdiff_t>(phase) * kEntriesPerPhase);
        log_phase(log, log_mutex, phase, count, rms);
    });
    return weights;
}

std::vector<double> fit_pattern_weights_streamed(const std::vector<std::filesystem::path>& files,
                                                 const TrainerOptions& options, std::ostream* log) {
    if (options.rank_weight > 0)
        throw std::invalid_argument(
            "a streamed fit has no ranking term (--rank-weight): fit in memory instead");
    for (const auto& file : files) SampleFileReader check(file);  // refused before any work
    std::vector<double> weights(static_cast<std::size_t>(kPhaseCount) * kEntriesPerPhase, 0);
    std::mutex log_mutex;
    // Thread t takes the phases t, t + threads, ...: one pass over the files a step each.
    const int threads = std::clamp(options.threads, 1, kPhaseCount);
    parallel_for(static_cast<std::size_t>(threads), threads, [&](std::size_t t) {
        std::vector<int> phases;
        for (int phase = static_cast<int>(t); phase < kPhaseCount; phase += threads)
            phases.push_back(phase);
        StreamedPhases streamed(files, phases, options);
        streamed.solve();
        for (std::size_t k = 0; k < phases.size(); ++k) {
            const PhaseState& state = streamed.state(k);
            std::copy(state.w.begin(), state.w.end(),
                      weights.begin() + static_cast<std::ptrdiff_t>(phases[k]) * kEntriesPerPhase);
            log_phase(log, log_mutex, phases[k], state.rows, state.rms());
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
