// Training positions one move after the samples: every legal move's result, from the side that
// moves next, passes resolved and finished games left out; the CSV export of a training set.
#include <doctest/doctest.h>

#include <algorithm>
#include <sstream>
#include <string>

#include "engine/patterns/pattern_features.h"
#include "engine/symmetry.h"
#include "tests/support/test_support.h"
#include "training/training_set.h"

using namespace othello;
using namespace othello::patterns;
using namespace othello::training;

namespace {

TrainingSample sample_of(const Position& p) {
    return {p.player(), p.opponent(), 12.0f};
}

}  // namespace

TEST_CASE("the start position has four positions one move after it, white to move") {
    const TrainingSamples children = positions_one_move_after({sample_of(Position::start())}, 1);
    REQUIRE(children.size() == 4);
    for (const TrainingSample& child : children) {
        CHECK(popcount(child.player) == 1);    // white, to move
        CHECK(popcount(child.opponent) == 4);  // black, after flipping one disc
        CHECK(child.target == 0.0f);
        // The four openings are images of one another.
        const Position p = Position::from_mover(child.player, child.opponent, Color::White);
        const Position f5 = Position::start().play_unchecked(Square::from_index(37));
        CHECK(canonical_form(p).position == canonical_form(f5).position);
    }
}

TEST_CASE("every K-th sample is expanded") {
    const TrainingSample start = sample_of(Position::start());
    const TrainingSamples children = positions_one_move_after({start, start, start}, 2);
    REQUIRE(children.size() == 8);
    for (std::size_t i = 0; i < children.size(); ++i)
        CHECK(children[i].siblings == i / 4 + 1);  // numbered by parent, from 1
    CHECK(positions_one_move_after({start, start, start}, 3).size() == 4);
    CHECK(positions_one_move_after({}, 1).empty());
}

TEST_CASE("the K parts of every sample's children are their union, each parent once") {
    // Parents of distinct positions: the start and the four positions after it.
    TrainingSamples parents = {sample_of(Position::start())};
    for (const TrainingSample& c : positions_one_move_after(parents, 1)) parents.push_back(c);
    const TrainingSamples all = positions_one_move_after(parents, 1);
    std::size_t total = 0;
    for (int first = 0; first < 3; ++first) {
        const TrainingSamples part = positions_one_move_after(parents, 3, first);
        total += part.size();
        // Part `first` holds the children of parents first, first + 3, ...: the first is theirs.
        CHECK(
            part.front().player ==
            positions_one_move_after({parents[static_cast<std::size_t>(first)]}, 1).front().player);
    }
    CHECK(total == all.size());
    CHECK_THROWS_AS(positions_one_move_after(parents, 3, 3), std::invalid_argument);
    CHECK_THROWS_AS(positions_one_move_after(parents, 3, -1), std::invalid_argument);
}

TEST_CASE("a move the opponent cannot answer gives the mover's next position; a last move none") {
    int passes = 0, endings = 0;
    for (const Position& p : testing::random_positions(200, 11)) {
        if (!p.has_legal_move()) continue;
        const TrainingSamples children = positions_one_move_after({sample_of(p)}, 1);
        std::size_t next = 0, expected = 0;
        for (int sq : Bits(p.legal_moves())) {
            const Position after = p.play_unchecked(Square::from_index(sq));
            if (after.is_game_over()) {
                ++endings;
                continue;
            }
            ++expected;
            REQUIRE(next < children.size());
            const TrainingSample& child = children[next++];
            if (after.has_legal_move()) {
                CHECK(child.player == after.player());
                CHECK(child.opponent == after.opponent());
                CHECK(child.siblings == 1);
            } else {
                ++passes;
                CHECK(child.player == after.opponent());  // the mover plays again
                CHECK(child.opponent == after.player());
                CHECK(child.siblings == 0);  // its value is seen from the other side
            }
        }
        CHECK(children.size() == expected);
    }
    CHECK(passes > 0);
    CHECK(endings > 0);
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
