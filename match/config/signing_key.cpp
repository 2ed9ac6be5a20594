// SigningKey: a key file read whole, after checks that keep a FIFO, a device or a stray large file
// from being read as one.
#include "match/config/signing_key.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <stdexcept>

namespace othello {

namespace {

constexpr std::size_t kShortestKey = 16;
constexpr std::size_t kLongestKey = 4096;

}  // namespace

SigningKey SigningKey::load(const std::string& path) {
    const std::string named = "--sign-key '" + path + "'";
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0)
        throw std::runtime_error(named + ": " + std::strerror(errno));
    // A FIFO or a device would be waited on or read without end.
    if (!S_ISREG(st.st_mode)) throw std::runtime_error(named + " is not a regular file");
    if (st.st_size > static_cast<off_t>(kLongestKey))
        throw std::runtime_error(named + " is over 4096 bytes: not a key file");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error(named + " cannot be read");
    SigningKey key;
    key.bytes_.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    if (key.bytes_.empty()) throw std::runtime_error(named + " is empty");
    // A file of /proc says it holds nothing and gives each reader its own text: no shared key.
    if (key.bytes_.size() != static_cast<std::size_t>(st.st_size))
        throw std::runtime_error(named + " holds other bytes than its size says (" +
                                 std::to_string(st.st_size) + "): not a key file");
    if (key.bytes_.size() < kShortestKey) {
        throw std::runtime_error(named + " holds " + std::to_string(key.bytes_.size()) +
                                 " bytes; a key needs at least 16 (e.g. head -c 32 /dev/urandom "
                                 "> FILE, copied to every machine)");
    }
    return key;
}

}  // namespace othello
