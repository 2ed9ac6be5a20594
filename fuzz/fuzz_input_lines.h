// Splits a fuzzer's input into lines the way the transports do, so session targets see what a
// peer could send.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "protocol/line_framer.h"

namespace othello {

// Lines are cut short (1000 bytes) so the fuzzer spends its time on commands, not on copying.
inline std::vector<std::string> fuzz_input_lines(const std::uint8_t* data, std::size_t size) {
    LineFramer framer(1000);
    auto lines = framer.feed(std::string_view(reinterpret_cast<const char*>(data), size));
    if (framer.has_partial()) lines.push_back(framer.take_partial());
    return lines;
}

}  // namespace othello
