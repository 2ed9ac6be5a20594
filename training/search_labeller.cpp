// Negamax alpha-beta over the pattern evaluation, in integer weight units. Interior nodes two or
// more plies from the leaves try their moves best-first by the evaluation of the position each
// leads to.
#include "training/search_labeller.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <climits>
#include <mutex>
#include <span>

#include "engine/movegen.h"
#include "engine/parallel_for.h"
#include "engine/search/endgame_solver.h"
#include "engine/search/negamax.h"

namespace othello::training {

using namespace patterns;

namespace {

constexpr std::int32_t kUnits = PatternWeights::kUnitsPerDisc;

struct Searcher {
    const PatternWeights& weights;

    std::int32_t evaluate(Bitboard player, Bitboard opponent) const {
        return weights.score_units(Position::from_mover(player, opponent, Color::Black));
    }

    static std::int32_t final_units(Bitboard player, Bitboard opponent) {
        return search::final_score(player, opponent) * kUnits;
    }

    std::int32_t search(Bitboard player, Bitboard opponent, int depth, std::int32_t alpha,
                        std::int32_t beta) const {
        const Bitboard moves = legal_moves(player, opponent);
        if (!moves) {
            if (!legal_moves(opponent, player)) return final_units(player, opponent);
            return -search(opponent, player, depth, -beta, -alpha);
        }
        if (depth <= 0) return evaluate(player, opponent);
        struct Child {
            Bitboard player, opponent;
            std::int32_t order;
        };
        std::array<Child, kMaxLegalMoves> children;
        int count = 0;
        for (int sq : Bits(moves)) {
            const Bitboard flipped = flips(sq, player, opponent);
            Child c{opponent ^ flipped, player | flipped | bit(sq), 0};
            // The opponent's evaluation of the child: lowest first is best first for us.
            if (depth >= 2) c.order = evaluate(c.player, c.opponent);
            children[count++] = c;
        }
        if (depth >= 2) {
            std::stable_sort(children.begin(), children.begin() + count,
                             [](const Child& a, const Child& b) { return a.order < b.order; });
        }
        return search::fail_soft_max(std::span(children.data(), count), alpha, beta, INT32_MIN,
                                     [&](const Child& c, std::int32_t a, std::int32_t b) {
                                         return -search(c.player, c.opponent, depth - 1, -b, -a);
                                     });
    }
};

}  // namespace

double search_value(const PatternWeights& weights, const Position& p, int depth,
                    int exact_empties) {
    if (p.empty_count() <= exact_empties) return search::solve_endgame(p);
    const Searcher searcher{weights};
    const std::int32_t value =
        searcher.search(p.player(), p.opponent(), depth, INT32_MIN + 1, INT32_MAX);
    return static_cast<double>(value) / kUnits;
}

void relabel_by_search(TrainingSamples& samples, const PatternWeights& weights,
                       const SearchLabelOptions& options, std::ostream* log) {
    const auto start = std::chrono::steady_clock::now();
    constexpr std::size_t kChunk = 4096;
    std::atomic<std::size_t> done{0};
    std::mutex log_mutex;
    const std::size_t report_every = std::max<std::size_t>(samples.size() / 10, 1);
    const std::size_t chunks = (samples.size() + kChunk - 1) / kChunk;
    parallel_for(chunks, options.threads, [&](std::size_t chunk) {
        const std::size_t first = chunk * kChunk;
        const std::size_t last = std::min(samples.size(), first + kChunk);
        for (std::size_t i = first; i < last; ++i) {
            TrainingSample& s = samples[i];
            const Position p = Position::from_mover(s.player, s.opponent, Color::Black);
            if (p.empty_count() < options.from_empties) continue;
            const double value = search_value(weights, p, options.depth, options.exact_empties);
            s.target = static_cast<float>(options.search_share * value +
                                          (1 - options.search_share) * s.target);
        }
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
}

}  // namespace othello::training
