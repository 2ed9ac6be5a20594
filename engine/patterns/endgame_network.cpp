// The endgame network's integer forward pass and its serialized form (endgame_network.h).
#include "engine/patterns/endgame_network.h"

#include <algorithm>
#include <cstring>

#include "engine/data_file.h"
#include "engine/movegen.h"
#include "engine/symmetry.h"

namespace othello::patterns {

static_assert(EndgameNetwork::kOutputDiscs == kSymmetryCount && EndgameNetwork::kOne == 256,
              "correction_units sums the 8 images' outputs: their mean in 1/256 disc");

namespace {

// Trained biases are a few units of kOne; this bound keeps every sum of the forward pass far
// inside int32 whatever the file holds.
constexpr std::int32_t kMaxBias = 1 << 24;

constexpr char kNetworkMagic[8] = {'O', 'T', 'H', 'E', 'G', 'N', 'E', 'T'};

std::int32_t clipped(std::int32_t x) {
    return std::clamp<std::int32_t>(x, 0, EndgameNetwork::kOne);
}

// Arrays are appended and read in declaration order, little-endian, with no padding.
template <class Array>
void append_array(std::string& out, const Array& values) {
    out.append(reinterpret_cast<const char*>(values.data()),
               values.size() * sizeof(typename Array::value_type));
}

template <class Array>
const char* take_array(const char* at, Array& values) {
    const std::size_t bytes = values.size() * sizeof(typename Array::value_type);
    std::memcpy(values.data(), at, bytes);
    return at + bytes;
}

// a1-d4, e1-h4, a5-d8, e5-h8 (square index = row * 8 + column).
constexpr std::array<Bitboard, 4> kQuadrants = {0x000000000F0F0F0FULL, 0x00000000F0F0F0F0ULL,
                                                0x0F0F0F0F00000000ULL, 0xF0F0F0F000000000ULL};

constexpr std::array<std::uint32_t, 5> kNetworkShape = {
    EndgameNetwork::kMaxEmpties, EndgameNetwork::kInputs, EndgameNetwork::kHidden1,
    EndgameNetwork::kHidden2, EndgameNetwork::kOutputDiscs};
constexpr std::array<const char*, 5> kNetworkShapeNames = {
    "max empties", "inputs", "hidden units 1", "hidden units 2", "output discs"};

}  // namespace

std::int32_t EndgameNetwork::image_output(Bitboard mover, Bitboard opponent, Bitboard mover_moves,
                                          Bitboard opponent_moves, int empties,
                                          std::int32_t evaluation_input) const {
    std::array<std::int32_t, kHidden1> sum1 = b1;
    auto add_row = [&](int input) {
        const std::int16_t* row = w1.data() + static_cast<std::size_t>(input) * kHidden1;
        for (int j = 0; j < kHidden1; ++j) sum1[j] += row[j];
    };
    const std::array<Bitboard, 4> planes = {mover, opponent, mover_moves, opponent_moves};
    for (int plane = 0; plane < 4; ++plane)
        for (int sq : Bits(planes[plane])) add_row(plane * 64 + sq);
    add_row(kEmptiesInput + empties - 1);
    const Bitboard empty = ~(mover | opponent);
    for (int q = 0; q < 4; ++q)
        if (popcount(empty & kQuadrants[q]) & 1) add_row(kParityInput + q);
    const std::int16_t* evaluation_row =
        w1.data() + static_cast<std::size_t>(kEvaluationInput) * kHidden1;
    for (int j = 0; j < kHidden1; ++j) sum1[j] += (evaluation_row[j] * evaluation_input) >> 8;

    std::array<std::int32_t, kHidden2> sum2{};
    for (int j = 0; j < kHidden1; ++j) {
        const std::int32_t h = clipped(sum1[j]);
        const std::int16_t* row = w2.data() + static_cast<std::size_t>(j) * kHidden2;
        for (int k = 0; k < kHidden2; ++k) sum2[k] += h * row[k];
    }
    std::int32_t out = 0;
    for (int k = 0; k < kHidden2; ++k) out += clipped(b2[k] + (sum2[k] >> 8)) * w3[k];
    return b3 + (out >> 8);
}

std::int32_t EndgameNetwork::correction_units(const Position& p, std::int32_t pattern_units) const {
    const int empties = p.empty_count();
    // The evaluation in discs / 64, in units of 1/kOne: pattern units are 1/256 disc.
    const std::int32_t evaluation_input = std::clamp<std::int32_t>(pattern_units / 64, -512, 512);
    const auto movers = symmetric_images(p.player());
    const auto opponents = symmetric_images(p.opponent());
    const auto mover_moves = symmetric_images(legal_moves(p.player(), p.opponent()));
    const auto opponent_moves = symmetric_images(legal_moves(p.opponent(), p.player()));
    std::int32_t sum = 0;
    for (int s = 0; s < kSymmetryCount; ++s)
        sum += image_output(movers[s], opponents[s], mover_moves[s], opponent_moves[s], empties,
                            evaluation_input);
    // The mean of the 8 outputs, each in 1/kOne of kOutputDiscs discs, in 1/256 disc: since
    // kOutputDiscs is 8 and kOne is 256, exactly the sum.
    return sum;
}

std::string EndgameNetwork::serialize() const {
    std::string out(kNetworkMagic, sizeof kNetworkMagic);
    append_array(out, kNetworkShape);
    append_array(out, w1);
    append_array(out, b1);
    append_array(out, w2);
    append_array(out, b2);
    append_array(out, w3);
    append_array(out, std::array<std::int32_t, 1>{b3});
    return out;
}

EndgameNetwork EndgameNetwork::parse(const char* data, std::size_t size, const std::string& name) {
    if (size != kBytes) {
        throw DataFileError(name + ": the endgame network is " + std::to_string(size) +
                            " bytes, this build's is " + std::to_string(kBytes));
    }
    if (std::memcmp(data, kNetworkMagic, sizeof kNetworkMagic) != 0)
        throw DataFileError(name + ": not an endgame network (magic is not OTHEGNET)");
    std::array<std::uint32_t, 5> shape;
    const char* at = take_array(data + sizeof kNetworkMagic, shape);
    for (std::size_t i = 0; i < shape.size(); ++i) {
        if (shape[i] != kNetworkShape[i]) {
            throw DataFileError(name + ": endgame network " + kNetworkShapeNames[i] + " is " +
                                std::to_string(shape[i]) + ", this build's is " +
                                std::to_string(kNetworkShape[i]));
        }
    }
    EndgameNetwork network;
    at = take_array(at, network.w1);
    at = take_array(at, network.b1);
    at = take_array(at, network.w2);
    at = take_array(at, network.b2);
    at = take_array(at, network.w3);
    std::array<std::int32_t, 1> b3;
    take_array(at, b3);
    network.b3 = b3[0];
    // The weights are int16; a bias far past any trained one could overflow the int32 sums.
    auto check_biases = [&](const auto& biases, const char* layer) {
        for (const std::int32_t b : biases) {
            if (b > kMaxBias || b < -kMaxBias) {
                throw DataFileError(name + ": endgame network bias of " + layer + " is " +
                                    std::to_string(b) + ", beyond +-" + std::to_string(kMaxBias));
            }
        }
    };
    check_biases(network.b1, "layer 1");
    check_biases(network.b2, "layer 2");
    check_biases(b3, "the output");
    return network;
}

EndgameNetwork EndgameNetwork::load(const std::string& path) {
    const std::string bytes = read_regular_file(path, "endgame network", kBytes + 1);
    return parse(bytes.data(), bytes.size(), path);
}

}  // namespace othello::patterns
