// The network's forward pass: activations kept square by square ([64][channels]), so that a
// convolution is, for each square, a sum over its neighbours of a small matrix times a vector:
// plain loops in the portable kernel, eight output channels a register in the AVX2 one.
#include "engine/network/policy_network.h"

#include <algorithm>

#include "engine/instruction_set.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define OTHELLO_HAS_AVX2_KERNEL 1
#endif

namespace othello::network {

namespace {

constexpr int kNeighbours = 9;

int padded_channels(int channels) {
    return (channels + 7) / 8 * 8;
}

// The squares a 3x3 kernel reads around `sq` (zero padding: those off the board are skipped),
// with the kernel's index of each.
struct Neighbourhood {
    int count = 0;
    std::array<int, kNeighbours> square{};
    std::array<int, kNeighbours> tap{};
};

const std::array<Neighbourhood, 64>& neighbourhoods() {
    static const std::array<Neighbourhood, 64> table = [] {
        std::array<Neighbourhood, 64> t{};
        for (int sq = 0; sq < 64; ++sq) {
            for (int dy = -1; dy <= 1; ++dy) {
                for (int dx = -1; dx <= 1; ++dx) {
                    const int row = sq / 8 + dy, column = sq % 8 + dx;
                    if (row < 0 || row > 7 || column < 0 || column > 7) continue;
                    Neighbourhood& n = t[sq];
                    n.square[n.count] = row * 8 + column;
                    n.tap[n.count++] = (dy + 1) * 3 + (dx + 1);
                }
            }
        }
        return t;
    }();
    return table;
}

// out[sq] = relu(conv(in)[sq]) (+ in[sq] when residual), channels padded to `padded`; `in` has
// `stride` floats a square, of which the first `inputs` are read.
void convolve_portable(const float* in, int stride, int inputs, const float* weights,
                       const float* bias, int padded, bool residual, float* out) {
    const auto& table = neighbourhoods();
    for (int sq = 0; sq < 64; ++sq) {
        float* acc = out + sq * padded;
        std::copy(bias, bias + padded, acc);
        const Neighbourhood& n = table[sq];
        for (int j = 0; j < n.count; ++j) {
            const float* x = in + n.square[j] * stride;
            const float* w = weights + n.tap[j] * inputs * padded;
            for (int i = 0; i < inputs; ++i) {
                const float v = x[i];
                if (v == 0) continue;
                const float* wi = w + i * padded;
                for (int o = 0; o < padded; ++o) acc[o] += v * wi[o];
            }
        }
        for (int o = 0; o < padded; ++o) {
            const float a = std::max(acc[o], 0.0f);
            acc[o] = residual ? in[sq * stride + o] + a : a;
        }
    }
}

#ifdef OTHELLO_HAS_AVX2_KERNEL
// The same sums with eight output channels a register, up to six registers at once (48 channels:
// each input is then broadcast once for all of them).
template <int Registers>
__attribute__((target("avx2,fma"))) void convolve_block_avx2(const float* in, int stride,
                                                             int inputs, const float* weights,
                                                             const float* bias, int padded,
                                                             int first, bool residual, float* out) {
    const auto& table = neighbourhoods();
    for (int sq = 0; sq < 64; ++sq) {
        __m256 acc[Registers];
        for (int r = 0; r < Registers; ++r) acc[r] = _mm256_loadu_ps(bias + first + 8 * r);
        const Neighbourhood& n = table[sq];
        for (int j = 0; j < n.count; ++j) {
            const float* x = in + n.square[j] * stride;
            const float* w = weights + n.tap[j] * inputs * padded + first;
            for (int i = 0; i < inputs; ++i) {
                const __m256 v = _mm256_set1_ps(x[i]);
                const float* wi = w + i * padded;
                for (int r = 0; r < Registers; ++r)
                    acc[r] = _mm256_fmadd_ps(v, _mm256_loadu_ps(wi + 8 * r), acc[r]);
            }
        }
        const __m256 zero = _mm256_setzero_ps();
        for (int r = 0; r < Registers; ++r) {
            __m256 a = _mm256_max_ps(acc[r], zero);
            if (residual) a = _mm256_add_ps(a, _mm256_loadu_ps(in + sq * stride + first + 8 * r));
            _mm256_storeu_ps(out + sq * padded + first + 8 * r, a);
        }
    }
}

void convolve_avx2(const float* in, int stride, int inputs, const float* weights, const float* bias,
                   int padded, bool residual, float* out) {
    int first = 0;
    for (; first + 48 <= padded; first += 48)
        convolve_block_avx2<6>(in, stride, inputs, weights, bias, padded, first, residual, out);
    for (; first + 32 <= padded; first += 32)
        convolve_block_avx2<4>(in, stride, inputs, weights, bias, padded, first, residual, out);
    for (; first < padded; first += 8)
        convolve_block_avx2<1>(in, stride, inputs, weights, bias, padded, first, residual, out);
}
#endif

}  // namespace

bool PolicyNetwork::avx2_available() {
#ifdef OTHELLO_HAS_AVX2_KERNEL
    // x86-64-v3 has AVX2 and FMA; OTHELLO_INSTRUCTION_SET=baseline turns this kernel off too.
    return best_instruction_set() == InstructionSet::kX86_64_V3;
#else
    return false;
#endif
}

PolicyNetwork::PolicyNetwork(const NetworkFile& file)
    : shape_(file.shape), padded_(padded_channels(file.shape.channels)) {
    if (file.weights.size() != shape_.weight_count())
        throw NetworkFileError("network: " + std::to_string(file.weights.size()) +
                               " weights for a shape that has " +
                               std::to_string(shape_.weight_count()));
    const int c = shape_.channels;
    const float* w = file.weights.data();
    // PyTorch's [out][in][row][column] to [row * 3 + column][in][out padded].
    auto convolution = [&](int inputs) {
        Convolution conv;
        conv.inputs = inputs;
        conv.weights.assign(static_cast<std::size_t>(kNeighbours) * inputs * padded_, 0.0f);
        conv.bias.assign(padded_, 0.0f);
        for (int o = 0; o < c; ++o)
            for (int i = 0; i < inputs; ++i)
                for (int tap = 0; tap < kNeighbours; ++tap)
                    conv.weights[(tap * inputs + i) * padded_ + o] = *w++;
        for (int o = 0; o < c; ++o) conv.bias[o] = *w++;
        convolutions_.push_back(std::move(conv));
    };
    convolution(NetworkShape::kInputPlanes);
    for (int layer = 1; layer < shape_.layers; ++layer) convolution(c);
    head_weights_.assign(padded_, 0.0f);
    for (int i = 0; i < c; ++i) head_weights_[i] = *w++;
    head_bias_ = *w++;
    for (float& b : square_bias_) b = *w++;
    default_kernel_ = avx2_available() ? Kernel::Avx2 : Kernel::Portable;
}

void PolicyNetwork::logits(const Position& p, std::array<float, 64>& out, Kernel kernel) const {
    constexpr int kPlanes = NetworkShape::kInputPlanes;
    std::array<float, 64 * kPlanes> planes{};
    const Bitboard legal = p.legal_moves();
    for (int sq = 0; sq < 64; ++sq) {
        planes[sq * kPlanes + 0] = static_cast<float>((p.player() >> sq) & 1);
        planes[sq * kPlanes + 1] = static_cast<float>((p.opponent() >> sq) & 1);
        planes[sq * kPlanes + 2] = static_cast<float>((legal >> sq) & 1);
        planes[sq * kPlanes + 3] = 1.0f;
    }
    // Two buffers the layers alternate between, kept per thread (a match plays on several).
    thread_local std::vector<float> buffers[2];
    for (auto& b : buffers) b.resize(static_cast<std::size_t>(64) * padded_);
#ifdef OTHELLO_HAS_AVX2_KERNEL
    // Asked for AVX2 on a CPU without it, the portable kernel answers rather than a SIGILL.
    const bool avx2 = kernel == Kernel::Avx2 && default_kernel_ == Kernel::Avx2;
    const auto convolve = avx2 ? convolve_avx2 : convolve_portable;
#else
    (void)kernel;
    const auto convolve = convolve_portable;
#endif
    const float* in = planes.data();
    int stride = kPlanes;
    for (std::size_t layer = 0; layer < convolutions_.size(); ++layer) {
        const Convolution& conv = convolutions_[layer];
        float* next = buffers[layer % 2].data();
        convolve(in, stride, conv.inputs, conv.weights.data(), conv.bias.data(), padded_, layer > 0,
                 next);
        in = next;
        stride = padded_;
    }
    for (int sq = 0; sq < 64; ++sq) {
        float sum = head_bias_ + square_bias_[sq];
        for (int i = 0; i < padded_; ++i) sum += in[sq * padded_ + i] * head_weights_[i];
        out[sq] = sum;
    }
}

}  // namespace othello::network
