// Tests of the network trainer's C++ side: the move-sample export of WTHOR games (what it keeps,
// that it never replaces a file, every refusal on read-back), the logits it writes for the parity
// check, and the held-out agreement counted over the same positions.
#include <doctest/doctest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>

#include "engine/network/network_file.h"
#include "engine/rng.h"
#include "tests/support/file_contents.h"
#include "training/move_sample_file.h"
#include "training/network_tools.h"

using namespace othello;
using namespace othello::training;
using othello::testing::write_bytes;

namespace {

// 1977 to 1981 and 2018 (tests/data/README.md): the first 344 games are the database's first.
const std::filesystem::path kWthor = std::string(OTHELLO_TEST_DATA) + "/wthor";

std::filesystem::path fresh_folder(const std::string& name) {
    const auto dir = std::filesystem::temp_directory_path() /
                     ("othello-move-samples-" + std::to_string(::getpid()) + "-" + name);
    std::filesystem::remove_all(dir);
    return dir;
}

std::string read_bytes(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}

std::string refusal(const std::filesystem::path& path) {
    try {
        read_move_samples(path);
    } catch (const std::runtime_error& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("the move export keeps every expert move with a choice, split by year") {
    const auto dir = fresh_folder("export");
    // 300 games: the 12 of 1977 train, the later ones are held out.
    const MoveSampleCounts counts = export_move_samples({kWthor, 1978, 300}, dir);
    CHECK(counts.games == 300);
    CHECK(counts.illegal_games == 0);
    const auto train = read_move_samples(dir / "train.moves");
    const auto held_out = read_move_samples(dir / "held-out.moves");
    CHECK(static_cast<std::int64_t>(train.size()) == counts.train);
    CHECK(static_cast<std::int64_t>(held_out.size()) == counts.held_out);
    REQUIRE(!train.empty());
    REQUIRE(!held_out.empty());
    for (const MoveSample& s : train) CHECK(s.year == 1977);
    for (const MoveSample& s : held_out) CHECK(s.year >= 1978);
    for (const auto* samples : {&train, &held_out}) {
        for (const MoveSample& s : *samples) {
            const Position p = Position::from_mover(s.player, s.opponent, Color::Black);
            REQUIRE(popcount(p.legal_moves()) >= 2);
            REQUIRE((p.legal_moves() & bit(s.move)) != 0);
            REQUIRE(std::abs(s.result) <= 64);
        }
    }
    // The agreement is counted over exactly these positions: those with a choice.
    PolicyOptions options;
    const Agreement a = held_out_agreement("mobility", options, kWthor, 1978, 300 - 12);
    CHECK(a.positions == static_cast<int>(held_out.size()));
    // The first position of the first game is the start, and its expert move is f5.
    CHECK(train.front().move == Square::parse("f5")->index());
    CHECK(train.front().player == Position::start().player());
    std::filesystem::remove_all(dir);
}

TEST_CASE("the move export never replaces a file and leaves nothing half written") {
    const auto dir = fresh_folder("no-replace");
    std::filesystem::create_directories(dir);
    write_bytes(dir / "held-out.moves", "mine");
    CHECK_THROWS_WITH_AS(export_move_samples({kWthor, 1978, 10}, dir),
                         doctest::Contains("held-out.moves: exists"), std::runtime_error);
    CHECK(read_bytes(dir / "held-out.moves") == "mine");
    CHECK_FALSE(std::filesystem::exists(dir / "train.moves"));
    CHECK_FALSE(std::filesystem::exists(dir / "train.moves.partial"));
    std::filesystem::remove_all(dir);
}

TEST_CASE("move-sample files that are not one are refused, naming the file") {
    const auto dir = fresh_folder("refusals");
    export_move_samples({kWthor, 1978, 80}, dir);
    const auto good = dir / "train.moves";
    const std::string bytes = read_bytes(good);
    const auto bad = dir / "bad.moves";
    write_bytes(bad, "OTHMOVEX" + bytes.substr(8));
    CHECK(refusal(bad) == bad.string() + ": not a move-sample file (OTHMOVES version 1)");
    write_bytes(bad, bytes.substr(0, bytes.size() - 5));
    CHECK(refusal(bad) == bad.string() + ": truncated: the last record is incomplete");
    std::string occupied = bytes;
    occupied[16 + 24] = 27;  // the first record's move onto d4, which holds a disc
    write_bytes(bad, occupied);
    CHECK(refusal(bad) ==
          bad.string() + ": record 0 is not a position with a move on an empty square");
    const auto fifo = dir / "fifo.moves";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    CHECK(refusal(fifo) == fifo.string() + ": not a regular file (a move-sample file is expected)");
    CHECK(refusal(good).empty());
    std::filesystem::remove_all(dir);
}

TEST_CASE("the logits written for the parity check are the network's, position by position") {
    const auto dir = fresh_folder("logits");
    export_move_samples({kWthor, 1978, 20}, dir);
    network::NetworkFile file{{3, 2}, {}};
    file.weights.resize(file.shape.weight_count());
    Rng rng(5);
    for (float& w : file.weights) w = static_cast<float>(rng.uniform() - 0.5);
    write_bytes(dir / "net.bin", network::serialize_network_file(file));
    const std::size_t n =
        write_network_logits(dir / "net.bin", dir / "train.moves", dir / "out.logits",
                             network::PolicyNetwork::Kernel::Portable);
    const auto samples = read_move_samples(dir / "train.moves");
    REQUIRE(n == samples.size());
    const std::string logits = read_bytes(dir / "out.logits");
    REQUIRE(logits.size() == n * 64 * sizeof(float));
    const network::PolicyNetwork net(file);
    std::array<float, 64> expected;
    net.logits(Position::from_mover(samples[5].player, samples[5].opponent, Color::White), expected,
               network::PolicyNetwork::Kernel::Portable);
    CHECK(std::memcmp(logits.data() + 5 * sizeof expected, expected.data(), sizeof expected) == 0);
    // The output is never replaced.
    CHECK_THROWS_WITH_AS(
        write_network_logits(dir / "net.bin", dir / "train.moves", dir / "out.logits",
                             network::PolicyNetwork::Kernel::Portable),
        doctest::Contains("out.logits: exists"), std::runtime_error);
    std::filesystem::remove_all(dir);
}
