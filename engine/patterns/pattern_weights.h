// PatternWeights: the trained weight tables, one per phase, and their binary file format.
//
// File format (little-endian), 36-byte header then the weights:
//   offset  0  8 bytes   magic "OTHPATWT"
//   offset  8  uint32    format version (4)
//   offset 12  uint32    pattern set id (kPatternSetId: which patterns, in which entry layout)
//   offset 16  uint32    number of phases
//   offset 20  uint32    plies per phase
//   offset 24  uint32    entries per phase (all pattern configurations, then one bias entry)
//   offset 28  uint32    units per disc: a stored weight w is worth w / units discs
//   offset 32  uint32    CRC-32 of bytes 0..31 and of every byte after the header
//   offset 36  int16     weights[phase][entry], phase-major, as one zlib stream
//   then, where the weights have one: an endgame network (endgame_network.h,
//   EndgameNetwork::kBytes)
// Most entries are 0 (configurations no game reaches in a phase, weights that round to nothing),
// so the stream is about a third of the table: what lets the tables be per 2 plies and the file
// still ship under 16 MB. Version 2 was the same table stored plain, version 3 the plain table
// followed by an endgame network; both are read as they are.
// Version 1 was version 2 without the checksum (a 32-byte header): a damaged table played on
// unnoticed, so it is read only to be rewritten (load_for_upgrade, othello-train
// --upgrade-weights). A file of coarser phases (4 plies a phase, as before version 4) is read
// with each of its phases repeated, so it evaluates every position as it did.
// The evaluation of a position is the sum of the entries for_each_entry() selects and the bias of
// its phase, in integers, so symmetric positions score exactly alike. It is computed on the
// folded tables (engine/patterns/folded_weights.h), which give the same sum with fewer lookups.
// With an endgame network, positions with at most EndgameNetwork::kMaxEmpties empties add its
// correction to that sum (still one static evaluation, and still exactly symmetric).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "engine/data_file.h"
#include "engine/patterns/endgame_network.h"
#include "engine/patterns/folded_weights.h"
#include "engine/patterns/pattern_features.h"

namespace othello::patterns {

// A weights file that cannot be used; the message names the file and what is wrong.
class WeightsError : public DataFileError {
  public:
    using DataFileError::DataFileError;
};

class PatternWeights {
  public:
    static constexpr int kUnitsPerDisc = 256;
    static constexpr std::size_t kHeaderBytes = 36;
    static constexpr std::size_t kTableSize =
        static_cast<std::size_t>(kPhaseCount) * kEntriesPerPhase;

    // All weights zero: every position evaluates to 0.
    PatternWeights() : PatternWeights(std::vector<std::int16_t>(kTableSize, 0)) {}

    // Rounds real weights in discs (phase-major, kPhaseCount * kEntriesPerPhase of them) to the
    // stored units; values beyond the int16 range are clamped and counted in *clamped.
    static PatternWeights from_discs(const std::vector<double>& weights, int* clamped = nullptr);

    // The entry-by-entry mean of several weight sets (rounded to the nearest unit): an ensemble
    // of fits that evaluates as their average, at the cost of one. Throws on an empty list, and
    // on weights with an endgame network.
    static PatternWeights average(const std::vector<PatternWeights>& sets);

    // Reads a weights file of the current format: a regular file whose header, size and
    // checksum check out. Throws WeightsError naming the file and the fault.
    static PatternWeights load(const std::filesystem::path& path);
    // Parses a file's bytes; `name` is used in error messages.
    static PatternWeights parse(const std::string& bytes, const std::string& name);
    // As load, but a version-1 file (no checksum: only its header and size can be checked) is
    // read too, to be saved in the current format.
    static PatternWeights load_for_upgrade(const std::filesystem::path& path);
    void save(const std::filesystem::path& path) const;
    std::string serialize() const;

    // The predicted final disc difference for the side to move, in stored units; `set`: the
    // instruction set the folded evaluation runs on (engine/instruction_set.h), the same answer.
    std::int32_t score_units(const Position& p, InstructionSet set = best_instruction_set()) const {
        const std::int32_t patterns = pattern_score_units(p, set);
        if (!endgame_) return patterns;  // the shipped weights: nothing more on the hot path
        const int empties = p.empty_count();
        if (empties > EndgameNetwork::kMaxEmpties || empties == 0) return patterns;
        return patterns + endgame_->correction_units(p, patterns);
    }
    // The patterns' sum alone, without the endgame network's correction.
    std::int32_t pattern_score_units(const Position& p,
                                     InstructionSet set = best_instruction_set()) const {
        return folded_ ? folded_->score_units(p, set) : unfolded_score_units(p);
    }
    // The same, entry by entry as the trainer sees the model (the definition the folded tables
    // are held to; also the fallback for weights too large to fold into 16 bits).
    std::int32_t unfolded_score_units(const Position& p) const {
        const std::int16_t* w = phase_table(phase_of(p));
        std::int32_t sum = w[kBiasEntry];
        for_each_entry(p, [&](std::uint32_t entry) { sum += w[entry]; });
        return sum;
    }
    // The same in discs.
    double evaluate(const Position& p) const {
        return static_cast<double>(score_units(p)) / kUnitsPerDisc;
    }

    const std::int16_t* phase_table(int phase) const {
        return table_.data() + static_cast<std::size_t>(phase) * kEntriesPerPhase;
    }
    // Whether score_units() reads folded tables.
    bool folded() const { return folded_.has_value(); }

    // The same weights with `network` correcting the endgame (saved after the table), or
    // without one.
    PatternWeights with_endgame(std::optional<EndgameNetwork> network) const;
    const std::optional<EndgameNetwork>& endgame() const { return endgame_; }

  private:
    explicit PatternWeights(std::vector<std::int16_t> table,
                            std::optional<EndgameNetwork> endgame = std::nullopt)
        : table_(std::move(table)),
          folded_(FoldedWeights::fold(table_)),
          endgame_(std::move(endgame)) {}

    std::vector<std::int16_t> table_;
    std::optional<FoldedWeights> folded_;
    std::optional<EndgameNetwork> endgame_;
};

// The shipped weights: data_dir() / "weights.bin".
std::filesystem::path default_weights_path();

}  // namespace othello::patterns
