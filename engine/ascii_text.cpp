// printable(): the UTF-8 check behind quoting untrusted text in messages.
#include "engine/ascii_text.h"

#include <algorithm>
#include <cctype>
#include <sstream>

namespace othello {

namespace {

// The length of the valid UTF-8 sequence at the start of `s`, or 0 when it is not one
// (overlong forms, surrogates and code points past U+10FFFF are not valid).
std::size_t utf8_sequence_length(std::string_view s) {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
    const unsigned char lead = byte(0);
    std::size_t length = 0;
    unsigned char low = 0x80, high = 0xBF;  // the range of the second byte
    if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3;
        if (lead == 0xE0) low = 0xA0;
        if (lead == 0xED) high = 0x9F;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        if (lead == 0xF0) low = 0x90;
        if (lead == 0xF4) high = 0x8F;
    } else {
        return 0;
    }
    if (s.size() < length || byte(1) < low || byte(1) > high) return 0;
    for (std::size_t i = 2; i < length; ++i) {
        if (byte(i) < 0x80 || byte(i) > 0xBF) return 0;
    }
    return length;
}

}  // namespace

std::string printable(std::string_view text) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out;
    out.reserve(text.size());
    std::size_t i = 0;
    while (i < text.size()) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c >= 0x20 && c < 0x7F) {
            out += text[i++];
            continue;
        }
        if (const std::size_t n = c >= 0x80 ? utf8_sequence_length(text.substr(i)) : 0) {
            out += text.substr(i, n);
            i += n;
            continue;
        }
        out += "\\x";
        out += kHex[c >> 4];
        out += kHex[c & 0xF];
        ++i;
    }
    return out;
}

std::string printable(std::string_view text, std::size_t most) {
    static constexpr std::string_view kCut = "...";
    const std::string whole = printable(text);
    if (whole.size() <= most) return whole;
    const auto is_hex = [&](std::size_t i) {
        return i < whole.size() && std::isxdigit(static_cast<unsigned char>(whole[i])) != 0;
    };
    // The pieces of `whole`: an escape, else one character (valid UTF-8: its lead byte and the
    // continuation bytes after it).
    std::size_t end = 0;
    for (std::size_t i = 0; i < whole.size();) {
        std::size_t next = i + 1;
        if (whole[i] == '\\' && i + 1 < whole.size() && whole[i + 1] == 'x' && is_hex(i + 2) &&
            is_hex(i + 3)) {
            next = i + 4;
        } else {
            while (next < whole.size() && (static_cast<unsigned char>(whole[next]) & 0xC0) == 0x80)
                ++next;
        }
        if (next + kCut.size() > most) break;
        end = i = next;
    }
    return whole.substr(0, end) + std::string(kCut.substr(0, std::min(kCut.size(), most)));
}

std::string printable_lines(std::string_view text) {
    std::string out;
    for (std::size_t start = 0; start <= text.size();) {
        const std::size_t end = std::min(text.find('\n', start), text.size());
        if (start > 0) out += '\n';
        out += printable(text.substr(start, end - start));
        start = end + 1;
    }
    return out;
}

std::string number_text(double value) {
    std::ostringstream text;
    text << value;
    return text.str();
}

}  // namespace othello
