// libFuzzer target: square, move, transcript and board-string parsing. Parsers either throw
// NotationError (or IllegalMove for an illegal transcript) or return a value that survives a
// round trip through its text form.
#include <cstdlib>
#include <string_view>

#include "engine/game.h"
#include "engine/notation.h"
#include "engine/square.h"

using namespace othello;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    if (const auto square = Square::parse(text)) {
        if (Square::parse(square->to_string()) != square) std::abort();
    }
    (void)Move::parse(text);
    try {
        const auto moves = parse_moves(text);
        try {
            const Game game = Game::from_transcript(text);
            if (Game::from_transcript(game.transcript()).transcript() != game.transcript())
                std::abort();
        } catch (const IllegalMove&) {
        }
        (void)moves;
    } catch (const NotationError&) {
    }
    try {
        const Position position = parse_board(text);
        if (parse_board(to_board_string(position)) != position) std::abort();
        (void)to_ascii(position);
    } catch (const NotationError&) {
    }
    return 0;
}
