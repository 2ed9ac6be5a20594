// The endgame network: the trainer's integer arithmetic, symmetry, and weights files that carry it.
#include <doctest/doctest.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/patterns/pattern_weights.h"
#include "engine/symmetry.h"
#include "tests/support/test_support.h"

using namespace othello;
using namespace othello::patterns;

namespace {

const std::filesystem::path kData = OTHELLO_TEST_DATA;

// A network fitted by training/endgame/train_endgame.py on a few thousand positions, with the
// corrections its integer emulation computed (tests/data/README.md); or, where the environment
// names them, a network and parity file a trainer run just wrote
// (tests/training/endgame_training_test.sh sets OTHELLO_ENDGAME_NET and OTHELLO_ENDGAME_PARITY).
std::string fixture_path(const char* variable, const char* committed) {
    const char* given = std::getenv(variable);
    return given && *given ? given : (kData / committed).string();
}

const EndgameNetwork& fixture() {
    static const EndgameNetwork network =
        EndgameNetwork::load(fixture_path("OTHELLO_ENDGAME_NET", "endgame-fixture.net"));
    return network;
}

std::vector<Position> endgame_positions() {
    std::vector<Position> out;
    for (const Position& p : testing::random_positions(40, 55))
        if (p.empty_count() <= EndgameNetwork::kMaxEmpties && p.has_legal_move()) out.push_back(p);
    return out;
}

std::string parse_message(const std::string& bytes) {
    try {
        EndgameNetwork::parse(bytes.data(), bytes.size(), "n.net");
    } catch (const DataFileError& e) {
        return e.what();
    }
    return "no error";
}

PatternWeights bias_weights(double bias) {
    std::vector<double> real(static_cast<std::size_t>(kPhaseCount) * kEntriesPerPhase, 0);
    for (int phase = 0; phase < kPhaseCount; ++phase)
        real[phase * kEntriesPerPhase + kBiasEntry] = bias;
    return PatternWeights::from_discs(real);
}

}  // namespace

TEST_CASE("the engine's network computes what the trainer's integer emulation computed") {
    std::ifstream lines(fixture_path("OTHELLO_ENDGAME_PARITY", "endgame-parity.txt"));
    REQUIRE(lines);
    int checked = 0;
    std::string line;
    while (std::getline(lines, line)) {
        std::istringstream in(line);
        std::string mover, opponent;
        std::int32_t pattern = 0, correction = 0;
        REQUIRE(static_cast<bool>(in >> mover >> opponent >> pattern >> correction));
        const Position p = Position::from_mover(std::stoull(mover, nullptr, 16),
                                                std::stoull(opponent, nullptr, 16), Color::Black);
        INFO(line);
        CHECK(fixture().correction_units(p, pattern) == correction);
        ++checked;
    }
    CHECK(checked == 64);
}

TEST_CASE("the correction is the same on the 8 images of a position") {
    const auto positions = endgame_positions();
    REQUIRE(positions.size() > 200);
    int nonzero = 0;
    for (const Position& p : positions) {
        const std::int32_t correction = fixture().correction_units(p, 1000);
        nonzero += correction != 0;
        for (int s = 0; s < kSymmetryCount; ++s)
            CHECK(fixture().correction_units(transform(static_cast<Symmetry>(s), p), 1000) ==
                  correction);
    }
    CHECK(nonzero > static_cast<int>(positions.size()) / 2);
}

TEST_CASE("a network made by hand: the output bias is the mean of 8 images, in discs") {
    EndgameNetwork network;
    const Position p = endgame_positions().front();
    CHECK(network.correction_units(p, 0) == 0);
    network.b3 = EndgameNetwork::kOne / 2;  // half of kOutputDiscs (8) discs on every image
    CHECK(network.correction_units(p, 0) == 4 * 256);
    // One hidden path: the first hidden unit reads the evaluation input (discs / 64), the first
    // unit of the second layer copies it, and the output adds it times kOutputDiscs: the
    // correction is the evaluation / 8, clipped to 0..1 on each layer.
    network.b3 = 0;
    network.w1[EndgameNetwork::kEvaluationInput * EndgameNetwork::kHidden1] = 256;
    network.w2[0] = 256;
    network.w3[0] = 256;
    CHECK(network.correction_units(p, 16 * 256) == 16 * 256 / 8);  // 16 discs: input 0.25
    CHECK(network.correction_units(p, -16 * 256) == 0);            // clipped at 0
    CHECK(network.correction_units(p, 200 * 256) == 8 * 256);      // clipped at 1: 8 discs
}

TEST_CASE("weights with an endgame network: the network after the table, corrected only in the "
          "endgame") {
    const PatternWeights plain = bias_weights(2.0);
    const PatternWeights with = plain.with_endgame(fixture());
    const std::string bytes = with.serialize();
    CHECK(bytes.size() == plain.serialize().size() + EndgameNetwork::kBytes);
    CHECK(bytes[8] == 4);
    CHECK(plain.serialize()[8] == 4);
    const PatternWeights back = PatternWeights::parse(bytes, "w.bin");
    REQUIRE(back.endgame());
    CHECK(back.serialize() == bytes);
    int corrected = 0;
    for (const Position& p : testing::random_positions(10, 3)) {
        if (!p.has_legal_move()) continue;
        CHECK(back.pattern_score_units(p) == 512);
        if (p.empty_count() > EndgameNetwork::kMaxEmpties) {
            CHECK(back.score_units(p) == 512);
        } else {
            CHECK(back.score_units(p) == 512 + fixture().correction_units(p, 512));
            corrected += back.score_units(p) != 512;
        }
    }
    CHECK(corrected > 0);
    // A full board (the labeller's search can reach one) is left to the patterns.
    const Position full =
        Position::from_mover(0x00000000FFFFFFFFULL, 0xFFFFFFFF00000000ULL, Color::Black);
    CHECK(back.score_units(full) == back.pattern_score_units(full));
    // An ensemble's mean has no network to take: refused rather than dropped.
    CHECK_THROWS_AS(PatternWeights::average({plain, with}), std::invalid_argument);
    // The network's bytes are under the checksum, and its shape is checked.
    std::string flipped = bytes;
    flipped[bytes.size() - 100] ^= 1;
    CHECK_THROWS_WITH_AS(PatternWeights::parse(flipped, "w.bin"),
                         "w.bin: checksum mismatch: the weights file is damaged", WeightsError);
    CHECK_THROWS_WITH_AS(PatternWeights::parse(bytes.substr(0, bytes.size() - 2), "w.bin"),
                         "w.bin: checksum mismatch: the weights file is damaged", WeightsError);
}

TEST_CASE("a version-3 file (the table plain, then the network) is read as it was written") {
    const PatternWeights with = bias_weights(2.0).with_endgame(fixture());
    std::string old = with.serialize().substr(0, 36);
    const std::uint32_t three = 3;
    std::memcpy(old.data() + 8, &three, 4);
    for (int phase = 0; phase < kPhaseCount; ++phase)
        old.append(reinterpret_cast<const char*>(with.phase_table(phase)),
                   kEntriesPerPhase * sizeof(std::int16_t));
    old += fixture().serialize();
    const std::uint32_t sum = data_checksum(old, 32, 36);
    std::memcpy(old.data() + 32, &sum, 4);
    const PatternWeights back = PatternWeights::parse(old, "v3.bin");
    REQUIRE(back.endgame());
    CHECK(back.serialize() == with.serialize());
    CHECK_THROWS_WITH_AS(PatternWeights::parse(old.substr(0, old.size() - 2), "v3.bin"),
                         doctest::Contains("v3.bin: truncated"), WeightsError);
}

TEST_CASE("a network file of another shape or kind is refused, naming the file and the field") {
    const std::string good = fixture().serialize();
    CHECK(good.size() == EndgameNetwork::kBytes);
    CHECK(parse_message(good) == "no error");
    std::string wider = good;
    wider[16] = static_cast<char>(EndgameNetwork::kHidden1 + 1);  // the third shape field
    CHECK(parse_message(wider) ==
          "n.net: endgame network hidden units 1 is 65, this build's is 64");
    std::string bias = good;
    const std::int32_t huge = (1 << 24) + 1;
    std::memcpy(bias.data() + EndgameNetwork::kBytes - 4, &huge, 4);  // the output bias
    CHECK(parse_message(bias) ==
          "n.net: endgame network bias of the output is 16777217, beyond +-16777216");
    std::string magic = good;
    magic[0] = 'X';
    CHECK(parse_message(magic) == "n.net: not an endgame network (magic is not OTHEGNET)");
    CHECK(parse_message(good.substr(1)) ==
          "n.net: the endgame network is " + std::to_string(good.size() - 1) +
              " bytes, this build's is " + std::to_string(good.size()));
}
