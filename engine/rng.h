// Rng: a small, fast, seedable generator (xoshiro256**), so every policy and simulation is
// reproducible from one --seed and cheap enough for hundreds of thousands of games per second.
#pragma once

#include <cstdint>
#include <limits>

#include "engine/bitboard.h"

namespace othello {

class Rng {
  public:
    using result_type = std::uint64_t;  // usable with <random> distributions and std::shuffle

    explicit Rng(std::uint64_t seed = 0) {
        // splitmix64 spreads any seed (including 0) over the four words of state.
        for (auto& word : state_) {
            seed += 0x9E3779B97F4A7C15ULL;
            std::uint64_t z = seed;
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
            z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
            word = z ^ (z >> 31);
        }
    }

    static constexpr result_type min() { return 0; }
    static constexpr result_type max() { return std::numeric_limits<result_type>::max(); }

    result_type operator()() {
        const std::uint64_t result = rotl(state_[1] * 5, 7) * 9;
        const std::uint64_t t = state_[1] << 17;
        state_[2] ^= state_[0];
        state_[3] ^= state_[1];
        state_[1] ^= state_[2];
        state_[0] ^= state_[3];
        state_[2] ^= t;
        state_[3] = rotl(state_[3], 45);
        return result;
    }

    // Uniform in [0, n), n > 0 (Lemire's multiply-shift; the bias is below 2^-32 for n <= 64).
    std::uint32_t below(std::uint32_t n) {
        return static_cast<std::uint32_t>(((*this)() >> 32) * n >> 32);
    }

    // Uniform in [0, 1).
    double uniform() { return static_cast<double>((*this)() >> 11) * 0x1.0p-53; }

    // One set bit of b chosen uniformly, as a square index; b must not be zero. Isa: the
    // instruction set of the kernel it runs in (engine/instruction_set.h), the same draw on each.
    template <InstructionSet Isa = InstructionSet::kBaseline>
    [[gnu::always_inline]] int pick_bit(Bitboard b) {
        return lowest_index(nth_set_bit<Isa>(b, static_cast<int>(below(popcount(b)))));
    }

  private:
    static constexpr std::uint64_t rotl(std::uint64_t x, int k) {
        return (x << k) | (x >> (64 - k));
    }
    std::uint64_t state_[4];
};

}  // namespace othello
