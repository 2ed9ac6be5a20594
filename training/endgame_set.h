// The endgame network's training data and its attachment to a weights file. The network itself
// (engine/patterns/endgame_network.h) is fitted by training/endgame/train_endgame.py, in PyTorch,
// on the endgame set that export_endgame_set writes.
//
// Endgame set file (little-endian), 24-byte header then the records:
//   offset  0  8 bytes   magic "OTHEGSET"
//   offset  8  uint32    format version (2; version 1 had no siblings field)
//   offset 12  uint32    bytes per record (44)
//   offset 16  uint64    number of records
//   offset 24  records: uint64 discs of the side to move, uint64 opponent's discs, uint64 legal
//              moves of the side to move, uint64 the opponent's, int32 the base weights' pattern
//              evaluation (1/256 disc), float32 label (final disc difference from the side to
//              move), uint32 siblings (TrainingSample::siblings: the positions one move after
//              one parent share a nonzero number, so a fit can learn how they rank; 0 for none)
#pragma once

#include <cstdint>
#include <filesystem>
#include <ostream>
#include <vector>

namespace othello::training {

// Writes the samples of `sample_files` that have at most EndgameNetwork::kMaxEmpties empties
// (and a legal move) to `output`, which must not exist yet; `base_weights` gives the pattern
// evaluation the network corrects (its own endgame network, if any, is left out). Returns the
// number of records.
std::uint64_t export_endgame_set(const std::vector<std::filesystem::path>& sample_files,
                                 const std::filesystem::path& base_weights,
                                 const std::filesystem::path& output, std::ostream& log);

// Writes `base_weights` with the endgame network file `network` to `output` (format version 4),
// which must not exist yet, and reads it back to check it.
void attach_endgame_network(const std::filesystem::path& base_weights,
                            const std::filesystem::path& network,
                            const std::filesystem::path& output, std::ostream& log);

}  // namespace othello::training
