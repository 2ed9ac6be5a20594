// The network policy's weights file: a residual convolutional move predictor's shape and its
// weights, checked whole before any of it is used. training/network/network_model.py writes it.
//
// File format (little-endian), a 32-byte header then the weights:
//   offset  0  8 bytes   magic "OTHNETWK"
//   offset  8  uint32    format version (1)
//   offset 12  uint32    input planes (4: the mover's discs, the opponent's, the legal moves, ones)
//   offset 16  uint32    channels C of every convolution
//   offset 20  uint32    3x3 convolutions L, the first (from the input planes) included
//   offset 24  uint32    number of float32 weights that follow
//   offset 28  uint32    CRC-32 of bytes 0..27 and of every byte after the header
//   offset 32  float32   the weights, each tensor in PyTorch's order (out, in, row, column):
//                        first convolution [C][4][3][3] and bias [C]; L-1 times [C][C][3][3] and
//                        [C]; the head's 1x1 convolution [C] and bias [1]; a bias per square [64]
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "engine/data_file.h"

namespace othello::network {

// A weights file that cannot be used; the message names the file and what is wrong.
class NetworkFileError : public DataFileError {
  public:
    using DataFileError::DataFileError;
};

struct NetworkShape {
    static constexpr int kInputPlanes = 4;
    static constexpr int kMaxChannels = 256;
    static constexpr int kMaxLayers = 64;
    int channels = 0;
    int layers = 0;
    // How many weights a network of this shape has.
    std::size_t weight_count() const;
};

struct NetworkFile {
    NetworkShape shape;
    std::vector<float> weights;  // in the file's order
};

inline constexpr std::size_t kNetworkHeaderBytes = 32;

// Reads and checks a weights file: a regular file, the magic, version, shape, size, checksum,
// and every weight a finite number. Throws NetworkFileError naming `path`.
NetworkFile load_network_file(const std::filesystem::path& path);
// The same checks on a file's bytes; `name` is used in messages.
NetworkFile parse_network_file(const std::string& bytes, const std::string& name);
// The bytes of a weights file (tests and tools write networks of their own with it).
std::string serialize_network_file(const NetworkFile& file);

// The shipped network: data_dir() / "network.bin".
std::filesystem::path default_network_path();

}  // namespace othello::network
