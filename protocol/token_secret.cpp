// Token secrets: the strength estimate and the kernel's randomness in hexadecimal.
#include "protocol/token_secret.h"

#include <sys/random.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <stdexcept>
#include <vector>

namespace othello {

int token_bits(std::string_view token) {
    const bool hex = std::all_of(token.begin(), token.end(), [](char c) {
        return std::isxdigit(static_cast<unsigned char>(c));
    });
    return static_cast<int>(token.size()) * (hex ? 4 : 6);
}

std::string random_token(int bits) {
    if (bits <= 0 || bits % 4 != 0)
        throw std::invalid_argument("a token's bits must be a positive multiple of 4");
    std::vector<unsigned char> bytes(static_cast<std::size_t>(bits + 7) / 8);
    std::size_t got = 0;
    while (got < bytes.size()) {
        const ssize_t n = ::getrandom(bytes.data() + got, bytes.size() - got, 0);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) throw std::runtime_error("cannot read the kernel's randomness (getrandom)");
        got += static_cast<std::size_t>(n);
    }
    static const char kDigits[] = "0123456789abcdef";
    std::string token;
    for (const unsigned char b : bytes) {
        token += kDigits[b >> 4];
        token += kDigits[b & 15];
    }
    token.resize(static_cast<std::size_t>(bits / 4));
    return token;
}

}  // namespace othello
