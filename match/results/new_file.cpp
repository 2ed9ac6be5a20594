// create_new_file: names from getrandom(2), created exclusively, links never followed.
#include "match/results/new_file.h"

#include <fcntl.h>
#include <sys/random.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <stdexcept>

namespace othello {

namespace {

// 16 hex digits of the kernel's random bits.
std::string random_hex() {
    std::uint64_t bits = 0;
    auto* bytes = reinterpret_cast<unsigned char*>(&bits);
    for (std::size_t got = 0; got < sizeof bits;) {
        const ssize_t n = ::getrandom(bytes + got, sizeof bits - got, 0);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) throw std::runtime_error(std::string("getrandom: ") + std::strerror(errno));
        got += static_cast<std::size_t>(n);
    }
    static constexpr char kHex[] = "0123456789abcdef";
    std::string text(16, '0');
    for (int i = 0; i < 16; ++i) text[i] = kHex[(bits >> (4 * i)) & 0xF];
    return text;
}

}  // namespace

NewFile try_create_new_file(const std::string& stem, const std::string& suffix) {
    // A name taken 100 times in a row is not chance: something else fails (EEXIST says so).
    std::string path;
    for (int tries = 0; tries < 100; ++tries) {
        path = stem + random_hex() + suffix;
        const int fd =
            ::open(path.c_str(), O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
        if (fd >= 0 || errno != EEXIST) return {fd, path};
    }
    errno = EEXIST;
    return {-1, path};
}

NewFile create_new_file(const std::string& stem, const std::string& suffix) {
    NewFile file = try_create_new_file(stem, suffix);
    if (file.fd < 0)
        throw std::runtime_error("cannot create '" + file.path + "': " + std::strerror(errno));
    return file;
}

}  // namespace othello
