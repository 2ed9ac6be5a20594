// Reading and writing training-set files; the format is described in sample_file.h.
#include "training/sample_file.h"

#include <algorithm>
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
constexpr std::size_t kHeaderBytes = 24;
// Bytes per sample, by format version (index).
constexpr std::size_t kSampleBytes[] = {0, 20, 24};
constexpr std::uint32_t kLastVersion = 2;
// Samples per read or write: large blocks, not one stream call per sample.
constexpr std::size_t kBlockSamples = 1 << 16;

void encode(const TrainingSample& s, std::uint32_t version, char* out) {
    std::memcpy(out, &s.player, 8);
    std::memcpy(out + 8, &s.opponent, 8);
    std::memcpy(out + 16, &s.target, 4);
    if (version >= 2) std::memcpy(out + 20, &s.siblings, 4);
}

TrainingSample decode(const char* in, std::uint32_t version) {
    TrainingSample s;
    std::memcpy(&s.player, in, 8);
    std::memcpy(&s.opponent, in + 8, 8);
    std::memcpy(&s.target, in + 16, 4);
    if (version >= 2) std::memcpy(&s.siblings, in + 20, 4);
    return s;
}

}  // namespace

void save_samples(const std::filesystem::path& path, const TrainingSamples& samples) {
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    if (!file) throw SampleFileError(path.string() + ": cannot open for writing");
    char header[kHeaderBytes];
    const bool siblings = std::any_of(samples.begin(), samples.end(),
                                      [](const TrainingSample& s) { return s.siblings != 0; });
    const std::uint32_t version = siblings ? 2 : 1;
    const std::size_t bytes = kSampleBytes[version];
    const std::uint32_t sample_bytes = static_cast<std::uint32_t>(bytes);
    const std::uint64_t count = samples.size();
    std::memcpy(header, kMagic, 8);
    std::memcpy(header + 8, &version, 4);
    std::memcpy(header + 12, &sample_bytes, 4);
    std::memcpy(header + 16, &count, 8);
    file.write(header, kHeaderBytes);
    std::string block;
    for (std::size_t first = 0; first < samples.size(); first += kBlockSamples) {
        const std::size_t n = std::min(kBlockSamples, samples.size() - first);
        block.resize(n * bytes);
        for (std::size_t i = 0; i < n; ++i) encode(samples[first + i], version, &block[i * bytes]);
        file.write(block.data(), static_cast<std::streamsize>(block.size()));
    }
    file.flush();
    if (!file) throw SampleFileError(path.string() + ": write failed");
}

struct SampleFileReader::File {
    std::ifstream stream;
};

SampleFileReader::SampleFileReader(const std::filesystem::path& path)
    : name_(path.string()), file_(std::make_unique<File>()) {
    if (std::filesystem::is_directory(path))
        throw SampleFileError(name_ + ": is a directory, not a training-set file");
    std::ifstream& file = file_->stream;
    file.open(path, std::ios::binary);
    if (!file) throw SampleFileError(name_ + ": cannot open training-set file");
    char header[kHeaderBytes];
    if (!file.read(header, kHeaderBytes))
        throw SampleFileError(name_ + ": truncated header (a training-set file has " +
                              std::to_string(kHeaderBytes) + " header bytes)");
    if (std::memcmp(header, kMagic, 8) != 0)
        throw SampleFileError(name_ + ": not a training-set file (magic is not OTHSAMPL)");
    std::uint32_t sample_bytes;
    std::memcpy(&version_, header + 8, 4);
    std::memcpy(&sample_bytes, header + 12, 4);
    std::memcpy(&count_, header + 16, 8);
    if (version_ < 1 || version_ > kLastVersion)
        throw SampleFileError(name_ + ": format version is " + std::to_string(version_) +
                              ", this build reads 1 to " + std::to_string(kLastVersion));
    const std::size_t bytes = kSampleBytes[version_];
    if (sample_bytes != bytes)
        throw SampleFileError(name_ + ": " + std::to_string(sample_bytes) +
                              " bytes per sample, version " + std::to_string(version_) + " has " +
                              std::to_string(bytes));
    const auto size = std::filesystem::file_size(path);
    // Checked by division: a hostile count must not overflow the expected size.
    if (size < kHeaderBytes || (size - kHeaderBytes) % bytes != 0 ||
        (size - kHeaderBytes) / bytes != count_)
        throw SampleFileError(name_ + ": header says " + std::to_string(count_) +
                              " samples, but the file has " + std::to_string(size) +
                              " bytes (a header of " + std::to_string(kHeaderBytes) + " and " +
                              std::to_string(bytes) + " bytes a sample)");
}

SampleFileReader::~SampleFileReader() = default;

bool SampleFileReader::read(TrainingSamples& block) {
    block.clear();
    if (next_ >= count_) return false;
    const std::size_t bytes = kSampleBytes[version_];
    const std::size_t n =
        static_cast<std::size_t>(std::min<std::uint64_t>(kBlockSamples, count_ - next_));
    buffer_.resize(n * bytes);
    if (!file_->stream.read(buffer_.data(), static_cast<std::streamsize>(buffer_.size())))
        throw SampleFileError(name_ + ": read failed");
    block.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        const TrainingSample s = decode(&buffer_[i * bytes], version_);
        // Search labels may lie a little beyond +-64 (an evaluation is not bounded), so only a
        // label that is no number at all is refused.
        if ((s.player & s.opponent) || !std::isfinite(s.target)) {
            throw SampleFileError(name_ + ": sample " + std::to_string(next_ + i) +
                                  " is not a labelled position (overlapping discs or a label "
                                  "that is not a finite number)");
        }
        block.push_back(s);
    }
    next_ += n;
    return true;
}

TrainingSamples load_samples(const std::filesystem::path& path) {
    SampleFileReader reader(path);
    TrainingSamples samples, block;
    samples.reserve(reader.size());
    while (reader.read(block)) samples.insert(samples.end(), block.begin(), block.end());
    return samples;
}

}  // namespace othello::training
