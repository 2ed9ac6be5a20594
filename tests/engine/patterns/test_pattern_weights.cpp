// Weight files: round trip, and a clear error for a wrong or truncated file.
#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "engine/patterns/pattern_weights.h"
#include "tests/support/test_support.h"

using namespace othello;
using namespace othello::patterns;

namespace {

std::string message_of(const std::string& bytes) {
    try {
        PatternWeights::parse(bytes, "w.bin");
    } catch (const WeightsError& e) {
        return e.what();
    }
    return "no error";
}

PatternWeights sample_weights() {
    std::vector<double> real(static_cast<std::size_t>(kPhaseCount) * kEntriesPerPhase);
    Rng rng(9);
    for (double& w : real) w = rng.uniform() * 2 - 1;
    return PatternWeights::from_discs(real);
}

}  // namespace

TEST_CASE("weights survive a save and load") {
    const PatternWeights w = sample_weights();
    const auto path = std::filesystem::temp_directory_path() / "othello_pattern_weights_test.bin";
    w.save(path);
    CHECK(std::filesystem::file_size(path) == 36 + 2ull * kPhaseCount * kEntriesPerPhase);
    const PatternWeights loaded = PatternWeights::load(path);
    std::filesystem::remove(path);
    for (const Position& p : testing::random_positions(5, 1)) {
        CHECK(loaded.score_units(p) == w.score_units(p));
    }
}

TEST_CASE("real weights are rounded to 1/256 disc and clamped to int16") {
    std::vector<double> real(static_cast<std::size_t>(kPhaseCount) * kEntriesPerPhase, 0);
    real[kBiasEntry] = 1.5;  // phase 0 bias
    real[0] = 1000;          // beyond +127.99 discs
    int clamped = 0;
    const PatternWeights w = PatternWeights::from_discs(real, &clamped);
    CHECK(clamped == 1);
    CHECK(w.phase_table(0)[kBiasEntry] == 384);
    CHECK(w.phase_table(0)[0] == 32767);
    CHECK_THROWS_AS(PatternWeights::from_discs({1.0, 2.0}), std::invalid_argument);
}

TEST_CASE("a wrong or truncated weights file is refused with a clear message") {
    const std::string good = sample_weights().serialize();
    CHECK(message_of(good) == "no error");
    CHECK(message_of(good.substr(0, 10)).find("w.bin: truncated header") == 0);
    CHECK(message_of(good.substr(0, good.size() - 1)).find("w.bin: truncated") == 0);
    CHECK(message_of(good + "x").find("trailing bytes") != std::string::npos);
    // A file far past a weights file's one size is refused before it is read (1.5 GB, sparse).
    const std::filesystem::path huge =
        std::filesystem::temp_directory_path() / ("huge-weights-" + std::to_string(::getpid()));
    std::ofstream{huge};
    std::filesystem::resize_file(huge, 1500000000);
    try {
        PatternWeights::load(huge);
        FAIL("a 1.5 GB weights file was taken");
    } catch (const WeightsError& e) {
        CHECK(std::string(e.what()) ==
              huge.string() + ": 1500000000 bytes, more than a weights file holds (at most " +
                  std::to_string(good.size() + EndgameNetwork::kBytes + 65536) + ")");
    }
    std::filesystem::remove(huge);
    std::string bad_magic = good;
    bad_magic[0] = 'X';
    CHECK(message_of(bad_magic) == "w.bin: not a weights file (magic is not OTHPATWT)");
    std::string bad_version = good;
    bad_version[8] = 7;
    CHECK(message_of(bad_version) == "w.bin: format version is 7, this build reads 2 and 3");
    // One flipped bit anywhere after the magic and version is caught by the checksum.
    for (const std::size_t at :
         {std::size_t{20}, std::size_t{36}, good.size() / 2, good.size() - 1}) {
        std::string flipped = good;
        flipped[at] = static_cast<char>(flipped[at] ^ 0x10);
        CHECK(message_of(flipped) ==
              (at == 20 ? "w.bin: plies per phase is " + std::to_string(kPliesPerPhase ^ 0x10) +
                              ", this build needs " + std::to_string(kPliesPerPhase)
                        : "w.bin: checksum mismatch: the weights file is "
                          "damaged"));
    }
    std::string bad_set = good;
    bad_set[12] -= 1;  // the id's low byte: "EDA6" becomes "EDA5", the set shipped before it
    CHECK(message_of(bad_set) ==
          "w.bin: weights for pattern set EDA5 (0x45444135), this build needs EDA6 (0x45444136); "
          "retrain them with scripts/train-weights.sh");
    CHECK_THROWS_WITH_AS(PatternWeights::load("/nonexistent/w.bin"),
                         "/nonexistent/w.bin: no such weights file", WeightsError);
}

TEST_CASE("the average of weight sets is their entry-by-entry mean, rounded") {
    std::vector<double> a(static_cast<std::size_t>(kPhaseCount) * kEntriesPerPhase, 0);
    std::vector<double> b = a;
    a[kBiasEntry] = 1.0;       // 256 units
    b[kBiasEntry] = 2.0;       // 512 units
    a[5] = 3.0 / 256;          // 3 units
    b[5] = 0;                  // mean 1.5 units rounds away from zero to 2
    b[kEntriesPerPhase] = -1;  // phase 1, first entry: mean -128 units
    const PatternWeights mean =
        PatternWeights::average({PatternWeights::from_discs(a), PatternWeights::from_discs(b)});
    CHECK(mean.phase_table(0)[kBiasEntry] == 384);
    CHECK(mean.phase_table(0)[5] == 2);
    CHECK(mean.phase_table(1)[0] == -128);
    CHECK(mean.phase_table(2)[0] == 0);
    // The mean of one set is that set.
    const PatternWeights one = sample_weights();
    CHECK(PatternWeights::average({one}).serialize() == one.serialize());
    CHECK_THROWS_AS(PatternWeights::average({}), std::invalid_argument);
}
