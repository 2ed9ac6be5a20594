// Shard: parsing "K/N" and the pair-modulo slice of a schedule.
#include "match/run/shard.h"

#include <charconv>
#include <stdexcept>

namespace othello {

namespace {

bool parse_int(const std::string& text, int& value) {
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    return ec == std::errc() && ptr == end && !text.empty();
}

}  // namespace

Shard parse_shard(const std::string& text) {
    const auto slash = text.find('/');
    Shard s;
    if (slash == std::string::npos || !parse_int(text.substr(0, slash), s.index) ||
        !parse_int(text.substr(slash + 1), s.count) || s.count < 1 || s.index < 0 ||
        s.index >= s.count) {
        throw std::invalid_argument("--shard '" + text + "': expected K/N with 0 <= K < N");
    }
    return s;
}

std::string to_string(const Shard& s) {
    return std::to_string(s.index) + "/" + std::to_string(s.count);
}

bool in_shard(const ScheduledGame& game, const Shard& shard) {
    return game.pair % shard.count == shard.index;
}

std::vector<ScheduledGame> games_in_shard(const std::vector<ScheduledGame>& schedule,
                                          const Shard& shard) {
    std::vector<ScheduledGame> out;
    for (const auto& g : schedule) {
        if (in_shard(g, shard)) out.push_back(g);
    }
    return out;
}

}  // namespace othello
