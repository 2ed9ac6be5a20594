// PolicyNetwork: the forward pass of the network policy's move predictor, in plain C++ with an
// AVX2 path where the CPU has it. It computes what training/network/network_model.py's PolicyNet
// computes: the board as four planes, a 3x3 convolution and ReLU, residual 3x3 convolutions
// (x + relu(conv(x))), and a 1x1 convolution to one logit a square plus a bias per square.
#pragma once

#include <array>
#include <vector>

#include "engine/network/network_file.h"
#include "engine/position.h"

namespace othello::network {

class PolicyNetwork {
  public:
    // The instructions a forward pass uses; both give the same logits up to float rounding.
    enum class Kernel { Portable, Avx2 };

    explicit PolicyNetwork(const NetworkFile& file);

    // Whether this CPU (and build) can run the AVX2 kernel.
    static bool avx2_available();
    // The kernel logits() uses: AVX2 where available.
    Kernel default_kernel() const { return default_kernel_; }

    // One logit per square (a1 = 0 ... h8 = 63) for the side to move in `p`, illegal squares
    // included: the caller masks them. Higher is likelier the move an expert plays.
    void logits(const Position& p, std::array<float, 64>& out, Kernel kernel) const;
    void logits(const Position& p, std::array<float, 64>& out) const {
        logits(p, out, default_kernel_);
    }

    const NetworkShape& shape() const { return shape_; }

  private:
    struct Convolution {
        // [kernel square (row * 3 + column)][input channel][output channel], output channels
        // padded with zeros to a multiple of 8.
        std::vector<float> weights;
        std::vector<float> bias;  // padded likewise
        int inputs = 0;
    };

    NetworkShape shape_;
    int padded_ = 0;  // channels rounded up to a multiple of 8
    std::vector<Convolution> convolutions_;
    std::vector<float> head_weights_;  // padded
    float head_bias_ = 0;
    std::array<float, 64> square_bias_{};
    Kernel default_kernel_ = Kernel::Portable;
};

}  // namespace othello::network
