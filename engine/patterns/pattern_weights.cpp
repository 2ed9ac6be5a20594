// Reading, writing and checking weight files; the format is described in pattern_weights.h.
#include "engine/patterns/pattern_weights.h"

#include <algorithm>
#include <bit>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>

#include "engine/data_dir.h"

namespace othello::patterns {

static_assert(std::endian::native == std::endian::little,
              "weight files are little-endian; this build reads them with memcpy");

namespace {

constexpr char kMagic[8] = {'O', 'T', 'H', 'P', 'A', 'T', 'W', 'T'};
constexpr std::uint32_t kVersion = 1;

void put_u32(std::string& out, std::uint32_t v) {
    char bytes[4];
    std::memcpy(bytes, &v, 4);
    out.append(bytes, 4);
}

std::uint32_t get_u32(const std::string& bytes, std::size_t offset) {
    std::uint32_t v;
    std::memcpy(&v, bytes.data() + offset, 4);
    return v;
}

// Checks one header field, naming it in the error.
void expect(const std::string& name, const char* field, std::uint32_t found, std::uint32_t wanted) {
    if (found != wanted) {
        throw WeightsError(name + ": " + field + " is " + std::to_string(found) +
                           ", this build needs " + std::to_string(wanted));
    }
}

// A pattern set id reads as four letters ("EDA3"); shown with its hex value.
std::string set_name(std::uint32_t id) {
    std::string letters;
    for (int shift = 24; shift >= 0; shift -= 8) {
        const char c = static_cast<char>((id >> shift) & 0xFF);
        letters += std::isprint(static_cast<unsigned char>(c)) ? c : '?';
    }
    char hex[16];
    std::snprintf(hex, sizeof hex, "0x%08X", id);
    return letters + " (" + hex + ")";
}

// Weights of another pattern set cannot be read at all: their tables index other patterns.
void expect_set(const std::string& name, std::uint32_t found) {
    if (found != kPatternSetId) {
        throw WeightsError(name + ": weights for pattern set " + set_name(found) +
                           ", this build needs " + set_name(kPatternSetId) +
                           "; retrain them with scripts/train-weights.sh");
    }
}

}  // namespace

PatternWeights PatternWeights::from_discs(const std::vector<double>& weights, int* clamped) {
    std::vector<std::int16_t> table(kTableSize);
    if (weights.size() != table.size()) {
        throw std::invalid_argument("PatternWeights::from_discs: expected " +
                                    std::to_string(table.size()) + " weights, got " +
                                    std::to_string(weights.size()));
    }
    int out_of_range = 0;
    for (std::size_t i = 0; i < weights.size(); ++i) {
        const double units = std::round(weights[i] * kUnitsPerDisc);
        if (units > 32767 || units < -32767) ++out_of_range;
        table[i] = static_cast<std::int16_t>(std::clamp(units, -32767.0, 32767.0));
    }
    if (clamped) *clamped = out_of_range;
    return PatternWeights(std::move(table));
}

PatternWeights PatternWeights::average(const std::vector<PatternWeights>& sets) {
    if (sets.empty()) throw std::invalid_argument("PatternWeights::average: no weight sets");
    std::vector<std::int16_t> mean(kTableSize);
    const double count = static_cast<double>(sets.size());
    for (std::size_t i = 0; i < mean.size(); ++i) {
        double sum = 0;
        for (const PatternWeights& w : sets) sum += w.table_[i];
        mean[i] = static_cast<std::int16_t>(std::lround(sum / count));
    }
    return PatternWeights(std::move(mean));
}

std::string PatternWeights::serialize() const {
    std::string out(kMagic, sizeof kMagic);
    put_u32(out, kVersion);
    put_u32(out, kPatternSetId);
    put_u32(out, kPhaseCount);
    put_u32(out, kPliesPerPhase);
    put_u32(out, kEntriesPerPhase);
    put_u32(out, kUnitsPerDisc);
    const auto* data = reinterpret_cast<const char*>(table_.data());
    out.append(data, table_.size() * sizeof(std::int16_t));
    return out;
}

void PatternWeights::save(const std::filesystem::path& path) const {
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    if (!file) throw WeightsError(path.string() + ": cannot open for writing");
    const std::string bytes = serialize();
    file.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!file) throw WeightsError(path.string() + ": write failed");
}

PatternWeights PatternWeights::parse(const std::string& bytes, const std::string& name) {
    if (bytes.size() < kHeaderBytes) {
        throw WeightsError(name + ": truncated header (" + std::to_string(bytes.size()) +
                           " bytes, a weights file starts with " + std::to_string(kHeaderBytes) +
                           ")");
    }
    if (std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0) {
        throw WeightsError(name + ": not a weights file (magic is not OTHPATWT)");
    }
    expect(name, "format version", get_u32(bytes, 8), kVersion);
    expect_set(name, get_u32(bytes, 12));
    expect(name, "phase count", get_u32(bytes, 16), kPhaseCount);
    expect(name, "plies per phase", get_u32(bytes, 20), kPliesPerPhase);
    expect(name, "entries per phase", get_u32(bytes, 24), kEntriesPerPhase);
    expect(name, "units per disc", get_u32(bytes, 28), kUnitsPerDisc);
    std::vector<std::int16_t> table(kTableSize);
    const std::size_t expected = kHeaderBytes + table.size() * sizeof(std::int16_t);
    if (bytes.size() != expected) {
        throw WeightsError(
            name + ": " + (bytes.size() < expected ? "truncated" : "trailing bytes") + ": " +
            std::to_string(bytes.size()) + " bytes, expected " + std::to_string(expected));
    }
    std::memcpy(table.data(), bytes.data() + kHeaderBytes, expected - kHeaderBytes);
    return PatternWeights(std::move(table));
}

PatternWeights PatternWeights::load(const std::filesystem::path& path) {
    if (std::filesystem::is_directory(path))
        throw WeightsError(path.string() + ": is a directory, not a weights file");
    std::ifstream file(path, std::ios::binary);
    if (!file) throw WeightsError(path.string() + ": cannot open weights file");
    const std::string bytes((std::istreambuf_iterator<char>(file)),
                            std::istreambuf_iterator<char>());
    return parse(bytes, path.string());
}

std::filesystem::path default_weights_path() {
    return data_dir() / "weights.bin";
}

}  // namespace othello::patterns
