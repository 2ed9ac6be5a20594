// Training-set files: a round trip keeps every position and label; a wrong, truncated or corrupt
// file is refused with a message naming the file (and the sample, for a corrupt one).
#include <doctest/doctest.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string>

#include "tests/support/file_contents.h"
#include "tests/support/test_support.h"
#include "training/sample_file.h"

using namespace othello;
using namespace othello::training;
using othello::testing::slurp;
using othello::testing::write_bytes;

namespace {

std::filesystem::path temp_file(const char* name) {
    return std::filesystem::temp_directory_path() /
           ("othello_sample_file_" + std::to_string(::getpid()) + "_" + name);
}

TrainingSamples some_samples() {
    TrainingSamples samples;
    float label = -64;
    for (const Position& p : testing::random_positions(10, 4)) {
        if (samples.size() == 300) break;
        samples.push_back({p.player(), p.opponent(), label});
        label = label + 0.75f > 64 ? -64 : label + 0.75f;
    }
    return samples;
}

std::string load_error(const std::filesystem::path& path) {
    try {
        load_samples(path);
    } catch (const SampleFileError& e) {
        return e.what();
    }
    return "no error";
}

}  // namespace

TEST_CASE("a training set survives a save and load, sample for sample") {
    const TrainingSamples samples = some_samples();
    REQUIRE(samples.size() == 300);
    const auto path = temp_file("roundtrip.samples");
    save_samples(path, samples);
    CHECK(std::filesystem::file_size(path) == 24 + 20 * samples.size());
    const TrainingSamples loaded = load_samples(path);
    std::filesystem::remove(path);
    REQUIRE(loaded.size() == samples.size());
    for (std::size_t i = 0; i < samples.size(); ++i) {
        CHECK(loaded[i].player == samples[i].player);
        CHECK(loaded[i].opponent == samples[i].opponent);
        CHECK(loaded[i].target == samples[i].target);
    }
    const auto empty = temp_file("empty.samples");
    save_samples(empty, {});
    CHECK(load_samples(empty).empty());
    std::filesystem::remove(empty);
}

TEST_CASE("siblings are kept (version 2); a set without them is written as version 1") {
    TrainingSamples samples = some_samples();
    const auto path = temp_file("siblings.samples");
    save_samples(path, samples);
    CHECK(slurp(path)[8] == 1);
    for (std::size_t i = 0; i < samples.size(); ++i)
        samples[i].siblings = static_cast<std::uint32_t>(i / 7);
    save_samples(path, samples);
    CHECK(slurp(path)[8] == 2);
    CHECK(std::filesystem::file_size(path) == 24 + 24 * samples.size());
    const TrainingSamples loaded = load_samples(path);
    std::filesystem::remove(path);
    REQUIRE(loaded.size() == samples.size());
    for (std::size_t i = 0; i < samples.size(); ++i) {
        CHECK(loaded[i].player == samples[i].player);
        CHECK(loaded[i].target == samples[i].target);
        CHECK(loaded[i].siblings == samples[i].siblings);
    }
}

TEST_CASE("a wrong, truncated or corrupt training-set file is refused with a clear message") {
    const auto good = temp_file("good.samples");
    save_samples(good, some_samples());
    const std::string bytes = slurp(good);
    const auto bad = temp_file("bad.samples");
    const std::string name = bad.string();

    write_bytes(bad, bytes.substr(0, 10));
    CHECK(load_error(bad) == name + ": truncated header (a training-set file has 24 header bytes)");
    write_bytes(bad, bytes.substr(0, bytes.size() - 1));
    CHECK(load_error(bad) == name + ": header says 300 samples, but the file has 6023 bytes " +
                                 "(a header of 24 and 20 bytes a sample)");
    std::string magic = bytes;
    magic[3] = 'X';
    write_bytes(bad, magic);
    CHECK(load_error(bad) == name + ": not a training-set file (magic is not OTHSAMPL)");
    std::string version = bytes;
    version[8] = 3;
    write_bytes(bad, version);
    CHECK(load_error(bad) == name + ": format version is 3, this build reads 1 to 2");
    version[8] = 2;  // version 2 has 24 bytes a sample
    write_bytes(bad, version);
    CHECK(load_error(bad) == name + ": 20 bytes per sample, version 2 has 24");
    std::string huge = bytes;  // a count whose size in bytes overflows 64 bits
    const std::uint64_t count = (std::uint64_t{1} << 62) + 300;
    std::memcpy(&huge[16], &count, 8);
    write_bytes(bad, huge);
    CHECK(load_error(bad).find(name + ": header says 4611686018427388204 samples") == 0);

    // Sample 5 with a disc on both sides of a square; sample 7 with the label NaN.
    std::string overlap = bytes;
    std::memcpy(&overlap[24 + 5 * 20 + 8], &overlap[24 + 5 * 20], 8);
    write_bytes(bad, overlap);
    CHECK(load_error(bad) == name + ": sample 5 is not a labelled position (overlapping discs " +
                                 "or a label that is not a finite number)");
    std::string label = bytes;
    const float nan = std::numeric_limits<float>::quiet_NaN();
    std::memcpy(&label[24 + 7 * 20 + 16], &nan, 4);
    write_bytes(bad, label);
    CHECK(load_error(bad).find(name + ": sample 7 is not a labelled position") == 0);

    CHECK(load_error(std::filesystem::temp_directory_path()).find("is a directory") !=
          std::string::npos);
    CHECK_THROWS_WITH_AS(load_samples("/nonexistent/t.samples"),
                         "/nonexistent/t.samples: cannot open training-set file", SampleFileError);
    std::filesystem::remove(good);
    std::filesystem::remove(bad);
}
