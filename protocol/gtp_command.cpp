// GTP framing as specified by GTP 2 and spoken by GRhino and Edax.
#include "protocol/gtp_command.h"

#include <algorithm>
#include <cctype>

#include "engine/ascii_text.h"

namespace othello {

std::optional<GtpCommand> parse_gtp_command(std::string_view line) {
    std::string clean;
    clean.reserve(line.size());
    for (const char c : line) {
        if (c == '#') break;
        const auto byte = static_cast<unsigned char>(c);
        if (c == '\t') {
            clean += ' ';
        } else if (byte >= 32 && byte != 127) {
            clean += c;  // bytes >= 128 are kept: they are simply not part of any command name
        }
    }
    std::vector<std::string> words;
    std::size_t i = 0;
    while (i < clean.size()) {
        const std::size_t start = clean.find_first_not_of(' ', i);
        if (start == std::string::npos) break;
        const std::size_t end = std::min(clean.find(' ', start), clean.size());
        words.push_back(clean.substr(start, end - start));
        i = end;
    }
    if (words.empty()) return std::nullopt;
    GtpCommand command;
    std::size_t next = 0;
    if (std::all_of(words[0].begin(), words[0].end(),
                    [](char c) { return c >= '0' && c <= '9'; })) {
        command.id = words[0];
        next = 1;
    }
    if (next < words.size()) command.name = words[next++];
    command.args.assign(words.begin() + static_cast<std::ptrdiff_t>(next), words.end());
    return command;
}

namespace {

std::string response(char status, std::string_view id, std::string_view text) {
    std::string out(1, status);
    out += id;
    // A multi-line result that starts with its own line break (showboard) gets no space.
    if (!text.empty() && text.front() != '\n') out += ' ';
    out += text;
    while (!out.empty() && out.back() == '\n') out.pop_back();  // exactly one blank line ends it
    out += "\n\n";
    return out;
}

}  // namespace

std::string gtp_success(std::string_view id, std::string_view result) {
    return response('=', id, result);
}

std::string gtp_failure(std::string_view id, std::string_view message) {
    // Messages quote what the controller sent; binary or a line break must not reach it raw.
    return response('?', id, printable(message));
}

}  // namespace othello
