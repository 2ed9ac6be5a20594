// The endgame network's training set (othello-train --export-endgame) and the attachment of a
// fitted network to weights (--attach-endgame).
#include <doctest/doctest.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <sstream>

#include "engine/movegen.h"
#include "engine/patterns/pattern_weights.h"
#include "tests/support/file_contents.h"
#include "tests/support/test_support.h"
#include "training/endgame_set.h"
#include "training/sample_file.h"

using namespace othello;
using namespace othello::training;
using othello::patterns::EndgameNetwork;
using othello::patterns::PatternWeights;
using othello::testing::slurp;

namespace {

struct Folder {
    std::filesystem::path path = std::filesystem::temp_directory_path() /
                                 ("othello_endgame_set_" + std::to_string(::getpid()));
    Folder() {
        std::filesystem::remove_all(path);
        std::filesystem::create_directories(path);
    }
    ~Folder() { std::filesystem::remove_all(path); }
};

template <class T>
T read_at(const std::string& bytes, std::size_t offset) {
    T value;
    std::memcpy(&value, bytes.data() + offset, sizeof value);
    return value;
}

// Every position of a few random games with a move to make, labelled by its number of empties.
TrainingSamples game_samples() {
    TrainingSamples samples;
    for (const Position& p : testing::random_positions(6, 8))
        if (p.has_legal_move())
            samples.push_back({p.player(), p.opponent(), static_cast<float>(p.empty_count()),
                               static_cast<std::uint32_t>(samples.size() % 5)});
    return samples;
}

PatternWeights some_weights() {
    std::vector<double> real(static_cast<std::size_t>(patterns::kPhaseCount) *
                             patterns::kEntriesPerPhase);
    Rng rng(3);
    for (double& w : real) w = rng.uniform() - 0.5;
    return PatternWeights::from_discs(real);
}

const std::filesystem::path kFixtureNetwork =
    std::filesystem::path(OTHELLO_TEST_DATA) / "endgame-fixture.net";

}  // namespace

TEST_CASE(
    "the endgame set holds the positions of 16 empties or fewer, their moves and evaluation") {
    const Folder folder;
    const auto samples_file = folder.path / "games.samples";
    const auto weights_file = folder.path / "w.bin";
    const auto set_file = folder.path / "set.bin";
    const TrainingSamples samples = game_samples();
    save_samples(samples_file, samples);
    // Base weights with a network of their own: the set holds their patterns' sum alone, the
    // evaluation a new network will correct.
    const PatternWeights weights =
        some_weights().with_endgame(EndgameNetwork::load(kFixtureNetwork.string()));
    weights.save(weights_file);
    std::ostringstream log;
    const std::uint64_t count =
        export_endgame_set({samples_file, samples_file}, weights_file, set_file, log);
    std::vector<TrainingSample> expected;
    for (const TrainingSample& s : samples)
        if (s.target <= EndgameNetwork::kMaxEmpties) expected.push_back(s);
    REQUIRE(expected.size() > 20);
    CHECK(expected.size() < samples.size() / 2);
    CHECK(count == 2 * expected.size());
    const std::string bytes = slurp(set_file);
    CHECK(bytes.substr(0, 8) == "OTHEGSET");
    CHECK(read_at<std::uint32_t>(bytes, 8) == 2);
    CHECK(read_at<std::uint32_t>(bytes, 12) == 44);
    CHECK(read_at<std::uint64_t>(bytes, 16) == count);
    REQUIRE(bytes.size() == 24 + 44 * count);
    // The second file's sibling numbers follow the first's, so no two parents share one.
    std::uint32_t first_file_most = 0;
    for (const TrainingSample& s : expected)
        first_file_most = std::max(first_file_most, s.siblings);
    REQUIRE(first_file_most > 0);
    for (std::size_t i = 0; i < count; ++i) {
        const TrainingSample& s = expected[i % expected.size()];
        const bool second = i >= expected.size();
        const std::size_t at = 24 + 44 * i;
        const Position p = Position::from_mover(s.player, s.opponent, Color::Black);
        CHECK(read_at<Bitboard>(bytes, at) == s.player);
        CHECK(read_at<Bitboard>(bytes, at + 8) == s.opponent);
        CHECK(read_at<Bitboard>(bytes, at + 16) == legal_moves(s.player, s.opponent));
        CHECK(read_at<Bitboard>(bytes, at + 24) == legal_moves(s.opponent, s.player));
        CHECK(read_at<std::int32_t>(bytes, at + 32) == weights.pattern_score_units(p));
        CHECK(read_at<float>(bytes, at + 36) == s.target);
        CHECK(read_at<std::uint32_t>(bytes, at + 40) ==
              (s.siblings && second ? s.siblings + first_file_most : s.siblings));
    }
    CHECK(log.str() == "wrote " + set_file.string() + ": " + std::to_string(count) + " of " +
                           std::to_string(2 * samples.size()) +
                           " positions (those with at most 16 empties)\n");
    // Nothing is written over: the set itself, or a partial file left by a stopped run.
    CHECK_THROWS_WITH(export_endgame_set({samples_file}, weights_file, set_file, log),
                      (set_file.string() + " exists; give a new file").c_str());
    CHECK(slurp(set_file) == bytes);
    const auto other = folder.path / "other.bin";
    std::filesystem::create_directory(other.string() + ".partial");
    CHECK_THROWS_WITH(export_endgame_set({samples_file}, weights_file, other, log),
                      (other.string() + ".partial is left from an export that stopped; delete it "
                                        "first")
                          .c_str());
    CHECK_FALSE(std::filesystem::exists(other));
    // A sample file that cannot be read costs nothing at the output's path.
    CHECK_THROWS(export_endgame_set({folder.path / "missing.samples"}, weights_file,
                                    folder.path / "third.bin", log));
    CHECK_FALSE(std::filesystem::exists(folder.path / "third.bin"));
    CHECK_FALSE(std::filesystem::exists(folder.path / "third.bin.partial"));
}

TEST_CASE("a network attached to weights is read back with them, and nothing is written over") {
    const Folder folder;
    const auto weights_file = folder.path / "w.bin";
    const auto out = folder.path / "w-endgame.bin";
    const PatternWeights weights = some_weights();
    weights.save(weights_file);
    std::ostringstream log;
    attach_endgame_network(weights_file, kFixtureNetwork, out, log);
    const PatternWeights back = PatternWeights::load(out);
    REQUIRE(back.endgame());
    CHECK(back.endgame()->serialize() ==
          EndgameNetwork::load(kFixtureNetwork.string()).serialize());
    for (const Position& p : testing::random_positions(3, 5)) {
        if (!p.has_legal_move()) continue;
        CHECK(back.pattern_score_units(p) == weights.score_units(p));
    }
    CHECK_THROWS_WITH(attach_endgame_network(weights_file, kFixtureNetwork, out, log),
                      (out.string() + " exists; give a new file").c_str());
    // A network file of another kind is named.
    CHECK_THROWS_WITH(
        attach_endgame_network(weights_file, weights_file, folder.path / "x.bin", log),
        doctest::Contains((weights_file.string() + ": ").c_str()));
    CHECK_FALSE(std::filesystem::exists(folder.path / "x.bin"));
}
