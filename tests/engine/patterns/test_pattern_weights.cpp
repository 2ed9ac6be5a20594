// Weight files: round trip, and a clear error for a wrong or truncated file.
#include <doctest/doctest.h>
#include <unistd.h>
#include <zlib.h>

#include <cstring>
#include <filesystem>
#include <fstream>

#include "engine/data_file.h"
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

// A weights file made by hand: the header given, then `payload` (the table, plain or as a zlib
// stream), with the checksum over both, as a writer of that version writes it.
std::string weights_file(std::uint32_t version, std::uint32_t phases, std::uint32_t plies,
                         const std::string& payload) {
    std::string out = "OTHPATWT";
    for (const std::uint32_t field :
         {version, kPatternSetId, phases, plies, static_cast<std::uint32_t>(kEntriesPerPhase),
          static_cast<std::uint32_t>(PatternWeights::kUnitsPerDisc), 0u}) {
        char bytes[4];
        std::memcpy(bytes, &field, 4);
        out.append(bytes, 4);
    }
    out += payload;
    const std::uint32_t sum = data_checksum(out, 32, 36);
    std::memcpy(out.data() + 32, &sum, 4);
    return out;
}

// `phases` tables of kEntriesPerPhase int16 weights, each phase's bias its phase number.
std::string plain_table(std::uint32_t phases) {
    std::vector<std::int16_t> table(static_cast<std::size_t>(phases) * kEntriesPerPhase, 0);
    for (std::uint32_t phase = 0; phase < phases; ++phase)
        table[static_cast<std::size_t>(phase) * kEntriesPerPhase + kBiasEntry] =
            static_cast<std::int16_t>(phase);
    return std::string(reinterpret_cast<const char*>(table.data()), table.size() * 2);
}

std::string zlib_stream(const std::string& plain) {
    uLongf size = compressBound(static_cast<uLong>(plain.size()));
    std::string out(size, '\0');
    REQUIRE(compress2(reinterpret_cast<Bytef*>(out.data()), &size,
                      reinterpret_cast<const Bytef*>(plain.data()),
                      static_cast<uLong>(plain.size()), 9) == Z_OK);
    out.resize(size);
    return out;
}

}  // namespace

TEST_CASE("a file of coarser phases, or stored plain (version 2), evaluates as it did") {
    // 4 plies a phase, 15 phases (the files before version 4): each of this build's phases
    // reads the coarse phase that covered its plies.
    static_assert(kPliesPerPhase == 2 && kPhaseCount == 30);
    const PatternWeights coarse =
        PatternWeights::parse(weights_file(2, 15, 4, plain_table(15)), "c");
    const PatternWeights packed =
        PatternWeights::parse(weights_file(4, 15, 4, zlib_stream(plain_table(15))), "p");
    for (int phase = 0; phase < kPhaseCount; ++phase) {
        CHECK(coarse.phase_table(phase)[kBiasEntry] == phase / 2);
        CHECK(packed.phase_table(phase)[kBiasEntry] == phase / 2);
    }
    const PatternWeights fine = PatternWeights::parse(weights_file(2, 30, 2, plain_table(30)), "f");
    for (int phase = 0; phase < kPhaseCount; ++phase)
        CHECK(fine.phase_table(phase)[kBiasEntry] == phase);
    // Phases that do not tile this build's are refused.
    CHECK(message_of(weights_file(2, 20, 3, plain_table(20))) ==
          "w.bin: phase count is 20, this build needs 30");
    CHECK(message_of(weights_file(2, 60, 1, plain_table(60))) ==
          "w.bin: phase count is 60, this build needs 30");
}

TEST_CASE("a version-4 file whose zlib stream is not the table is refused, checksum or not") {
    const std::string table = plain_table(kPhaseCount);
    const std::string stream = zlib_stream(table);
    CHECK(message_of(weights_file(4, kPhaseCount, kPliesPerPhase, stream)) == "no error");
    CHECK(message_of(weights_file(4, kPhaseCount, kPliesPerPhase, zlib_stream(table.substr(2)))) ==
          "w.bin: the weights' zlib stream holds " + std::to_string(table.size() - 2) +
              " bytes of table, expected " + std::to_string(table.size()));
    CHECK(message_of(weights_file(4, kPhaseCount, kPliesPerPhase, zlib_stream(table + "xy"))) ==
          "w.bin: the weights' zlib stream holds more than " + std::to_string(table.size()) +
              " bytes of table, expected " + std::to_string(table.size()));
    CHECK(message_of(weights_file(4, kPhaseCount, kPliesPerPhase, stream.substr(0, 100))) ==
          "w.bin: the weights' zlib stream is damaged or cut short");
    CHECK(message_of(weights_file(4, kPhaseCount, kPliesPerPhase, "not a zlib stream")) ==
          "w.bin: the weights' zlib stream is damaged or cut short");
    CHECK(message_of(weights_file(4, kPhaseCount, kPliesPerPhase, stream + "x")) ==
          "w.bin: trailing bytes after the weights' zlib stream: 1, where only an endgame network "
          "(" + std::to_string(EndgameNetwork::kBytes) + " bytes) may follow");
}

TEST_CASE("weights survive a save and load") {
    const PatternWeights w = sample_weights();
    const auto path = std::filesystem::temp_directory_path() / "othello_pattern_weights_test.bin";
    w.save(path);
    // The table is stored as a zlib stream: even random weights take less than the table.
    CHECK(std::filesystem::file_size(path) == w.serialize().size());
    CHECK(std::filesystem::file_size(path) < 36 + 2ull * kPhaseCount * kEntriesPerPhase);
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
    // The stream's end is caught by the checksum; a plain (version 2) table's by its size.
    CHECK(message_of(good.substr(0, good.size() - 1)) ==
          "w.bin: checksum mismatch: the weights file is damaged");
    CHECK(message_of(good + "x") == "w.bin: checksum mismatch: the weights file is damaged");
    const std::string plain = plain_table(kPhaseCount);
    CHECK(message_of(weights_file(2, kPhaseCount, kPliesPerPhase, plain.substr(1))) ==
          "w.bin: truncated: " + std::to_string(36 + plain.size() - 1) + " bytes, expected " +
              std::to_string(36 + plain.size()));
    CHECK(message_of(weights_file(2, kPhaseCount, kPliesPerPhase, plain + "x")) ==
          "w.bin: trailing bytes: " + std::to_string(36 + plain.size() + 1) + " bytes, expected " +
              std::to_string(36 + plain.size()));
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
                  std::to_string(36 + 2 * PatternWeights::kTableSize + EndgameNetwork::kBytes +
                                 65536) +
                  ")");
    }
    std::filesystem::remove(huge);
    std::string bad_magic = good;
    bad_magic[0] = 'X';
    CHECK(message_of(bad_magic) == "w.bin: not a weights file (magic is not OTHPATWT)");
    std::string bad_version = good;
    bad_version[8] = 7;
    CHECK(message_of(bad_version) == "w.bin: format version is 7, this build reads 2, 3 and 4");
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
