// The regression policy: one-ply choice on the evaluation, exact end scores, seeded ties, softmax;
// the trainer fits and is deterministic; the shipped weights load and agree with experts.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <sstream>

#include "engine/notation.h"
#include "engine/patterns/expert_agreement.h"
#include "engine/patterns/least_squares_trainer.h"
#include "engine/patterns/regression_policy.h"
#include "engine/patterns/self_play.h"
#include "engine/policies/policy_registry.h"
#include "engine/wthor.h"
#include "tests/test_support.h"

using namespace othello;
using namespace othello::patterns;

namespace {

// Weights whose only non-zero entry is the phase bias: every position scores `bias` for the side
// to move, so a move scores -bias unless it ends the game or makes the opponent pass.
std::shared_ptr<const PatternWeights> bias_only(double bias) {
    std::vector<double> real(static_cast<std::size_t>(kPhaseCount) * kEntriesPerPhase, 0);
    for (int phase = 0; phase < kPhaseCount; ++phase)
        real[phase * kEntriesPerPhase + kBiasEntry] = bias;
    return std::make_shared<const PatternWeights>(PatternWeights::from_discs(real));
}

}  // namespace

TEST_CASE("every legal move is scored from the position it leads to, best first") {
    RegressionPolicy policy(bias_only(3), 1);
    const Game game = Game::from_transcript("f5d6c3");
    const auto scores = policy.evaluate(game);
    CHECK(scores.size() == static_cast<std::size_t>(popcount(game.current().legal_moves())));
    for (const MoveScore& s : scores) CHECK(s.score == -3.0);
}

TEST_CASE("a move that ends the game scores its exact disc difference") {
    // Black to move with a1 the only empty square and white only on b1: a1 flips b1 and black
    // ends the game with all 64 discs.
    Bitboard black = ~Bitboard{0} & ~bit(0) & ~bit(1);
    const Position p = Position::from_colors(black, bit(1), Color::Black);
    REQUIRE(p.legal_moves() == bit(0));
    RegressionPolicy policy(bias_only(5), 1);
    CHECK(policy.score_units(p, Square::from_index(0)) == 64 * PatternWeights::kUnitsPerDisc);
    const auto scores = policy.evaluate(Game(p));
    REQUIRE(scores.size() == 1);
    CHECK(scores[0].score == 64.0);
}

TEST_CASE("ties are broken by the seed, reproducibly") {
    // With a bias-only evaluation the four opening moves tie.
    std::set<std::string> firsts;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        RegressionPolicy a(bias_only(0), seed), b(bias_only(0), seed);
        const Move m = a.choose(Game());
        CHECK(m == b.choose(Game()));
        firsts.insert(m.to_string());
    }
    CHECK(firsts == std::set<std::string>{"c4", "d3", "e6", "f5"});
}

TEST_CASE("temperature draws moves in proportion to exp(score / T)") {
    // All moves score alike, so any temperature picks among all of them; all picks are legal.
    RegressionPolicy policy(bias_only(0), 3, 2.0);
    const Game game = Game::from_transcript("f5d6");
    std::set<int> picks;
    for (int i = 0; i < 200; ++i) {
        const Move m = policy.choose(game);
        REQUIRE(game.current().is_legal(m));
        picks.insert(m.square().index());
    }
    CHECK(picks.size() == static_cast<std::size_t>(popcount(game.current().legal_moves())));
}

TEST_CASE("a pass is chosen when there is no legal move") {
    const Position p = Position::from_colors(bit(0), bit(1) | bit(2), Color::White);
    REQUIRE(!p.has_legal_move());
    RegressionPolicy policy(bias_only(0), 1);
    CHECK(policy.choose(p) == Move::pass());
    CHECK(policy.evaluate(Game(p)).empty());
}

TEST_CASE("the trainer lowers the error and is deterministic across thread counts") {
    const TrainingSamples samples = random_playout_samples(300, 5);
    TrainerOptions options;
    options.iterations = 10;
    options.threads = 1;
    const auto one = fit_pattern_weights(samples, options, nullptr);
    options.threads = 2;
    const auto two = fit_pattern_weights(samples, options, nullptr);
    CHECK(one == two);
    const auto fitted = mean_absolute_errors(PatternWeights::from_discs(one), samples).back();
    const auto zero = mean_absolute_errors(PatternWeights(), samples).back();
    CHECK(fitted.samples == static_cast<int>(samples.size()));
    CHECK(fitted.mean_absolute_error < 0.5 * zero.mean_absolute_error);
}

TEST_CASE("the Jacobi preconditioner reaches the same fit in fewer steps") {
    // Both solve the same ridge problem: with enough steps they agree, and after a few steps the
    // preconditioned fit is the closer one (plain CG leaves rare entries near zero longest).
    const TrainingSamples samples = random_playout_samples(200, 6);
    TrainerOptions options;
    options.threads = 2;
    options.iterations = 300;
    options.jacobi = true;
    const auto solution = fit_pattern_weights(samples, options, nullptr);
    options.jacobi = false;
    const auto plain_solution = fit_pattern_weights(samples, options, nullptr);
    // Euclidean distance between two weight vectors, relative to the solution's length.
    const auto distance = [&](const std::vector<double>& w) {
        double squares = 0, length = 0;
        for (std::size_t i = 0; i < w.size(); ++i) {
            squares += (w[i] - solution[i]) * (w[i] - solution[i]);
            length += solution[i] * solution[i];
        }
        return std::sqrt(squares / length);
    };
    CHECK(distance(plain_solution) < 0.005);
    options.iterations = 15;
    const auto plain = fit_pattern_weights(samples, options, nullptr);
    options.jacobi = true;
    const auto preconditioned = fit_pattern_weights(samples, options, nullptr);
    MESSAGE("after 15 steps: plain CG " << distance(plain) << " from the solution, Jacobi "
                                        << distance(preconditioned));
    CHECK(distance(preconditioned) < 0.75 * distance(plain));
}

TEST_CASE("self-play data is deterministic for a seed and labelled from the side to move") {
    SelfPlayOptions options;
    options.games = 6;
    options.seed = 4;
    const auto a = self_play_samples(bias_only(0), options);
    options.threads = 1;
    const auto b = self_play_samples(bias_only(0), options);
    REQUIRE(a.size() == b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        CHECK(a[i].player == b[i].player);
        CHECK(a[i].target == b[i].target);
    }
    // The first sample of each game is the start position, black to move.
    CHECK(a[0].player == Position::start().player());
}

TEST_CASE("the CSV export has one row per position with the phase, target and its entries") {
    const Game game = Game::from_transcript("f5d6c3d3c4f4f6f3e6e7");
    TrainingSamples samples;
    add_game_positions(game, 10, std::nullopt, 0, samples);
    REQUIRE(samples.size() == 11);
    CHECK(samples[1].target == -10);  // white to move after f5
    std::ostringstream csv;
    write_csv(csv, samples);
    std::istringstream lines(csv.str());
    std::string header, row;
    std::getline(lines, header);
    CHECK(header.rfind("phase,target,f0,f1,", 0) == 0);
    CHECK(header.ends_with(",f" + std::to_string(kFeatureCount - 1)));
    std::getline(lines, row);
    CHECK(row.rfind("0,10,0,19683,", 0) == 0);
    CHECK(std::count(row.begin(), row.end(), ',') == 2 + kFeatureCount - 1);
    // The start position: 4 moves and 2 discs for each side, no stable disc, no move on the
    // legal-move patterns' squares.
    std::ostringstream globals;
    globals << ',' << kMoverMobilityEntry + 4 << ',' << kOpponentMobilityEntry + 4 << ','
            << kMoverDiscEntry + 2 << ',' << kOpponentDiscEntry + 2 << ',' << kMoverStableEntry
            << ',' << kOpponentStableEntry;
    for (int s = 0; s < 8; ++s)
        for (const MovePattern& pattern : kMovePatterns) globals << ',' << pattern.offset;
    CHECK(row.ends_with(globals.str()));
    int rows = 1;
    while (std::getline(lines, row)) ++rows;
    CHECK(rows == 11);
}

TEST_CASE("the registry builds the regression policy on the shipped weights") {
    PolicyOptions options;
    auto policy = make_policy("regression", options);
    Game game;
    const auto scores = policy->evaluate(game);
    CHECK(scores.size() == 4);
    // The shipped weights are symmetric, so the four symmetric openings score exactly alike.
    CHECK(scores.front().score == scores.back().score);
    CHECK(game.current().is_legal(policy->choose(game)));
    options.weights_path = "/nonexistent/weights.bin";
    CHECK_THROWS_AS(make_policy("regression", options), WeightsError);
}

TEST_CASE("the shipped weights agree with the experts on held-out WTHOR games") {
    const WthorFile file =
        read_wthor(std::filesystem::path(OTHELLO_SHARED_DATA) / "wthor/WTH_2018.wtb");
    std::vector<Game> games;
    for (std::size_t i = 0; i < 200 && i < file.games.size(); ++i)
        games.push_back(replay(file.games[i]));
    RegressionPolicy policy(shared_weights(default_weights_path()), 1);
    const Agreement a = expert_agreement(policy, games);
    MESSAGE("expert agreement on 200 games of 2018: " << 100 * a.share() << "% of " << a.positions);
    CHECK(a.positions > 8000);
    CHECK(a.share() > 0.40);
}
