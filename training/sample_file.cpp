// Reading and writing training-set files; the format is described in sample_file.h.
#include "training/sample_file.h"

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <string>

namespace othello::training {

static_assert(std::endian::native == std::endian::little,
              "training-set files are little-endian; this build reads them with memcpy");

namespace {

constexpr char kMagic[8] = {'O', 'T', 'H', 'S', 'A', 'M', 'P', 'L'};
constexpr std::uint32_t kVersion = 1;
constexpr std::size_t kHeaderBytes = 24;
constexpr std::size_t kSampleBytes = 20;
// Samples per read or write: large blocks, not one stream call per sample.
constexpr std::size_t kBlockSamples = 1 << 16;

void encode(const TrainingSample& s, char* out) {
    std::memcpy(out, &s.player, 8);
    std::memcpy(out + 8, &s.opponent, 8);
    std::memcpy(out + 16, &s.target, 4);
}

TrainingSample decode(const char* in) {
    TrainingSample s;
    std::memcpy(&s.player, in, 8);
    std::memcpy(&s.opponent, in + 8, 8);
    std::memcpy(&s.target, in + 16, 4);
    return s;
}

}  // namespace

void save_samples(const std::filesystem::path& path, const TrainingSamples& samples) {
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    if (!file) throw SampleFileError(path.string() + ": cannot open for writing");
    char header[kHeaderBytes];
    const std::uint32_t version = kVersion, sample_bytes = kSampleBytes;
    const std::uint64_t count = samples.size();
    std::memcpy(header, kMagic, 8);
    std::memcpy(header + 8, &version, 4);
    std::memcpy(header + 12, &sample_bytes, 4);
    std::memcpy(header + 16, &count, 8);
    file.write(header, kHeaderBytes);
    std::string block;
    for (std::size_t first = 0; first < samples.size(); first += kBlockSamples) {
        const std::size_t n = std::min(kBlockSamples, samples.size() - first);
        block.resize(n * kSampleBytes);
        for (std::size_t i = 0; i < n; ++i) encode(samples[first + i], &block[i * kSampleBytes]);
        file.write(block.data(), static_cast<std::streamsize>(block.size()));
    }
    file.flush();
    if (!file) throw SampleFileError(path.string() + ": write failed");
}

TrainingSamples load_samples(const std::filesystem::path& path) {
    const std::string name = path.string();
    if (std::filesystem::is_directory(path))
        throw SampleFileError(name + ": is a directory, not a training-set file");
    std::ifstream file(path, std::ios::binary);
    if (!file) throw SampleFileError(name + ": cannot open training-set file");
    char header[kHeaderBytes];
    if (!file.read(header, kHeaderBytes))
        throw SampleFileError(name + ": truncated header (a training-set file has " +
                              std::to_string(kHeaderBytes) + " header bytes)");
    if (std::memcmp(header, kMagic, 8) != 0)
        throw SampleFileError(name + ": not a training-set file (magic is not OTHSAMPL)");
    std::uint32_t version, sample_bytes;
    std::uint64_t count;
    std::memcpy(&version, header + 8, 4);
    std::memcpy(&sample_bytes, header + 12, 4);
    std::memcpy(&count, header + 16, 8);
    if (version != kVersion)
        throw SampleFileError(name + ": format version is " + std::to_string(version) +
                              ", this build reads " + std::to_string(kVersion));
    if (sample_bytes != kSampleBytes)
        throw SampleFileError(name + ": " + std::to_string(sample_bytes) +
                              " bytes per sample, this build reads " +
                              std::to_string(kSampleBytes));
    const auto size = std::filesystem::file_size(path);
    if (size != kHeaderBytes + count * kSampleBytes)
        throw SampleFileError(name + ": header says " + std::to_string(count) +
                              " samples, but the file has " + std::to_string(size) +
                              " bytes (want " +
                              std::to_string(kHeaderBytes + count * kSampleBytes) + ")");
    TrainingSamples samples;
    samples.reserve(count);
    std::string block;
    for (std::uint64_t first = 0; first < count; first += kBlockSamples) {
        const std::size_t n =
            static_cast<std::size_t>(std::min<std::uint64_t>(kBlockSamples, count - first));
        block.resize(n * kSampleBytes);
        if (!file.read(block.data(), static_cast<std::streamsize>(block.size())))
            throw SampleFileError(name + ": read failed");
        for (std::size_t i = 0; i < n; ++i) {
            const TrainingSample s = decode(&block[i * kSampleBytes]);
            // Search labels may lie a little beyond +-64 (an evaluation is not bounded), so
            // only a label that is no number at all is refused.
            if ((s.player & s.opponent) || !std::isfinite(s.target)) {
                throw SampleFileError(name + ": sample " + std::to_string(first + i) +
                                      " is not a labelled position (overlapping discs or a "
                                      "label that is not a finite number)");
            }
            samples.push_back(s);
        }
    }
    return samples;
}

}  // namespace othello::training
