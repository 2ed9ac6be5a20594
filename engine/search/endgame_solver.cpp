// Principal-variation alpha-beta on bitboards, in three regimes by the number of empties:
// - from kTableFromEmpties on, in solves of kTableFromRootEmpties or more, a transposition table
//   keeps each position's bounds and best move (the same positions are reached by many move
//   orders, and the best move found is tried first when a position comes back with another
//   window); smaller solves gain nothing from it;
// - from kOrderFromEmpties on, moves are tried in order of the opponent's fewest replies, a cheap
//   and strong ordering for exact endgames;
// - below that, sorting costs more than it saves: moves in regions with an odd number of empties
//   come first (the side that moves last in a region usually gains there), and the last empty
//   square is scored without generating moves.
// From kOrderFromEmpties on, a node searches its moves after the first with a null window (can
// it beat alpha?) and again with the full window only when one can: with good ordering most of
// them cannot. A cut-off by the opponent's stable discs spares the search of hopeless windows.
#include "engine/search/endgame_solver.h"

#include <algorithm>
#include <array>
#include <memory>
#include <vector>

#include "engine/instruction_set.h"
#include "engine/movegen.h"
#include "engine/search/negamax.h"
#include "engine/stability.h"

namespace othello::search {

namespace {

constexpr int kTableFromRootEmpties = 12;
constexpr int kTableFromEmpties = 9;
constexpr int kOrderFromEmpties = 6;
// Below this alpha the opponent would need over 28 stable discs for a cut: not worth counting.
constexpr int kStabilityFromAlpha = 8;

// The four 4x4 quadrants: the usual stand-in for the board's regions.
constexpr std::array<Bitboard, 4> kQuadrants = {0x000000000F0F0F0FULL, 0x00000000F0F0F0F0ULL,
                                                0x0F0F0F0F00000000ULL, 0xF0F0F0F000000000ULL};

constexpr Bitboard kCorners = 0x8100000000000081ULL;

// The empty squares of every quadrant that holds an odd number of them.
Bitboard odd_regions(Bitboard empty) {
    Bitboard odd = 0;
    for (Bitboard q : kQuadrants)
        if (popcount(empty & q) & 1) odd |= empty & q;
    return odd;
}

// Bounds on a position's exact value, and the best move found for it. The exact value of a
// position depends on nothing else, so entries stay true across solves and the table is kept.
struct TableEntry {
    Bitboard player = 0, opponent = 0;  // no real position has no discs: 0/0 is an empty slot
    std::int8_t lower = -64, upper = 64;
    std::int8_t best = -1;
};

class TranspositionTable {
  public:
    static constexpr int kBits = 16;  // 65,536 entries of 24 bytes: 1.5 MiB a thread

    TranspositionTable() : entries_(std::size_t{1} << kBits) {}

    const TableEntry* find(Bitboard player, Bitboard opponent) const {
        const TableEntry& e = entries_[index(player, opponent)];
        return e.player == player && e.opponent == opponent ? &e : nullptr;
    }

    // Records that the value lies in [lower, upper], narrowing what is known (both are true
    // bounds, so they combine); a different position in the slot is replaced.
    void store(Bitboard player, Bitboard opponent, int lower, int upper, int best) {
        TableEntry& e = entries_[index(player, opponent)];
        if (e.player != player || e.opponent != opponent) e = TableEntry{player, opponent};
        e.lower = static_cast<std::int8_t>(std::max<int>(e.lower, lower));
        e.upper = static_cast<std::int8_t>(std::min<int>(e.upper, upper));
        if (best >= 0) e.best = static_cast<std::int8_t>(best);
    }

  private:
    static std::size_t index(Bitboard player, Bitboard opponent) {
        const Bitboard h = (player ^ (opponent * 0x9E3779B97F4A7C15ULL)) * 0xD6E8FEB86659FD93ULL;
        return static_cast<std::size_t>(h >> (64 - kBits));
    }

    std::vector<TableEntry> entries_;
};

// One table a thread, made on its first solve of kTableFromRootEmpties or more.
TranspositionTable& thread_table() {
    thread_local std::unique_ptr<TranspositionTable> table;
    if (!table) table = std::make_unique<TranspositionTable>();
    return *table;
}

// Thrown out of a solve that passes its budget.
struct OverBudget {};

// The search on the instruction set Isa: each node is entered through run_on<Isa>, so that the
// whole recursion runs on the set it started on (engine/instruction_set.h).
template <InstructionSet Isa>
struct Solver {
    std::uint64_t nodes = 0;
    std::uint64_t most_nodes = UINT64_MAX;  // checked where moves are sorted: the rest is small
    TranspositionTable* table = nullptr;

    int search(Bitboard player, Bitboard opponent, int alpha, int beta) {
        return run_on<Isa, Node>(*this, player, opponent, alpha, beta);
    }

    struct Node {
        template <InstructionSet>
        [[gnu::always_inline]] static int run(Solver& solver, Bitboard player, Bitboard opponent,
                                              int alpha, int beta) {
            return solver.node(player, opponent, alpha, beta);
        }
    };

    // The value of the board filled by one last move on `square`, by whichever side can make it.
    [[gnu::always_inline]] int last_move(Bitboard player, Bitboard opponent, int square) {
        ++nodes;
        if (const int n = popcount(flips(square, player, opponent)))
            return 2 * (popcount(player) + n + 1) - 64;
        if (const int n = popcount(flips(square, opponent, player)))
            return 64 - 2 * (popcount(opponent) + n + 1);
        return final_score(player, opponent);
    }

    // One position's search, entered through search().
    [[gnu::always_inline]] int node(Bitboard player, Bitboard opponent, int alpha, int beta) {
        const Bitboard empty = ~(player | opponent);
        const int empties = popcount(empty);
        if (empties == 1) return last_move(player, opponent, lowest_index(empty));
        ++nodes;
        const Bitboard moves = legal_moves_on<Isa>(player, opponent);
        if (!moves) {
            if (!legal_moves_on<Isa>(opponent, player)) return final_score(player, opponent);
            return -search(opponent, player, -beta, -alpha);
        }
        if (empties < kOrderFromEmpties)
            return search_by_regions(player, opponent, moves, empty, alpha, beta);
        return search_sorted(player, opponent, moves, empty, empties, alpha, beta);
    }

    // Few empties: odd regions first, then the rest, each in board order; fail-soft.
    [[gnu::always_inline]] int search_by_regions(Bitboard player, Bitboard opponent, Bitboard moves,
                                                 Bitboard empty, int alpha, int beta) {
        const Bitboard odd = odd_regions(empty);
        const std::array<Bitboard, 2> parts = {moves & odd, moves & ~odd};
        return fail_soft_max(parts, alpha, beta, -65, [&](Bitboard part, int a, int b) {
            return fail_soft_max(Bits(part), a, b, -65, [&](int sq, int a2, int b2) {
                const Bitboard flipped = flips(sq, player, opponent);
                return -search(opponent ^ flipped, player | flipped | bit(sq), -b2, -a2);
            });
        });
    }

    [[gnu::always_inline]] int search_sorted(Bitboard player, Bitboard opponent, Bitboard moves,
                                             Bitboard empty, int empties, int alpha, int beta) {
        if (nodes > most_nodes) throw OverBudget{};
        // The opponent's stable discs are theirs at the end: the most this side can score is
        // 64 less two for each of them, and a window above that needs no search.
        if (alpha >= kStabilityFromAlpha) {
            const int most = 64 - 2 * popcount(stable_discs(opponent, player | opponent));
            if (most <= alpha) return most;
            beta = std::min(beta, most);
        }
        int table_best = -1;
        const bool tabled = table && empties >= kTableFromEmpties;
        if (tabled) {
            if (const TableEntry* e = table->find(player, opponent)) {
                if (e->lower >= beta) return e->lower;
                if (e->upper <= alpha) return e->upper;
                if (e->lower == e->upper) return e->lower;
                alpha = std::max<int>(alpha, e->lower);
                beta = std::min<int>(beta, e->upper);
                table_best = e->best;
            }
        }
        struct Child {
            Bitboard player, opponent;
            int square, key;
        };
        std::array<Child, kMaxLegalMoves> children;
        int count = 0;
        const Bitboard odd = odd_regions(empty);
        for (int sq : Bits(moves)) {
            const Bitboard flipped = flips(sq, player, opponent);
            const Bitboard next_player = opponent ^ flipped;
            const Bitboard next_opponent = player | flipped | bit(sq);
            // Fewest replies first; among equals, a move in an odd region.
            const Bitboard replies = legal_moves_on<Isa>(next_player, next_opponent);
            int key = 4 * (popcount(replies) + popcount(replies & kCorners)) - ((odd >> sq) & 1);
            if (sq == table_best) key = -1000;
            children[count++] = {next_player, next_opponent, sq, key};
        }
        std::sort(children.begin(), children.begin() + count,
                  [](const Child& a, const Child& b) { return a.key < b.key; });

        const int window_alpha = alpha;
        int best = -65, best_square = -1;
        for (int i = 0; i < count; ++i) {
            const Child& c = children[i];
            int value;
            if (i == 0) {
                value = -search(c.player, c.opponent, -beta, -alpha);
            } else {
                value = -search(c.player, c.opponent, -alpha - 1, -alpha);
                if (value > alpha && value < beta)
                    value = -search(c.player, c.opponent, -beta, -alpha);
            }
            if (value > best) {
                best = value;
                best_square = c.square;
                if (value > alpha) alpha = value;
                if (alpha >= beta) break;
            }
        }
        if (tabled) {
            const int lower = best >= beta ? best : (best > window_alpha ? best : -64);
            const int upper = best <= window_alpha ? best : (best >= beta ? 64 : best);
            table->store(player, opponent, lower, upper, best > window_alpha ? best_square : -1);
        }
        return best;
    }
};

// A whole solve on the instruction set Isa: the value, or nothing past `most_nodes` positions.
struct Solve {
    template <InstructionSet Isa>
    static std::optional<int> run(const Position& p, TranspositionTable* table,
                                  std::uint64_t most_nodes, std::uint64_t* nodes) {
        Solver<Isa> solver;
        solver.table = table;
        solver.most_nodes = most_nodes;
        try {
            const int value = solver.search(p.player(), p.opponent(), -64, 64);
            if (nodes) *nodes += solver.nodes;
            if (solver.nodes > most_nodes) return std::nullopt;
            return value;
        } catch (const OverBudget&) {
            if (nodes) *nodes += solver.nodes;
            return std::nullopt;
        }
    }
};

}  // namespace

int solve_endgame(const Position& p, std::uint64_t* nodes, InstructionSet set) {
    TranspositionTable* table =
        p.empty_count() >= kTableFromRootEmpties ? &thread_table() : nullptr;
    return *dispatch<Solve>(set, p, table, UINT64_MAX, nodes);
}

std::optional<int> solve_endgame_within(const Position& p, std::uint64_t most_positions,
                                        InstructionSet set, std::uint64_t* nodes) {
    std::unique_ptr<TranspositionTable> own;
    if (p.empty_count() >= kTableFromRootEmpties) own = std::make_unique<TranspositionTable>();
    return dispatch<Solve>(set, p, own.get(), most_positions, nodes);
}

}  // namespace othello::search
