// Tests of the network policy: its weights file and every refusal, the forward pass against a
// reference written from PyTorch's definition of a convolution, the AVX2 kernel against the
// portable one, and the policy's choices and analysis.
#include <doctest/doctest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "engine/network/network_file.h"
#include "engine/network/network_policy.h"
#include "engine/patterns/regression_policy.h"
#include "engine/policies/policy_registry.h"
#include "tests/support/file_contents.h"
#include "tests/support/test_support.h"

using namespace othello;
using namespace othello::network;
using othello::testing::write_bytes;

namespace {

NetworkFile random_network(int channels, int layers, std::uint64_t seed) {
    NetworkFile file{{channels, layers}, {}};
    Rng rng(seed);
    file.weights.resize(file.shape.weight_count());
    for (float& w : file.weights) w = static_cast<float>(rng.uniform() - 0.5) * 0.6f;
    return file;
}

// PyTorch's Conv2d (padding 1) and the model's layers, written from their definitions with no
// shared code: out[o][y][x] = b[o] + sum over i, ky, kx of W[o][i][ky][kx] in[i][y+ky-1][x+kx-1].
std::array<double, 64> reference_logits(const NetworkFile& file, const Position& p) {
    const int c = file.shape.channels;
    const float* w = file.weights.data();
    const Bitboard legal = p.legal_moves();
    std::vector<std::vector<double>> x(4, std::vector<double>(64));
    for (int sq = 0; sq < 64; ++sq) {
        x[0][sq] = (p.player() >> sq) & 1;
        x[1][sq] = (p.opponent() >> sq) & 1;
        x[2][sq] = (legal >> sq) & 1;
        x[3][sq] = 1;
    }
    for (int layer = 0; layer < file.shape.layers; ++layer) {
        const int inputs = layer == 0 ? 4 : c;
        const float* bias = w + static_cast<std::size_t>(c) * inputs * 9;
        std::vector<std::vector<double>> y(c, std::vector<double>(64));
        for (int o = 0; o < c; ++o) {
            for (int row = 0; row < 8; ++row) {
                for (int col = 0; col < 8; ++col) {
                    double sum = bias[o];
                    for (int i = 0; i < inputs; ++i)
                        for (int ky = 0; ky < 3; ++ky)
                            for (int kx = 0; kx < 3; ++kx) {
                                const int r = row + ky - 1, k = col + kx - 1;
                                if (r < 0 || r > 7 || k < 0 || k > 7) continue;
                                sum += w[((o * inputs + i) * 3 + ky) * 3 + kx] * x[i][r * 8 + k];
                            }
                    const double activated = std::max(sum, 0.0);
                    y[o][row * 8 + col] = layer == 0 ? activated : x[o][row * 8 + col] + activated;
                }
            }
        }
        w = bias + c;
        x = std::move(y);
    }
    std::array<double, 64> out{};
    for (int sq = 0; sq < 64; ++sq) {
        double sum = w[c] + w[c + 1 + sq];
        for (int i = 0; i < c; ++i) sum += w[i] * x[i][sq];
        out[sq] = sum;
    }
    return out;
}

std::string temp_path(const std::string& name) {
    return (std::filesystem::temp_directory_path() /
            ("othello-network-test-" + std::to_string(::getpid()) + "-" + name))
        .string();
}

// A random 8-channel, 2-layer network written to a temporary file for as long as it lives.
struct NetworkOnDisk {
    std::string path;
    NetworkOnDisk(const std::string& name, std::uint64_t seed) : path(temp_path(name)) {
        write_bytes(path, serialize_network_file(random_network(8, 2, seed)));
    }
    ~NetworkOnDisk() { std::filesystem::remove(path); }
    PolicyOptions options() const {
        PolicyOptions o;
        o.network_path = path;
        return o;
    }
};

std::string refusal(const std::string& bytes) {
    try {
        parse_network_file(bytes, "net.bin");
    } catch (const NetworkFileError& e) {
        return e.what();
    }
    return "";
}

std::string with_checksum(std::string bytes) {
    NetworkFile file{{0, 0}, {}};
    std::uint32_t channels, layers;
    std::memcpy(&channels, bytes.data() + 16, 4);
    std::memcpy(&layers, bytes.data() + 20, 4);
    file.shape = {static_cast<int>(channels), static_cast<int>(layers)};
    file.weights.resize((bytes.size() - kNetworkHeaderBytes) / 4);
    std::memcpy(file.weights.data(), bytes.data() + kNetworkHeaderBytes, 4 * file.weights.size());
    return serialize_network_file(file);
}

}  // namespace

TEST_CASE("a network file reads back as written") {
    const NetworkFile file = random_network(5, 3, 1);
    const NetworkFile back = parse_network_file(serialize_network_file(file), "net.bin");
    CHECK(back.shape.channels == 5);
    CHECK(back.shape.layers == 3);
    CHECK(back.weights == file.weights);
    CHECK(file.shape.weight_count() == 5 * 4 * 9 + 5 + 2 * (5 * 5 * 9 + 5) + 5 + 1 + 64);
}

TEST_CASE("damaged network files are refused, naming the file and the fault") {
    const std::string good = serialize_network_file(random_network(4, 2, 2));
    CHECK(refusal(good.substr(0, 20)).find("net.bin: truncated") == 0);
    CHECK(refusal(good.substr(0, good.size() - 4)).find("(truncated)") != std::string::npos);
    CHECK(refusal(good + "xxxx").find("bytes, its shape needs") != std::string::npos);
    std::string magic = good;
    magic[0] = 'X';
    CHECK(refusal(magic).find("not a network weights file") != std::string::npos);
    std::string version = good;
    version[8] = 2;
    CHECK(refusal(version).find("format version 2") != std::string::npos);
    std::string shape = good;
    shape[16] = 5;  // five channels: the weights no longer fit
    CHECK(refusal(shape).find("a network of its shape has") != std::string::npos);
    // One flipped bit anywhere in the weights, or in the header's shape, is caught by the
    // checksum even when everything else looks right.
    for (const std::size_t at : {kNetworkHeaderBytes, good.size() / 2, good.size() - 1}) {
        std::string flipped = good;
        flipped[at] = static_cast<char>(flipped[at] ^ 0x10);
        CHECK(refusal(flipped) == "net.bin: checksum mismatch: the file is damaged");
    }
    // A weight that is no number, with a checksum made to match, is still refused.
    std::string nan = good;
    const float not_a_number = NAN;
    std::memcpy(nan.data() + kNetworkHeaderBytes + 8, &not_a_number, 4);
    CHECK(refusal(with_checksum(nan)) == "net.bin: weight 2 is not a finite number");
    CHECK(refusal(good).empty());
}

TEST_CASE("a network path that is missing, a folder or a FIFO is refused at once") {
    CHECK_THROWS_WITH_AS(load_network_file("/nonexistent/net.bin"),
                         "/nonexistent/net.bin: no such network weights file", NetworkFileError);
    const std::string dir = temp_path("dir");
    std::filesystem::create_directory(dir);
    CHECK_THROWS_WITH_AS(load_network_file(dir), (dir + ": not a regular file (a folder)").c_str(),
                         NetworkFileError);
    std::filesystem::remove(dir);
    const std::string fifo = temp_path("fifo");
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    CHECK_THROWS_WITH_AS(load_network_file(fifo), (fifo + ": not a regular file (a FIFO)").c_str(),
                         NetworkFileError);
    std::filesystem::remove(fifo);
    // 1.5 GB (sparse): more than a network of the largest shape, refused before it is read.
    const std::string huge = temp_path("huge.bin");
    std::ofstream{huge};
    std::filesystem::resize_file(huge, 1500000000);
    CHECK_THROWS_WITH_AS(
        load_network_file(huge),
        (huge + ": 1500000000 bytes, more than a network weights file holds (at most "
                "148739364)")
            .c_str(),
        NetworkFileError);
    std::filesystem::remove(huge);
    // Through the policy options, as --network FILE and network=FILE reach it.
    PolicyOptions options;
    options.network_path = "/nonexistent/net.bin";
    CHECK_THROWS_AS(make_policy("book,network", options), NetworkFileError);
}

TEST_CASE("the forward pass computes PyTorch's convolutions, in both kernels") {
    // 20 channels: padding to 24; 40: blocks of four registers and of one; 60: of six and one.
    for (const int channels : {1, 20, 40, 60}) {
        const NetworkFile file = random_network(channels, 3, channels);
        const PolicyNetwork net(file);
        for (const Position& p : testing::random_positions(2, 7)) {
            const auto expected = reference_logits(file, p);
            std::array<float, 64> portable, avx2;
            net.logits(p, portable, PolicyNetwork::Kernel::Portable);
            for (int sq = 0; sq < 64; ++sq)
                REQUIRE(portable[sq] == doctest::Approx(expected[sq]).epsilon(1e-4));
            if (!PolicyNetwork::avx2_available()) continue;
            net.logits(p, avx2, PolicyNetwork::Kernel::Avx2);
            for (int sq = 0; sq < 64; ++sq)
                REQUIRE(avx2[sq] == doctest::Approx(expected[sq]).epsilon(1e-4));
        }
    }
}

TEST_CASE("the AVX2 and portable kernels choose the same move") {
    if (!PolicyNetwork::avx2_available()) {
        MESSAGE("this CPU has no AVX2: only the portable kernel runs");
        return;
    }
    const PolicyNetwork net(random_network(32, 4, 3));
    int compared = 0;
    for (const Position& p : testing::random_positions(20, 11)) {
        const Bitboard moves = p.legal_moves();
        if (!moves) continue;
        std::array<float, 64> a, b;
        net.logits(p, a, PolicyNetwork::Kernel::Portable);
        net.logits(p, b, PolicyNetwork::Kernel::Avx2);
        auto best = [&](const std::array<float, 64>& l) {
            int chosen = -1;
            for (int sq : Bits(moves))
                if (chosen < 0 || l[sq] > l[chosen]) chosen = sq;
            return chosen;
        };
        CHECK(best(a) == best(b));
        ++compared;
    }
    CHECK(compared > 1000);
}

TEST_CASE("the network policy plays legal moves, the same ones for the same seed") {
    const NetworkOnDisk net("net.bin", 4);
    PolicyOptions options = net.options();
    auto play = [&](std::string_view spec, std::uint64_t seed, double temperature) {
        options.seed = seed;
        options.temperature = temperature;
        auto policy = make_policy(spec, options);
        Game game;
        while (!game.is_over()) {
            const Move m = policy->choose(game);
            REQUIRE((m.is_pass() ? !game.current().has_legal_move()
                                 : (game.current().legal_moves() & m.square().bit()) != 0));
            game.play(m);
        }
        return game.transcript();
    };
    CHECK(play("network", 1, 0) == play("network", 2, 0));  // no ties: the seed changes nothing
    CHECK(play("network", 1, 2) == play("network", 1, 2));
    CHECK(play("network", 1, 2) != play("network", 5, 2));
    // In a chain, the book plays first: the same opening as the book before any other policy.
    const std::string booked = play("book,network", 3, 0);
    options.seed = 3;
    auto book = make_policy("book,mobility", options);
    CHECK(booked.substr(0, 2) == book->choose(Game()).to_string());
}

TEST_CASE("the network policy's analysis: every legal move, its choice first, discs clamped") {
    const NetworkOnDisk net("net-eval.bin", 5);
    auto policy = make_policy("network", net.options());
    for (const Position& p : testing::random_positions(3, 2)) {
        if (!p.has_legal_move()) continue;
        const Game game(p);
        const auto scores = policy->evaluate(game);
        REQUIRE(scores.size() == static_cast<std::size_t>(popcount(p.legal_moves())));
        CHECK(scores.front().move == policy->choose(game));
        double probability = 0;
        for (const MoveScore& s : scores) {
            CHECK(std::abs(s.score) <= kMaxDiscDifference);
            CHECK(s.detail.rfind("network ", 0) == 0);
            probability += std::stod(s.detail.substr(8));
        }
        CHECK(probability == doctest::Approx(100).epsilon(0.01 * scores.size()));
    }
}

TEST_CASE("a value weight blends in the pattern evaluation of each move's result") {
    const NetworkOnDisk net("net-value.bin", 6);
    PolicyOptions options = net.options();
    options.value_weight = 0;  // the network alone
    auto alone = make_policy("network", options);
    options.value_weight = 1e4;  // the values decide wherever they differ
    auto valued = make_policy("network", options);
    patterns::RegressionPolicy regression(options);
    int decided = 0, differs_from_network = 0;
    for (const Position& p : testing::random_positions(10, 3)) {
        const Bitboard moves = p.legal_moves();
        if (popcount(moves) < 2) continue;
        int best = -1, count = 0;
        std::int32_t top = 0;
        for (int sq : Bits(moves)) {
            const std::int32_t v = regression.score_units(p, Square::from_index(sq));
            if (best < 0 || v > top) {
                top = v;
                best = sq;
                count = 1;
            } else if (v == top) {
                ++count;
            }
        }
        if (count > 1) continue;
        const Game game(p);
        REQUIRE(valued->choose(game) == Move(Square::from_index(best)));
        CHECK(valued->evaluate(game).front().move == Move(Square::from_index(best)));
        differs_from_network += alone->choose(game) != Move(Square::from_index(best));
        ++decided;
    }
    CHECK(decided > 100);
    CHECK(differs_from_network > 0);  // the blend changed the play
}

TEST_CASE("the network is listed by the registry") {
    bool listed = false;
    for (const auto& info : policy_catalogue()) listed |= info.name == "network";
    CHECK(listed);
    CHECK_THROWS_WITH_AS(make_policy("network,random", {}),
                         "policy 'network' always has a move and takes no fallback",
                         std::invalid_argument);
}
