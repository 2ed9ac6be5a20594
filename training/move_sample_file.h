// Move-sample files: positions of recorded expert games with the move the expert played there,
// for training move predictors (the network policy's trainer, training/network/, reads them
// with numpy). Unlike training-set files (sample_file.h), which hold positions labelled with a
// game's value, these keep the expert's choice.
//
// File format (little-endian): a 16-byte header, then 32-byte records.
//   header  8 bytes magic "OTHMOVES", uint32 version (1), uint32 record size (32)
//   record  uint64 player discs, uint64 opponent discs, uint64 legal moves of the side to move
//           (bit i = square i, a1 = 0, h8 = 63), uint8 expert move (square index), int8 final
//           disc difference for the side to move (the replayed board's), uint16 year of the
//           game, uint8 empty squares, 3 bytes zero
// The legal moves are stored so that the trainer needs no rules of its own.
// Only positions where the side to move has at least two legal moves are kept: a forced move
// says nothing about a predictor.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "engine/bitboard.h"

namespace othello::training {

struct MoveSample {
    Bitboard player = 0;
    Bitboard opponent = 0;
    int move = 0;    // square index of the expert's move
    int result = 0;  // final disc difference for the side to move
    int year = 0;
};

struct MoveSampleExport {
    std::filesystem::path wthor_dir;
    int held_out_from_year = 2016;  // these games go to held-out.moves, the rest to train.moves
    int max_games = 0;              // 0: all
};

struct MoveSampleCounts {
    std::int64_t train = 0;
    std::int64_t held_out = 0;
    int games = 0;
    int illegal_games = 0;  // records that do not replay (skipped)
};

// Writes `folder`/train.moves and `folder`/held-out.moves from the WTHOR games; refuses to
// replace either file when it exists.
MoveSampleCounts export_move_samples(const MoveSampleExport& options,
                                     const std::filesystem::path& folder);

// Reads a move-sample file; throws std::runtime_error naming the file and what is wrong.
std::vector<MoveSample> read_move_samples(const std::filesystem::path& path);

}  // namespace othello::training
