// libFuzzer target: the bytes of a pattern weights file. The checksum is recomputed over the
// input first (when the input is long enough to hold one), so that the fuzzer reaches the checks
// behind it; a file that passes them must evaluate positions (the opening, and an endgame one for
// the endgame network of a version-3 file) without reading out of bounds or overflowing.
#include <cstring>
#include <string>

#include "engine/data_file.h"
#include "engine/patterns/pattern_weights.h"

using namespace othello;
using namespace othello::patterns;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string bytes(reinterpret_cast<const char*>(data), size);
    if (bytes.size() >= PatternWeights::kHeaderBytes) {
        const std::uint32_t sum = data_checksum(bytes, 32, PatternWeights::kHeaderBytes);
        std::memcpy(bytes.data() + 32, &sum, 4);
    }
    try {
        const PatternWeights weights = PatternWeights::parse(bytes, "fuzz.bin");
        (void)weights.score_units(Position::start());
        // 15 empties: where a version-3 file's endgame network runs too.
        (void)weights.score_units(
            Position::from_mover(0x001874605f1e3c7cULL, 0x7e048a9fa0e08000ULL, Color::Black));
    } catch (const WeightsError&) {
    }
    return 0;
}
