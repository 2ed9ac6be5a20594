// The data files the engine reads at start (pattern weights, the network, the opening book): only
// a regular file is opened, so a FIFO, a folder or a device is refused at once instead of hanging
// or reading without end; and the checksum both weights formats carry.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>

namespace othello {

// A data file that cannot be used; the message names the file and what is wrong.
class DataFileError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// Throws DataFileError("PATH: not a regular file (a FIFO)") for anything at `path` that is not a
// regular file (links are followed); "PATH: no such WHAT" when nothing is there.
void require_regular_file(const std::filesystem::path& path, const std::string& what);

// The whole file, read only if it is a regular file (checked on the opened file, so nothing can
// be swapped in between); errors as require_regular_file's, and "PATH: read failed: REASON". A
// file of more than `most_bytes` is refused before any of it is read ("PATH: N bytes, more than
// a WHAT holds (at most M)"), so that a huge file costs no memory; one that grows past it while
// it is read is refused once `most_bytes` + 1 bytes are in ("PATH: grew while it was read, ...").
std::string read_regular_file(const std::filesystem::path& path, const std::string& what,
                              std::size_t most_bytes = static_cast<std::size_t>(-1));

// CRC-32 of a file's bytes with the 4 checksum bytes at `checksum_offset` left out: the header
// before them and everything after the `header_bytes`-byte header.
std::uint32_t data_checksum(const std::string& bytes, std::size_t checksum_offset,
                            std::size_t header_bytes);

}  // namespace othello
