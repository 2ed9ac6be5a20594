// Reading, checking and writing network weights files; the format is in network_file.h.
#include "engine/network/network_file.h"

#include <bit>
#include <cmath>
#include <cstring>

#include "engine/data_dir.h"

namespace othello::network {

static_assert(std::endian::native == std::endian::little,
              "network files are little-endian; this build reads them with memcpy");

namespace {

constexpr char kMagic[8] = {'O', 'T', 'H', 'N', 'E', 'T', 'W', 'K'};
constexpr std::uint32_t kVersion = 1;
constexpr std::size_t kChecksumOffset = 28;

std::uint32_t read_u32(const std::string& bytes, std::size_t offset) {
    std::uint32_t value;
    std::memcpy(&value, bytes.data() + offset, 4);
    return value;
}

void write_u32(std::string& bytes, std::size_t offset, std::uint32_t value) {
    std::memcpy(bytes.data() + offset, &value, 4);
}

// The checksum covers the header before it and everything after the header.
std::uint32_t checksum(const std::string& bytes) {
    return data_checksum(bytes, kChecksumOffset, kNetworkHeaderBytes);
}

}  // namespace

std::size_t NetworkShape::weight_count() const {
    const auto c = static_cast<std::size_t>(channels);
    const std::size_t first = c * kInputPlanes * 9 + c;
    const std::size_t residual = (c * c * 9 + c) * static_cast<std::size_t>(layers - 1);
    return first + residual + c + 1 + 64;
}

NetworkFile parse_network_file(const std::string& bytes, const std::string& name) {
    auto refuse = [&](const std::string& why) { return NetworkFileError(name + ": " + why); };
    if (bytes.size() < kNetworkHeaderBytes)
        throw refuse("truncated: " + std::to_string(bytes.size()) +
                     " bytes, shorter than the 32-byte header of a network file");
    if (std::memcmp(bytes.data(), kMagic, 8) != 0)
        throw refuse("not a network weights file (its magic is not OTHNETWK)");
    if (read_u32(bytes, 8) != kVersion)
        throw refuse("format version " + std::to_string(read_u32(bytes, 8)) +
                     ", this build reads version 1");
    if (read_u32(bytes, 12) != NetworkShape::kInputPlanes)
        throw refuse(std::to_string(read_u32(bytes, 12)) + " input planes, this build has 4");
    const std::uint32_t channels = read_u32(bytes, 16), layers = read_u32(bytes, 20);
    if (channels < 1 || channels > NetworkShape::kMaxChannels || layers < 1 ||
        layers > NetworkShape::kMaxLayers)
        throw refuse("a shape of " + std::to_string(channels) + " channels and " +
                     std::to_string(layers) + " layers (1-256 channels, 1-64 layers)");
    NetworkFile file{{static_cast<int>(channels), static_cast<int>(layers)}, {}};
    const std::size_t count = file.shape.weight_count();
    if (read_u32(bytes, 24) != count)
        throw refuse("the header counts " + std::to_string(read_u32(bytes, 24)) +
                     " weights, a network of its shape has " + std::to_string(count));
    if (bytes.size() != kNetworkHeaderBytes + 4 * count)
        throw refuse(std::to_string(bytes.size()) + " bytes, its shape needs " +
                     std::to_string(kNetworkHeaderBytes + 4 * count) +
                     (bytes.size() < kNetworkHeaderBytes + 4 * count ? " (truncated)" : ""));
    if (checksum(bytes) != read_u32(bytes, kChecksumOffset))
        throw refuse("checksum mismatch: the file is damaged");
    file.weights.resize(count);
    std::memcpy(file.weights.data(), bytes.data() + kNetworkHeaderBytes, 4 * count);
    for (std::size_t i = 0; i < count; ++i) {
        if (!std::isfinite(file.weights[i]))
            throw refuse("weight " + std::to_string(i) + " is not a finite number");
    }
    return file;
}

NetworkFile load_network_file(const std::filesystem::path& path) {
    std::string bytes;
    try {
        // No network of the largest shape this build reads is bigger: a larger file is refused
        // before it costs memory.
        const std::size_t most =
            kNetworkHeaderBytes +
            4 * NetworkShape{NetworkShape::kMaxChannels, NetworkShape::kMaxLayers}.weight_count();
        bytes = read_regular_file(path, "network weights file", most);
    } catch (const DataFileError& e) {
        throw NetworkFileError(e.what());
    }
    return parse_network_file(bytes, path.string());
}

std::string serialize_network_file(const NetworkFile& file) {
    std::string bytes(kNetworkHeaderBytes + 4 * file.weights.size(), '\0');
    std::memcpy(bytes.data(), kMagic, 8);
    write_u32(bytes, 8, kVersion);
    write_u32(bytes, 12, NetworkShape::kInputPlanes);
    write_u32(bytes, 16, static_cast<std::uint32_t>(file.shape.channels));
    write_u32(bytes, 20, static_cast<std::uint32_t>(file.shape.layers));
    write_u32(bytes, 24, static_cast<std::uint32_t>(file.weights.size()));
    std::memcpy(bytes.data() + kNetworkHeaderBytes, file.weights.data(), 4 * file.weights.size());
    write_u32(bytes, kChecksumOffset, checksum(bytes));
    return bytes;
}

std::filesystem::path default_network_path() {
    return data_dir() / "network.bin";
}

}  // namespace othello::network
