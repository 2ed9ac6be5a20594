// Training-set files: labelled positions saved by one othello-train run (after its self-play and
// relabelling, the expensive part) for later fits, e.g. one fit on the sets of several rounds.
//
// File format (little-endian), 24-byte header then the samples:
//   offset  0  8 bytes   magic "OTHSAMPL"
//   offset  8  uint32    format version: 1, or 2 where some sample has siblings
//   offset 12  uint32    bytes per sample (20 in version 1, 24 in version 2)
//   offset 16  uint64    number of samples
//   offset 24  samples: uint64 discs of the side to move, uint64 opponent's discs, float32 label
//              (final disc difference from the side to move; search labels may pass +-64),
//              and in version 2 uint32 siblings (TrainingSample::siblings)
// A set with no siblings is written as version 1, byte for byte what earlier builds wrote.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>

#include "training/training_set.h"

namespace othello::training {

// A training-set file that cannot be used; the message names the file and what is wrong.
class SampleFileError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

void save_samples(const std::filesystem::path& path, const TrainingSamples& samples);

// Reads a training-set file block by block, for fits that stream rather than hold the positions
// (training/least_squares_trainer.h). The header is checked on opening and every sample as it is
// read, as load_samples checks them; errors throw SampleFileError naming the file.
class SampleFileReader {
  public:
    explicit SampleFileReader(const std::filesystem::path& path);
    ~SampleFileReader();
    SampleFileReader(const SampleFileReader&) = delete;
    SampleFileReader& operator=(const SampleFileReader&) = delete;

    std::uint64_t size() const { return count_; }
    // Replaces `block` by the next samples (at most a fixed block of them); false at the end.
    bool read(TrainingSamples& block);

  private:
    struct File;
    std::string name_;
    std::unique_ptr<File> file_;
    std::uint32_t version_ = 0;
    std::uint64_t count_ = 0, next_ = 0;
    std::string buffer_;
};

// Throws SampleFileError for a file that is not a training set, is truncated, or holds a sample
// that is no position (overlapping discs, a label that is not a finite number); the message names
// the sample.
TrainingSamples load_samples(const std::filesystem::path& path);

}  // namespace othello::training
