// Reading, writing and checking weight files; the format is described in pattern_weights.h.
#include "engine/patterns/pattern_weights.h"

#include <zlib.h>

#include <algorithm>
#include <bit>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>

#include "engine/data_dir.h"

namespace othello::patterns {

static_assert(std::endian::native == std::endian::little,
              "weight files are little-endian; this build reads them with memcpy");

namespace {

constexpr char kMagic[8] = {'O', 'T', 'H', 'P', 'A', 'T', 'W', 'T'};
constexpr std::uint32_t kVersion = 4;
constexpr std::uint32_t kPlainVersion = 2;         // the table stored as it is
constexpr std::uint32_t kPlainEndgameVersion = 3;  // version 2 followed by an endgame network
constexpr std::uint32_t kUncheckedVersion = 1;  // no checksum; read only to be rewritten
constexpr std::size_t kUncheckedHeaderBytes = 32;
constexpr std::size_t kChecksumOffset = 32;

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
    for (const PatternWeights& w : sets) {
        if (w.endgame_) {
            throw std::invalid_argument(
                "the mean of weights with an endgame network is not defined: average their "
                "tables without it, then attach one network (othello-train --attach-endgame)");
        }
    }
    std::vector<std::int16_t> mean(kTableSize);
    const double count = static_cast<double>(sets.size());
    for (std::size_t i = 0; i < mean.size(); ++i) {
        double sum = 0;
        for (const PatternWeights& w : sets) sum += w.table_[i];
        mean[i] = static_cast<std::int16_t>(std::lround(sum / count));
    }
    return PatternWeights(std::move(mean));
}

PatternWeights PatternWeights::with_endgame(std::optional<EndgameNetwork> network) const {
    return PatternWeights(table_, std::move(network));
}

std::string PatternWeights::serialize() const {
    std::string out(kMagic, sizeof kMagic);
    put_u32(out, kVersion);
    put_u32(out, kPatternSetId);
    put_u32(out, kPhaseCount);
    put_u32(out, kPliesPerPhase);
    put_u32(out, kEntriesPerPhase);
    put_u32(out, kUnitsPerDisc);
    put_u32(out, 0);  // the checksum, filled in below
    const auto* data = reinterpret_cast<const Bytef*>(table_.data());
    const uLong size = static_cast<uLong>(table_.size() * sizeof(std::int16_t));
    uLongf packed = compressBound(size);
    std::string stream(packed, '\0');
    if (compress2(reinterpret_cast<Bytef*>(stream.data()), &packed, data, size,
                  Z_BEST_COMPRESSION) != Z_OK)
        throw WeightsError("cannot compress the weights (zlib)");
    stream.resize(packed);
    out += stream;
    if (endgame_) out += endgame_->serialize();
    const std::uint32_t sum = data_checksum(out, kChecksumOffset, kHeaderBytes);
    std::memcpy(out.data() + kChecksumOffset, &sum, 4);
    return out;
}

void PatternWeights::save(const std::filesystem::path& path) const {
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    if (!file) throw WeightsError(path.string() + ": cannot open for writing");
    const std::string bytes = serialize();
    file.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!file) throw WeightsError(path.string() + ": write failed");
}

namespace {

struct Contents {
    std::vector<std::int16_t> table;
    std::optional<EndgameNetwork> endgame;
};

// A version-4 file's zlib stream, which starts at `header`, inflated to at most `size` bytes (a
// stream that holds more is refused as it is read, never inflated whole). Returns what the stream
// held, for the caller to check against `size`, and sets `after` to the offset where it ended.
std::string inflated(const std::string& bytes, std::size_t header, std::size_t size,
                     const std::string& name, std::size_t& after) {
    std::string plain(size + 1, '\0');  // one byte more: room to see a stream that is too long
    z_stream z{};
    if (inflateInit(&z) != Z_OK) throw WeightsError(name + ": cannot read the weights (zlib)");
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data() + header));
    z.avail_in = static_cast<uInt>(bytes.size() - header);
    z.next_out = reinterpret_cast<Bytef*>(plain.data());
    z.avail_out = static_cast<uInt>(plain.size());
    const int status = inflate(&z, Z_FINISH);
    const std::size_t out = plain.size() - z.avail_out;
    after = bytes.size() - z.avail_in;
    inflateEnd(&z);
    if (status != Z_STREAM_END && !(status == Z_BUF_ERROR && out == plain.size()))
        throw WeightsError(name + ": the weights' zlib stream is damaged or cut short");
    plain.resize(out);
    return plain;
}

// The header's fields after the version, the size, and from version 2 the checksum; returns the
// table (inflated in version 4, a coarser file's phases repeated) and the endgame network of a
// version-3 file or of a version-4 file that has one after its stream.
Contents checked_contents(const std::string& bytes, const std::string& name,
                          std::uint32_t version) {
    expect_set(name, get_u32(bytes, 12));
    // A file of coarser phases (each a whole number of this build's, covering the same plies)
    // is read with each of its phases repeated: it evaluates every position as it did.
    const std::uint32_t phases = get_u32(bytes, 16), plies = get_u32(bytes, 20);
    const bool coarser = plies > kPliesPerPhase && plies % kPliesPerPhase == 0 &&
                         phases * plies == kPhaseCount * kPliesPerPhase;
    if (!coarser) {
        expect(name, "phase count", phases, kPhaseCount);
        expect(name, "plies per phase", plies, kPliesPerPhase);
    }
    expect(name, "entries per phase", get_u32(bytes, 24), kEntriesPerPhase);
    expect(name, "units per disc", get_u32(bytes, 28), PatternWeights::kUnitsPerDisc);
    const bool checked = version != kUncheckedVersion;
    const std::size_t header = checked ? PatternWeights::kHeaderBytes : kUncheckedHeaderBytes;
    const std::size_t table_bytes =
        static_cast<std::size_t>(phases) * kEntriesPerPhase * sizeof(std::int16_t);
    const bool packed = version == kVersion;
    if (!packed) {
        const std::size_t expected = header + table_bytes +
                                     (version == kPlainEndgameVersion ? EndgameNetwork::kBytes : 0);
        if (bytes.size() != expected) {
            throw WeightsError(
                name + ": " + (bytes.size() < expected ? "truncated" : "trailing bytes") + ": " +
                std::to_string(bytes.size()) + " bytes, expected " + std::to_string(expected));
        }
    }
    if (checked && data_checksum(bytes, kChecksumOffset, header) != get_u32(bytes, kChecksumOffset))
        throw WeightsError(name + ": checksum mismatch: the weights file is damaged");
    std::size_t after = header + table_bytes;
    const std::string plain = packed ? inflated(bytes, header, table_bytes, name, after)
                                     : bytes.substr(header, table_bytes);
    if (plain.size() != table_bytes) {
        throw WeightsError(name + ": the weights' zlib stream holds " +
                           (plain.size() > table_bytes ? "more than " : "") +
                           std::to_string(std::min(plain.size(), table_bytes)) +
                           " bytes of table, expected " + std::to_string(table_bytes));
    }
    // After a version-4 stream comes nothing or exactly one endgame network.
    const std::size_t rest = bytes.size() - after;
    if (packed && rest != 0 && rest != EndgameNetwork::kBytes) {
        throw WeightsError(name + ": trailing bytes after the weights' zlib stream: " +
                           std::to_string(rest) + ", where only an endgame network (" +
                           std::to_string(EndgameNetwork::kBytes) + " bytes) may follow");
    }
    Contents out{std::vector<std::int16_t>(PatternWeights::kTableSize), std::nullopt};
    const std::size_t phase_bytes =
        static_cast<std::size_t>(kEntriesPerPhase) * sizeof(std::int16_t);
    for (int phase = 0; phase < kPhaseCount; ++phase) {
        const std::size_t from = static_cast<std::size_t>(phase) * kPliesPerPhase / plies;
        std::memcpy(out.table.data() + static_cast<std::size_t>(phase) * kEntriesPerPhase,
                    plain.data() + from * phase_bytes, phase_bytes);
    }
    if (rest != 0) {
        try {
            out.endgame = EndgameNetwork::parse(bytes.data() + after, rest, name);
        } catch (const DataFileError& e) {
            throw WeightsError(e.what());
        }
    }
    return out;
}

// Versions 2, 3 and 4 are read (1 only to be upgraded).
void expect_readable(const std::string& name, std::uint32_t version) {
    if (version != kVersion && version != kPlainVersion && version != kPlainEndgameVersion) {
        throw WeightsError(name + ": format version is " + std::to_string(version) +
                           ", this build reads 2, 3 and 4");
    }
}

// The magic and the version, which says how the rest is laid out.
std::uint32_t version_of(const std::string& bytes, const std::string& name) {
    if (bytes.size() < kUncheckedHeaderBytes + 4) {
        throw WeightsError(name + ": truncated header (" + std::to_string(bytes.size()) +
                           " bytes, a weights file starts with " +
                           std::to_string(PatternWeights::kHeaderBytes) + ")");
    }
    if (std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0)
        throw WeightsError(name + ": not a weights file (magic is not OTHPATWT)");
    return get_u32(bytes, 8);
}

std::string read_weights_file(const std::filesystem::path& path) {
    try {
        // A weights file has one size (checked_contents): a file far past it is refused before
        // it costs memory; a few bytes past it are read, to be named as trailing bytes.
        constexpr std::size_t kSlack = 1 << 16;
        return read_regular_file(path, "weights file",
                                 PatternWeights::kHeaderBytes +
                                     PatternWeights::kTableSize * sizeof(std::int16_t) +
                                     EndgameNetwork::kBytes + kSlack);
    } catch (const DataFileError& e) {
        throw WeightsError(e.what());
    }
}

}  // namespace

PatternWeights PatternWeights::parse(const std::string& bytes, const std::string& name) {
    const std::uint32_t version = version_of(bytes, name);
    if (version == kUncheckedVersion) {
        throw WeightsError(name +
                           ": format version 1 has no checksum, this build reads versions 2 to 4; "
                           "rewrite it with othello-train --upgrade-weights " +
                           name + " --output NEW.bin");
    }
    expect_readable(name, version);
    Contents contents = checked_contents(bytes, name, version);
    return PatternWeights(std::move(contents.table), std::move(contents.endgame));
}

PatternWeights PatternWeights::load(const std::filesystem::path& path) {
    return parse(read_weights_file(path), path.string());
}

PatternWeights PatternWeights::load_for_upgrade(const std::filesystem::path& path) {
    const std::string bytes = read_weights_file(path), name = path.string();
    const std::uint32_t version = version_of(bytes, name);
    if (version != kUncheckedVersion) expect_readable(name, version);
    Contents contents = checked_contents(bytes, name, version);
    return PatternWeights(std::move(contents.table), std::move(contents.endgame));
}

std::filesystem::path default_weights_path() {
    return data_dir() / "weights.bin";
}

}  // namespace othello::patterns
