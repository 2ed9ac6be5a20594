// Each move's loss is best - played, both from the mover's side: exact, the solver's value of the
// position against the negated value of the position the move led to; searched, value(p, d)
// against -value(child, d - 1), which is exactly one of the terms value(p, d) is the maximum of,
// so a loss is never negative and the best move's is 0.
#include "training/move_losses.h"

#include <algorithm>
#include <boost/format.hpp>
#include <set>
#include <stdexcept>

#include "engine/parallel_for.h"
#include "engine/search/endgame_solver.h"
#include "training/search_labeller.h"

namespace othello::training {

namespace {

// The loss of `move` from `p` (a legal square of the side to move).
double loss_of(SearchLabeller& labeller, const Position& p, Square move,
               const MoveLossOptions& options) {
    const Position child = p.play_unchecked(move);
    if (p.empty_count() <= options.exact_empties)
        return search::solve_endgame(p) + search::solve_endgame(child);
    return labeller.value(p, options.depth, 0) + labeller.value(child, options.depth - 1, 0);
}

}  // namespace

MoveLosses move_losses(const std::vector<GgfRecord>& games, const std::string& player,
                       const patterns::PatternWeights& weights, const MoveLossOptions& options) {
    if (options.depth < 1)
        throw std::invalid_argument("the loss search needs a depth of 1 or more");
    MoveLosses out;
    out.player = player;
    out.options = options;
    std::vector<std::array<EmptiesLoss, 61>> per_game(games.size());
    std::vector<char> played(games.size(), 0);
    std::set<std::string> names;
    for (std::size_t g = 0; g < games.size(); ++g) {
        for (const char* tag : {"PB", "PW"}) {
            if (const auto name = games[g].tag(tag)) names.insert(*name);
        }
    }
    parallel_for(games.size(), options.threads, [&](std::size_t g) {
        const GgfRecord& record = games[g];
        const bool black = record.tag("PB") == player, white = record.tag("PW") == player;
        if (!black && !white) return;
        played[g] = 1;
        SearchLabeller labeller(weights, 16);
        const Game game = record.game();
        for (std::size_t i = 0; i < game.moves().size(); ++i) {
            const Position& p = game.positions()[i];
            const Color mover = p.side_to_move();
            if (game.moves()[i].is_pass()) continue;
            if (!(mover == Color::Black ? black : white)) continue;
            EmptiesLoss& e = per_game[g][static_cast<std::size_t>(p.empty_count())];
            ++e.moves;
            if (popcount(p.legal_moves()) < 2) continue;
            ++e.choices;
            const double loss = loss_of(labeller, p, game.moves()[i].square(), options);
            if (loss > 0) {
                ++e.mistakes;
                e.discs += loss;
            }
        }
    });
    for (std::size_t g = 0; g < games.size(); ++g) {
        if (!played[g]) {
            ++out.skipped;
            continue;
        }
        ++out.games;
        for (std::size_t e = 0; e < per_game[g].size(); ++e) {
            EmptiesLoss& sum = out.by_empties[e];
            sum.moves += per_game[g][e].moves;
            sum.choices += per_game[g][e].choices;
            sum.mistakes += per_game[g][e].mistakes;
            sum.discs += per_game[g][e].discs;
        }
    }
    if (out.games == 0) {
        std::string known;
        for (const std::string& name : names) known += (known.empty() ? "" : ", ") + name;
        throw std::invalid_argument("no game has a player named '" + player + "' (the records' " +
                                    "players: " + (known.empty() ? "none" : known) + ")");
    }
    return out;
}

void print_move_losses(const MoveLosses& losses, std::ostream& out) {
    const int exact = losses.options.exact_empties;
    // Ranges of empties, the exact boundary and 14 (where gtp-rhino -l 3 starts to solve) kept
    // apart.
    std::vector<std::pair<int, int>> ranges = {{60, 50}, {49, 40}, {39, 30}, {29, 21}};
    for (const auto& r : std::vector<std::pair<int, int>>{{20, 15}, {14, 10}, {9, 1}})
        ranges.push_back(r);
    std::vector<std::pair<int, int>> split;
    for (auto [high, low] : ranges) {
        if (high > exact && low <= exact) {
            split.push_back({high, exact + 1});
            split.push_back({exact, low});
        } else {
            split.push_back({high, low});
        }
    }
    double total = 0;
    for (const EmptiesLoss& e : losses.by_empties) total += e.discs;
    out << boost::format(
               "Moves of %s in %d games: discs lost against the best move (exact at %d "
               "or fewer empties, a depth-%d search before)\n\n") %
               losses.player % losses.games % exact % losses.options.depth;
    out << "| empties | how | moves | with a choice | lost | discs a move | discs a game | share "
           "of the loss |\n";
    out << "|---|---|---|---|---|---|---|---|\n";
    for (auto [high, low] : split) {
        EmptiesLoss sum;
        for (int e = low; e <= high; ++e) {
            const EmptiesLoss& x = losses.by_empties[static_cast<std::size_t>(e)];
            sum.moves += x.moves;
            sum.choices += x.choices;
            sum.mistakes += x.mistakes;
            sum.discs += x.discs;
        }
        out << boost::format("| %d-%d | %s | %d | %d | %.1f%% | %.2f | %.2f | %.1f%% |\n") % high %
                   low % (low > exact ? "depth " + std::to_string(losses.options.depth) : "exact") %
                   sum.moves % sum.choices %
                   (sum.choices ? 100.0 * sum.mistakes / sum.choices : 0.0) %
                   (sum.choices ? sum.discs / sum.choices : 0.0) % (sum.discs / losses.games) %
                   (total > 0 ? 100 * sum.discs / total : 0.0);
    }
    out << boost::format("| all | | | | | | %.2f | 100%% |\n") % (total / losses.games);
}

}  // namespace othello::training
