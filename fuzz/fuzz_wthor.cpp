// libFuzzer target: the bytes of a WTHOR .wtb file. A malformed file throws WthorError; a record
// that is not a legal game throws IllegalMove on replay; nothing reads out of bounds.
#include <string>

#include "engine/wthor.h"

using namespace othello;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string bytes(reinterpret_cast<const char*>(data), size);
    try {
        const WthorFile file = parse_wthor(bytes, "fuzz.wtb");
        for (const WthorGame& game : file.games) {
            try {
                (void)replay(game);
            } catch (const IllegalMove&) {
            }
        }
    } catch (const WthorError&) {
    }
    return 0;
}
