// LineFramer: splitting on '\n', trimming a '\r' before it, bounding what is kept.
#include "protocol/line_framer.h"

namespace othello {

namespace {

std::string without_carriage_return(std::string line) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return line;
}

}  // namespace

std::vector<std::string> LineFramer::feed(std::string_view bytes) {
    std::vector<std::string> lines;
    while (!bytes.empty()) {
        const std::size_t newline = bytes.find('\n');
        const std::string_view piece = bytes.substr(0, newline);
        if (!discarding_) {
            const std::size_t room = max_line_length_ + 1 - partial_.size();
            partial_.append(piece.substr(0, room));
            if (piece.size() > room ||
                (partial_.size() > max_line_length_ && newline == bytes.npos)) {
                discarding_ = true;  // keep the cut line; drop the rest of it
            }
        }
        if (newline == bytes.npos) break;
        lines.push_back(discarding_ ? std::move(partial_)
                                    : without_carriage_return(std::move(partial_)));
        partial_.clear();
        discarding_ = false;
        bytes.remove_prefix(newline + 1);
    }
    return lines;
}

std::string LineFramer::take_partial() {
    std::string line =
        discarding_ ? std::move(partial_) : without_carriage_return(std::move(partial_));
    partial_.clear();
    discarding_ = false;
    return line;
}

}  // namespace othello
