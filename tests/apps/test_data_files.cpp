// The data files the engine reads at start, through the real othello-engine, othello-match and
// othello-train: a weights file with a flipped byte or cut short, a FIFO, a folder, a file of the
// earlier format, and a FIFO as the network or the book are each refused at once (exit 2) with a
// message naming the file; the earlier format is rewritten by othello-train --upgrade-weights.
#include <doctest/doctest.h>
#include <sys/stat.h>
#include <zlib.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>

#include "tests/match/match_test_support.h"
#include "tests/support/programs.h"

namespace fs = std::filesystem;
using namespace othello::testing;

namespace {

const std::string kTrain = othello::testing::program_dir() + "/othello-train";
const fs::path kWeights = OTHELLO_SOURCE_DIR "/data/weights.bin";

std::string read_bytes(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}

// The engine given `flags`, asked one move: a FIFO must not make it wait (timeout fails the
// test instead of hanging it).
Run engine(const fs::path& dir, const std::string& flags) {
    return run_shell("echo 'genmove b' | timeout -k 5 30 " + kEngine + " " + flags, dir);
}

// The shipped weights with the body byte at `at` flipped.
std::string flipped_at(std::size_t at) {
    std::string bytes = read_bytes(kWeights);
    bytes[at] = static_cast<char>(bytes[at] ^ 0x01);
    return bytes;
}

}  // namespace

TEST_CASE("a damaged weights file is refused by the engine and the runner, naming the file") {
    const fs::path dir = temp_dir("data_files_weights");
    const fs::path bad = dir / "flipped.bin";
    const std::string good = read_bytes(kWeights);
    REQUIRE(good.size() > 1000);
    // One flipped bit in the table, far from the header: before the checksum it played on.
    write_bytes(bad, flipped_at(good.size() / 2));
    Run run = engine(dir, "--policy regression --weights " + bad.string());
    CHECK(run.status == 2);
    CHECK(run.err ==
          "othello-engine: " + bad.string() + ": checksum mismatch: the weights file is damaged\n");
    CHECK(run.out.empty());

    // Cut short by one byte.
    const fs::path cut = dir / "cut.bin";
    write_bytes(cut, good.substr(0, good.size() - 1));
    run = engine(dir, "--policy regression --weights " + cut.string());
    CHECK(run.status == 2);
    CHECK(run.err == "othello-engine: " + cut.string() +
                         ": truncated: " + std::to_string(good.size() - 1) + " bytes, expected " +
                         std::to_string(good.size()) + "\n");

    // The runner's weights= key reaches the same check before any game is played.
    run = run_shell(kMatch + " --engine weights=" + bad.string() +
                        ",policy:regression --engine policy:random --games 2 --no-progress",
                    dir);
    CHECK(run.status == 2);
    CHECK(run.err.find(bad.string() + ": checksum mismatch: the weights file is damaged") !=
          std::string::npos);
    fs::remove_all(dir);
}

TEST_CASE("a FIFO or a folder as weights, network or book is refused at once") {
    const fs::path dir = temp_dir("data_files_kinds");
    const fs::path fifo = dir / "fifo.bin", folder = dir / "folder";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    fs::create_directory(folder);
    for (const auto& [flags, what] :
         {std::pair<std::string, std::string>{"--policy regression --weights ", "weights"},
          {"--policy network --network ", "network"},
          {"--policy book --book ", "book"}}) {
        CAPTURE(what);
        Run run = engine(dir, flags + fifo.string());
        CHECK(run.status == 2);
        CHECK(run.err == "othello-engine: " + fifo.string() + ": not a regular file (a FIFO)\n");
        run = engine(dir, flags + folder.string());
        CHECK(run.status == 2);
        CHECK(run.err ==
              "othello-engine: " + folder.string() + ": not a regular file (a folder)\n");
    }
    // /dev/null is a device: an empty "file" that must not pass for one.
    const Run device = engine(dir, "--policy regression --weights /dev/null");
    CHECK(device.status == 2);
    CHECK(device.err == "othello-engine: /dev/null: not a regular file (a device)\n");
    const Run match = run_shell("timeout -k 5 30 " + kMatch + " --engine book=" + fifo.string() +
                                    ",policy:book --engine policy:random --games 2 --no-progress",
                                dir);
    CHECK(match.status == 2);
    CHECK(match.err.find(fifo.string() + ": not a regular file (a FIFO)") != std::string::npos);
    fs::remove_all(dir);
}

TEST_CASE("a weights file of the earlier format is refused, and othello-train upgrades it") {
    const fs::path dir = temp_dir("data_files_upgrade");
    // Version 1: the same header without the checksum, then the table plain: the shipped file's
    // own, stored plain (version 2) or as a zlib stream (version 4), 2 bytes an entry, as many as
    // its header says.
    const std::string current = read_bytes(kWeights);
    std::uint32_t version = 0, phases = 0, plies = 0, entries = 0;
    std::memcpy(&version, current.data() + 8, 4);
    std::memcpy(&phases, current.data() + 16, 4);
    std::memcpy(&plies, current.data() + 20, 4);
    std::memcpy(&entries, current.data() + 24, 4);
    const std::size_t table_bytes = 2ull * phases * entries;
    const auto unpacked = [](const std::string& file, std::size_t bytes) {
        uLongf size = bytes;
        std::string table(size, '\0');
        REQUIRE(uncompress(reinterpret_cast<Bytef*>(table.data()), &size,
                           reinterpret_cast<const Bytef*>(file.data() + 36),
                           static_cast<uLong>(file.size() - 36)) == Z_OK);
        REQUIRE(size == bytes);
        return table;
    };
    REQUIRE((version == 2 || version == 4));
    const std::string table =
        version == 4 ? unpacked(current, table_bytes) : current.substr(36, table_bytes);
    std::string old = current.substr(0, 32) + table;
    const std::uint32_t one = 1;
    std::memcpy(old.data() + 8, &one, 4);
    const fs::path v1 = dir / "v1.bin", v2 = dir / "v2.bin";
    write_bytes(v1, old);
    Run run = engine(dir, "--policy regression --weights " + v1.string());
    CHECK(run.status == 2);
    CHECK(run.err == "othello-engine: " + v1.string() +
                         ": format version 1 has no checksum, this build reads versions 2 to 4; "
                         "rewrite it with othello-train --upgrade-weights " +
                         v1.string() + " --output NEW.bin\n");

    run = run_shell(kTrain + " --upgrade-weights " + v1.string() + " --output " + v2.string(), dir);
    INFO(run.err);
    CHECK(run.status == 0);
    CHECK(run.out == "wrote " + v2.string() + ": the weights of " + v1.string() +
                         " in the current format (version 4: a checksum, the table as a zlib "
                         "stream), read back and checked\n");
    const std::string upgraded = read_bytes(v2);
    if (version == 4) {
        CHECK(upgraded == current);  // the shipped file is exactly its upgrade
    } else {
        // A file of 4-ply phases comes out with 2-ply phases, each of its own twice.
        std::uint32_t new_phases = 0, new_plies = 0;
        std::memcpy(&new_phases, upgraded.data() + 16, 4);
        std::memcpy(&new_plies, upgraded.data() + 20, 4);
        CHECK(upgraded[8] == 4);
        REQUIRE(new_plies * new_phases == plies * phases);
        const std::size_t phase_bytes = 2ull * entries;
        const std::string repeated = unpacked(upgraded, new_phases * phase_bytes);
        for (std::uint32_t phase = 0; phase < new_phases; ++phase) {
            CHECK(repeated.substr(phase * phase_bytes, phase_bytes) ==
                  table.substr(phase * new_plies / plies * phase_bytes, phase_bytes));
        }
    }
    run = engine(dir, "--policy regression --weights " + v2.string());
    CHECK(run.status == 0);
    CHECK(run.out.rfind("= ", 0) == 0);

    // Upgrading onto the input, or a damaged file, writes nothing.
    run = run_shell(kTrain + " --upgrade-weights " + v1.string() + " --output " + v1.string(), dir);
    CHECK(run.status == 1);
    CHECK(read_bytes(v1) == old);
    write_bytes(v1, flipped_at(current.size() / 3));
    run = run_shell(
        kTrain + " --upgrade-weights " + v1.string() + " --output " + (dir / "v3.bin").string(),
        dir);
    CHECK(run.status == 1);
    CHECK(run.err ==
          "othello-train: " + v1.string() + ": checksum mismatch: the weights file is damaged\n");
    CHECK_FALSE(fs::exists(dir / "v3.bin"));
    fs::remove_all(dir);
}
