// Writing the endgame network's training set, and attaching a fitted network to weights.
#include "training/endgame_set.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <stdexcept>

#include "engine/movegen.h"
#include "engine/patterns/pattern_weights.h"
#include "training/sample_file.h"

namespace othello::training {

using patterns::EndgameNetwork;
using patterns::PatternWeights;

namespace {

constexpr char kSetMagic[8] = {'O', 'T', 'H', 'E', 'G', 'S', 'E', 'T'};
constexpr std::uint32_t kSetVersion = 2;
constexpr std::uint32_t kRecordBytes = 44;

template <class T>
void put(std::string& out, T value) {
    char bytes[sizeof value];
    std::memcpy(bytes, &value, sizeof value);
    out.append(bytes, sizeof value);
}

// Outputs never replace what is at their path.
void refuse_existing(const std::filesystem::path& output) {
    std::error_code error;
    if (std::filesystem::exists(std::filesystem::symlink_status(output, error)))
        throw std::invalid_argument(output.string() + " exists; give a new file");
}

// Removes a partial output when it goes out of scope, unless kept: only a whole file is named.
struct RemoveUnlessKept {
    std::filesystem::path path;
    bool keep = false;
    ~RemoveUnlessKept() {
        std::error_code ignored;
        if (!keep) std::filesystem::remove(path, ignored);
    }
};

}  // namespace

std::uint64_t export_endgame_set(const std::vector<std::filesystem::path>& sample_files,
                                 const std::filesystem::path& base_weights,
                                 const std::filesystem::path& output, std::ostream& log) {
    refuse_existing(output);
    const PatternWeights weights = PatternWeights::load(base_weights);
    for (const auto& file : sample_files) SampleFileReader check(file);  // refused before work
    const std::filesystem::path partial = output.string() + ".partial";
    if (std::filesystem::exists(std::filesystem::symlink_status(partial))) {
        throw std::invalid_argument(partial.string() +
                                    " is left from an export that stopped; delete it first");
    }
    RemoveUnlessKept cleanup{partial};
    std::ofstream out(partial, std::ios::binary);
    if (!out) throw std::runtime_error(partial.string() + ": cannot open for writing");
    std::string header(kSetMagic, sizeof kSetMagic);
    put(header, kSetVersion);
    put(header, kRecordBytes);
    put(header, std::uint64_t{0});  // the count, written once known
    out.write(header.data(), static_cast<std::streamsize>(header.size()));
    std::uint64_t count = 0, read = 0;
    // Sibling numbers restart in every sample file: shifted past the earlier files' numbers, so
    // that the children of two parents never share one.
    std::uint32_t sibling_offset = 0, last_sibling = 0;
    std::string record;
    for (const auto& file : sample_files) {
        SampleFileReader reader(file);
        TrainingSamples block;
        sibling_offset = last_sibling;
        while (reader.read(block)) {
            read += block.size();
            for (const TrainingSample& s : block) {
                const Position p = Position::from_mover(s.player, s.opponent, Color::Black);
                if (p.empty_count() > EndgameNetwork::kMaxEmpties || !p.has_legal_move()) continue;
                record.clear();
                put(record, s.player);
                put(record, s.opponent);
                put(record, legal_moves(s.player, s.opponent));
                put(record, legal_moves(s.opponent, s.player));
                put(record, weights.pattern_score_units(p));
                put(record, s.target);
                const std::uint32_t siblings = s.siblings ? s.siblings + sibling_offset : 0;
                last_sibling = std::max(last_sibling, siblings);
                put(record, siblings);
                out.write(record.data(), static_cast<std::streamsize>(record.size()));
                ++count;
            }
        }
    }
    out.seekp(16);
    out.write(reinterpret_cast<const char*>(&count), sizeof count);
    out.close();
    if (!out) throw std::runtime_error(partial.string() + ": write failed");
    refuse_existing(output);
    std::filesystem::rename(partial, output);
    cleanup.keep = true;
    log << "wrote " << output.string() << ": " << count << " of " << read
        << " positions (those with at most " << EndgameNetwork::kMaxEmpties << " empties)\n";
    return count;
}

void attach_endgame_network(const std::filesystem::path& base_weights,
                            const std::filesystem::path& network,
                            const std::filesystem::path& output, std::ostream& log) {
    refuse_existing(output);
    const PatternWeights weights =
        PatternWeights::load(base_weights).with_endgame(EndgameNetwork::load(network.string()));
    // Written beside the output and named once it reads back whole.
    const std::filesystem::path partial = output.string() + ".partial";
    refuse_existing(partial);
    RemoveUnlessKept cleanup{partial};
    weights.save(partial);
    if (PatternWeights::load(partial).serialize() != weights.serialize())
        throw std::runtime_error(partial.string() + ": read back differs from what was written");
    refuse_existing(output);
    std::filesystem::rename(partial, output);
    cleanup.keep = true;
    log << "wrote " << output.string() << ": the weights of " << base_weights.string()
        << " with the endgame network of " << network.string()
        << " (format version 4), read back and checked\n";
}

}  // namespace othello::training
