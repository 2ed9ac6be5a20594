// Opening data files without blocking on what is not a file, and their CRC-32.
#include "engine/data_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <boost/crc.hpp>
#include <cerrno>
#include <cstring>
#include <string_view>

namespace othello {

namespace {

// What a path that is not a regular file is, for the message.
const char* kind_of(mode_t mode) {
    if (S_ISDIR(mode)) return "a folder";
    if (S_ISFIFO(mode)) return "a FIFO";
    if (S_ISSOCK(mode)) return "a socket";
    if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
    return "not a file";
}

DataFileError not_regular(const std::filesystem::path& path, mode_t mode) {
    return DataFileError(path.string() + ": not a regular file (" + kind_of(mode) + ")");
}

DataFileError missing_or(const std::filesystem::path& path, const std::string& what, int error) {
    if (error == ENOENT) return DataFileError(path.string() + ": no such " + what);
    return DataFileError(path.string() + ": cannot open " + what + ": " + std::strerror(error));
}

DataFileError too_long(const std::filesystem::path& path, const std::string& size,
                       const std::string& what, std::size_t most_bytes) {
    const bool vowel =
        !what.empty() && std::string_view("aeiou").find(what[0]) != std::string_view::npos;
    return DataFileError(path.string() + ": " + size + ", more than " + (vowel ? "an " : "a ") +
                         what + " holds (at most " + std::to_string(most_bytes) + ")");
}

// Closes the descriptor however the read ends.
struct Descriptor {
    int fd;
    ~Descriptor() {
        if (fd >= 0) ::close(fd);
    }
};

}  // namespace

void require_regular_file(const std::filesystem::path& path, const std::string& what) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) throw missing_or(path, what, errno);
    if (!S_ISREG(st.st_mode)) throw not_regular(path, st.st_mode);
}

std::string read_regular_file(const std::filesystem::path& path, const std::string& what,
                              std::size_t most_bytes) {
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer.
    const Descriptor file{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC)};
    if (file.fd < 0) {
        const int error = errno;
        struct stat st {};
        if (error != ENOENT && ::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode))
            throw not_regular(path, st.st_mode);
        throw missing_or(path, what, error);
    }
    struct stat st {};
    if (::fstat(file.fd, &st) != 0)
        throw DataFileError(path.string() + ": read failed: " + std::strerror(errno));
    if (!S_ISREG(st.st_mode)) throw not_regular(path, st.st_mode);
    const auto size = static_cast<std::uintmax_t>(st.st_size);
    if (size > most_bytes) throw too_long(path, std::to_string(size) + " bytes", what, most_bytes);
    std::string bytes;
    bytes.reserve(static_cast<std::size_t>(size));
    char buffer[1 << 16];
    while (bytes.size() <= most_bytes) {
        // One byte past most_bytes shows the file grew; no more is read.
        const std::size_t left = most_bytes - bytes.size();
        const ssize_t got =
            ::read(file.fd, buffer, left < sizeof buffer ? left + 1 : sizeof buffer);
        if (got == 0) break;
        if (got < 0) {
            if (errno == EINTR) continue;
            throw DataFileError(path.string() + ": read failed: " + std::strerror(errno));
        }
        bytes.append(buffer, static_cast<std::size_t>(got));
    }
    if (bytes.size() > most_bytes) throw too_long(path, "grew while it was read", what, most_bytes);
    return bytes;
}

std::uint32_t data_checksum(const std::string& bytes, std::size_t checksum_offset,
                            std::size_t header_bytes) {
    boost::crc_32_type crc;
    crc.process_bytes(bytes.data(), checksum_offset);
    crc.process_bytes(bytes.data() + header_bytes, bytes.size() - header_bytes);
    return crc.checksum();
}

}  // namespace othello
