// ASCII text operations the parsers share: trimming, case folding, and showing untrusted text
// in messages.
#pragma once

#include <cctype>
#include <string>
#include <string_view>

namespace othello {

inline bool is_ascii_space(char c) {
    return std::isspace(static_cast<unsigned char>(c)) != 0;
}

inline char ascii_lower(char c) {
    return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
}

// `s` without leading and trailing white space.
inline std::string_view trim(std::string_view s) {
    while (!s.empty() && is_ascii_space(s.front())) s.remove_prefix(1);
    while (!s.empty() && is_ascii_space(s.back())) s.remove_suffix(1);
    return s;
}

inline std::string ascii_lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = ascii_lower(c);
    return out;
}

inline bool equals_ignoring_case(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (ascii_lower(a[i]) != ascii_lower(b[i])) return false;
    }
    return true;
}

// `text` as it may be shown in a message: valid UTF-8 without control characters is kept as it
// is; every other byte (a control character, or a byte that is not part of a valid UTF-8
// sequence) is written \xNN, so a message never carries raw binary to a terminal or a client.
std::string printable(std::string_view text);
// As printable, at most `most` bytes (at least 3): a longer text is cut where a character or an
// escape (\xNN, made here or already in `text`) ends, and "..." ends it. Escaping printable text
// again changes nothing, so this also cuts a text that is printable already.
std::string printable(std::string_view text, std::size_t most);
// As printable, line by line: the line breaks of a message listing several things are kept.
std::string printable_lines(std::string_view text);

// A number as messages show it: an ostream's default form (at most 6 significant digits,
// "1e+06", "nan", "inf").
std::string number_text(double value);

}  // namespace othello
