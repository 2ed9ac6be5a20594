// Principal-variation alpha-beta over the pattern evaluation, in integer weight units, with a
// transposition table. Interior nodes two or more plies from the leaves try the table's move first,
// then the others best-first; nodes one ply from the leaves evaluate every child anyway, so they
// neither order nor use the table.
#include "training/search_labeller.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <climits>
#include <ctime>
#include <mutex>
#include <span>
#include <vector>

#include "engine/movegen.h"
#include "engine/parallel_for.h"
#include "engine/search/endgame_solver.h"
#include "engine/search/negamax.h"

namespace othello::training {

using namespace patterns;

namespace {

constexpr std::int32_t kUnits = PatternWeights::kUnitsPerDisc;
constexpr std::int32_t kInfinity = INT32_MAX;
constexpr std::int8_t kNoMove = -1;
// Nodes this many plies or more from the leaves order their moves by the evaluation.
constexpr int kEvaluationOrderFrom = 3;

std::uint64_t hash_of(Bitboard player, Bitboard opponent) {
    std::uint64_t h = player * 0x9E3779B97F4A7C15ULL ^ (opponent + 0x632BE59BD9B4E019ULL);
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ULL;
    return h ^ (h >> 32);
}

}  // namespace

// One entry a slot, always replaced: the newest search of a position is the likeliest to come
// again (its siblings' searches follow it).
struct SearchLabeller::Table {
    struct Entry {
        Bitboard player = 0, opponent = 0;  // both 0: empty (no position has no disc)
        std::int32_t lower = -kInfinity, upper = kInfinity;
        std::int8_t depth = -1;
        std::int8_t move = kNoMove;
    };
    explicit Table(int bits)
        : entries(std::size_t{1} << bits), mask((std::size_t{1} << bits) - 1) {}
    Entry& slot(Bitboard player, Bitboard opponent) {
        return entries[hash_of(player, opponent) & mask];
    }
    // The fail-soft value `best` of a search of the position to `depth` within (alpha, beta): a
    // bound, or the value itself; kept with the bounds of the same depth the slot already held.
    // The slot is read afresh: the searches below may have replaced its entry.
    void remember(Bitboard player, Bitboard opponent, int depth, std::int32_t best,
                  std::int32_t alpha, std::int32_t beta, std::int8_t move) {
        Entry& out = slot(player, opponent);
        const bool same = out.player == player && out.opponent == opponent && out.depth == depth;
        out.player = player;
        out.opponent = opponent;
        out.depth = static_cast<std::int8_t>(depth);
        out.move = move;
        if (!same) {
            out.lower = -kInfinity;
            out.upper = kInfinity;
        }
        if (best <= alpha) {
            out.upper = std::min(out.upper, best);
        } else if (best >= beta) {
            out.lower = std::max(out.lower, best);
        } else {
            out.lower = out.upper = best;
        }
    }
    std::vector<Entry> entries;
    std::size_t mask;
};

SearchLabeller::SearchLabeller(const PatternWeights& weights, int table_bits)
    : weights_(weights), table_(std::make_unique<Table>(table_bits)) {}

SearchLabeller::~SearchLabeller() = default;

std::int32_t SearchLabeller::evaluate(Bitboard player, Bitboard opponent) const {
    return weights_.score_units(Position::from_mover(player, opponent, Color::Black));
}

std::int32_t SearchLabeller::search(Bitboard player, Bitboard opponent, int depth,
                                    std::int32_t alpha, std::int32_t beta) {
    ++nodes_;
    const Bitboard moves = legal_moves(player, opponent);
    if (!moves) {
        if (!legal_moves(opponent, player)) return search::final_score(player, opponent) * kUnits;
        return -search(opponent, player, depth, -beta, -alpha);
    }
    if (depth <= 0) return evaluate(player, opponent);
    struct Child {
        Bitboard player, opponent;
        std::int32_t order;
        std::int8_t square;
    };
    std::array<Child, kMaxLegalMoves> children;
    int count = 0;
    for (int sq : Bits(moves)) {
        const Bitboard flipped = flips(sq, player, opponent);
        children[count++] = {opponent ^ flipped, player | flipped | bit(sq), 0,
                             static_cast<std::int8_t>(sq)};
    }
    const auto child_value = [&](const Child& c, std::int32_t a, std::int32_t b) {
        return -search(c.player, c.opponent, depth - 1, -b, -a);
    };
    if (depth == 1) {
        return search::fail_soft_max(std::span(children.data(), count), alpha, beta, INT32_MIN,
                                     child_value);
    }

    Table::Entry& entry = table_->slot(player, opponent);
    const bool known = entry.player == player && entry.opponent == opponent;
    if (known && entry.depth == depth) {
        if (entry.lower >= beta) return entry.lower;
        if (entry.upper <= alpha) return entry.upper;
        if (entry.lower == entry.upper) return entry.lower;
        alpha = std::max(alpha, entry.lower);
        beta = std::min(beta, entry.upper);
    }
    const std::int8_t remembered = known ? entry.move : kNoMove;
    // Lowest first is best first for us: the remembered move before all, then by the opponent's
    // evaluation of the child, or, two plies from the leaves, by the opponent's number of moves
    // (a fraction of an evaluation's cost, where the ordering saves least).
    for (int i = 0; i < count; ++i) {
        Child& c = children[i];
        c.order = c.square == remembered ? INT32_MIN
                  : depth >= kEvaluationOrderFrom
                      ? evaluate(c.player, c.opponent)
                      : static_cast<std::int32_t>(popcount(legal_moves(c.player, c.opponent)));
    }
    std::stable_sort(children.begin(), children.begin() + count,
                     [](const Child& a, const Child& b) { return a.order < b.order; });

    const std::int32_t alpha_in = alpha, beta_in = beta;
    std::int32_t best = INT32_MIN;
    std::int8_t best_move = children[0].square;
    for (int i = 0; i < count; ++i) {
        const Child& c = children[i];
        std::int32_t value;
        if (i == 0) {
            value = child_value(c, alpha, beta);
        } else {
            // A null window proves the move no better than the best so far; only a move that
            // beats it is searched again with the full window.
            value = child_value(c, alpha, alpha + 1);
            if (value > alpha && value < beta) value = child_value(c, value, beta);
        }
        if (value > best) {
            best = value;
            best_move = c.square;
            if (value > alpha) alpha = value;
            if (alpha >= beta) break;
        }
    }
    table_->remember(player, opponent, depth, best, alpha_in, beta_in, best_move);
    return best;
}

double SearchLabeller::value(const Position& p, int depth, int exact_empties) {
    if (p.empty_count() <= exact_empties) return search::solve_endgame(p, &nodes_);
    // No iterative deepening: at these depths the evaluation orders the moves about as well as
    // shallower searches would, for less (measured: docs/training-log.md).
    const std::int32_t value = search(p.player(), p.opponent(), depth, INT32_MIN + 1, INT32_MAX);
    return static_cast<double>(value) / kUnits;
}

double search_value(const PatternWeights& weights, const Position& p, int depth,
                    int exact_empties) {
    SearchLabeller labeller(weights, 10);
    return labeller.value(p, depth, exact_empties);
}

void relabel_by_search(TrainingSamples& samples, const PatternWeights& weights,
                       const SearchLabelOptions& options, std::ostream* log) {
    const auto start = std::chrono::steady_clock::now();
    const std::clock_t cpu_start = std::clock();
    constexpr std::size_t kChunk = 4096;
    std::atomic<std::size_t> done{0};
    std::atomic<std::uint64_t> nodes{0};
    std::mutex log_mutex;
    const std::size_t report_every = std::max<std::size_t>(samples.size() / 10, 1);
    const std::size_t chunks = (samples.size() + kChunk - 1) / kChunk;
    parallel_for(chunks, options.threads, [&](std::size_t chunk) {
        const std::size_t first = chunk * kChunk;
        const std::size_t last = std::min(samples.size(), first + kChunk);
        // A chunk's positions are consecutive, so a parent's children share one table.
        SearchLabeller labeller(weights);
        for (std::size_t i = first; i < last; ++i) {
            TrainingSample& s = samples[i];
            const Position p = Position::from_mover(s.player, s.opponent, Color::Black);
            if (p.empty_count() < options.from_empties) continue;
            const double value = labeller.value(p, options.depth, options.exact_empties);
            s.target = static_cast<float>(options.search_share * value +
                                          (1 - options.search_share) * s.target);
        }
        nodes += labeller.nodes();
        const std::size_t before = done.fetch_add(last - first);
        if (log && (before + (last - first)) / report_every != before / report_every) {
            const std::lock_guard lock(log_mutex);
            *log << "relabelled " << before + (last - first) << " of " << samples.size()
                 << " positions ("
                 << std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()
                 << " s)\n"
                 << std::flush;
        }
    });
    if (log && !samples.empty()) {
        const double cpu = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
        *log << "labeller: " << samples.size() << " positions in " << cpu << " s of CPU time, "
             << (cpu > 0 ? static_cast<double>(samples.size()) / cpu : 0)
             << " positions a CPU-second, " << nodes.load() << " nodes\n"
             << std::flush;
    }
}

}  // namespace othello::training
