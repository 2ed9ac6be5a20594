// libFuzzer target: GGF game records (files, NBoard's `set game`). Malformed text throws
// NotationError (GgfError); a parsed record is a legal game that writes and reads back the same.
#include <cstdlib>
#include <string_view>

#include "engine/ggf.h"

using namespace othello;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        for (const GgfRecord& record : parse_ggf_games(text)) {
            const Game game = record.game();
            const GgfRecord again = parse_ggf(to_ggf(record));
            if (again.game().transcript() != game.transcript()) std::abort();
            if (again.moves.size() != record.moves.size()) std::abort();
        }
    } catch (const NotationError&) {
    } catch (const IllegalMove&) {
    }
    try {
        (void)parse_ggf_move(text);
    } catch (const NotationError&) {
    }
    return 0;
}
