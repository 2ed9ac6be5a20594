// EndgameNetwork: a small network that corrects the pattern evaluation near the end of the game.
//
// The pattern evaluation is a sum of per-pattern weights: it cannot see how regions of the board
// interact (which side gets the last move in each region, which chain of discs a move turns
// over), and that is where a one-ply player loses most against a solver (docs/strength.md, where
// the points go). For positions with at most kMaxEmpties empties, a network reads the board, both
// sides' legal moves, the number of empties and the pattern evaluation itself, and adds its
// output to that evaluation. It is fitted offline on exact values (training/endgame/), and it is
// still one static evaluation: nothing is searched.
//
// The network, on one image of the board (all in integers, so every machine and instruction set
// gives the same sum, and symmetric positions the same value):
//   inputs   256 squares (the mover's discs, the opponent's, the mover's moves, the opponent's),
//            one-hot empties 1..kMaxEmpties, for each quadrant (a1-d4, e1-h4, a5-d8, e5-h8)
//            whether it holds an odd number of empties (the parity a solver plays by), and the
//            pattern evaluation in discs / 64 (clamped to +-2), in units of 1/kOne
//   hidden   kHidden1 then kHidden2 units, each clamp(sum, 0, 1) (clipped ReLU), units of 1/kOne
//   output   one value, in units of 1/kOne of kOutputDiscs discs
// The correction is the mean of the outputs on the 8 symmetric images of the board, so the
// evaluation stays exactly symmetric.
//
// Serialized form (little-endian), kBytes in all, also the file the trainer writes:
//   offset  0  8 bytes   magic "OTHEGNET"
//   offset  8  uint32    max empties, inputs, hidden 1, hidden 2, output discs (5 fields)
//   offset 28  int16     w1[input][hidden1], then int32 b1[hidden1]
//              int16     w2[hidden1][hidden2], then int32 b2[hidden2]
//              int16     w3[hidden2], then int32 b3
// Weights are in units of 1/kOne, biases in units of 1/kOne of the layer's output.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

#include "engine/position.h"

namespace othello::patterns {

class EndgameNetwork {
  public:
    static constexpr int kMaxEmpties = 16;
    static constexpr int kSquareInputs = 256;
    static constexpr int kEmptiesInput = kSquareInputs;  // input of 1 empty; 2 empties is next
    static constexpr int kParityInput = kEmptiesInput + kMaxEmpties;  // quadrant a1-d4; 3 more
    static constexpr int kEvaluationInput = kParityInput + 4;
    static constexpr int kInputs = kEvaluationInput + 1;
    static constexpr int kHidden1 = 64;
    static constexpr int kHidden2 = 32;
    static constexpr int kOutputDiscs = 8;
    static constexpr std::int32_t kOne = 256;
    static constexpr std::size_t kHeaderBytes = 28;
    static constexpr std::size_t kBytes =
        kHeaderBytes + 2 * (kInputs * kHidden1 + kHidden1 * kHidden2 + kHidden2) +
        4 * (kHidden1 + kHidden2 + 1);

    // The correction to the pattern evaluation `pattern_units` of `p` (which has 1 to
    // kMaxEmpties empties), in the evaluation's units (1/256 disc).
    std::int32_t correction_units(const Position& p, std::int32_t pattern_units) const;

    std::string serialize() const;
    // Parses kBytes at `data`; throws DataFileError naming `name` and the fault (magic, a shape
    // this build does not have, a bias beyond +-2^24).
    static EndgameNetwork parse(const char* data, std::size_t size, const std::string& name);
    // Reads a network file the trainer wrote (exactly kBytes).
    static EndgameNetwork load(const std::string& path);

    // Weights, as serialized; public so that tests can build a network by hand.
    std::array<std::int16_t, kInputs * kHidden1> w1{};
    std::array<std::int32_t, kHidden1> b1{};
    std::array<std::int16_t, kHidden1 * kHidden2> w2{};
    std::array<std::int32_t, kHidden2> b2{};
    std::array<std::int16_t, kHidden2> w3{};
    std::int32_t b3 = 0;

  private:
    // The output on one image, in units of 1/kOne of kOutputDiscs discs.
    std::int32_t image_output(Bitboard mover, Bitboard opponent, Bitboard mover_moves,
                              Bitboard opponent_moves, int empties,
                              std::int32_t evaluation_input) const;
};

}  // namespace othello::patterns
