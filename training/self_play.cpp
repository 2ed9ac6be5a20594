// Self-play games on several threads, merged in game order so the data does not depend on timing.
#include "training/self_play.h"

#include <stdexcept>

#include "engine/parallel_for.h"
#include "engine/patterns/regression_policy.h"
#include "engine/search/endgame_solver.h"

namespace othello::training {

using namespace patterns;

void add_exactly_labelled_positions(const Game& game, int exact_empties, TrainingSamples& out) {
    const auto result = black_result(game);
    if (!result)
        throw std::invalid_argument("add_exactly_labelled_positions: the game is not over");
    // Black's value under perfect play from the first position with few enough empties; the
    // game's result when it never got there with a move to make.
    int black_exact = *result;
    for (const Position& p : game.positions()) {
        if (p.empty_count() > exact_empties || !p.has_legal_move()) continue;
        const int value = search::solve_endgame(p);
        black_exact = p.side_to_move() == Color::Black ? value : -value;
        break;
    }
    for (const Position& p : game.positions()) {
        if (!p.has_legal_move()) continue;
        const bool black = p.side_to_move() == Color::Black;
        const int value = p.empty_count() <= exact_empties ? search::solve_endgame(p)
                                                           : (black ? black_exact : -black_exact);
        out.push_back({p.player(), p.opponent(), static_cast<float>(value)});
    }
}

namespace {

TrainingSamples play_one(std::shared_ptr<const PatternWeights> weights,
                         const SelfPlayOptions& options, int game_number) {
    const std::uint64_t seed = options.seed * 1000003ULL + static_cast<std::uint64_t>(game_number);
    Rng rng(seed);
    RegressionPolicy policy(std::move(weights), seed ^ 0x5DEECE66DULL, options.temperature);
    const int random_plies = static_cast<int>(rng.below(options.max_random_plies + 1));
    // Which colour the other policy plays, if any: a draw every game makes, so the random plies
    // do not depend on the share.
    const bool against_opponent = rng.uniform() < options.opponent_share && options.opponent;
    const Color opponent_color = rng.below(2) ? Color::Black : Color::White;
    std::unique_ptr<Policy> opponent;
    if (against_opponent) opponent = options.opponent(seed ^ 0x9E3779B97F4A7C15ULL);
    Game game;
    while (!game.is_over()) {
        const Position& p = game.current();
        const Bitboard moves = p.legal_moves();
        if (!moves) {
            game.play(Move::pass());
        } else if (static_cast<int>(game.moves().size()) < random_plies) {
            game.play(Square::from_index(rng.pick_bit(moves)));
        } else if (opponent && p.side_to_move() == opponent_color) {
            game.play(opponent->choose(game));
        } else {
            game.play(policy.choose(p));
        }
    }
    TrainingSamples out;
    if (options.exact_empties > 0) {
        add_exactly_labelled_positions(game, options.exact_empties, out);
    } else {
        add_game_positions(game, *black_result(game), std::nullopt, 0, out);
    }
    return out;
}

}  // namespace

TrainingSamples self_play_samples(std::shared_ptr<const PatternWeights> weights,
                                  const SelfPlayOptions& options) {
    std::vector<TrainingSamples> per_game(static_cast<std::size_t>(options.games));
    parallel_for(per_game.size(), options.threads, [&](std::size_t g) {
        per_game[g] = play_one(weights, options, static_cast<int>(g));
    });
    TrainingSamples out;
    for (auto& samples : per_game) out.insert(out.end(), samples.begin(), samples.end());
    return out;
}

}  // namespace othello::training
