// The runner's protocol table: one row per protocol, its own spec keys beside it.
#include "match/players/engine_protocols.h"

#include <charconv>
#include <stdexcept>

#include "match/players/gtp_player.h"
#include "match/players/nboard_player.h"

namespace othello {

namespace {

// depth=N: sent to an NBoard engine as "set depth N".
EngineProtocolKey nboard_depth_key() {
    return {
        "depth", [](const std::string& value, EngineSpec& spec) {
            const auto [end, error] =
                std::from_chars(value.data(), value.data() + value.size(), spec.depth);
            if (error != std::errc() || end != value.data() + value.size() || spec.depth < 1 ||
                spec.depth > 60) {
                throw std::invalid_argument("depth '" + value + "' is not a depth from 1 to 60");
            }
        }};
}

}  // namespace

const std::vector<EngineProtocol>& engine_protocol_table() {
    static const std::vector<EngineProtocol> kProtocols = {
        {"gtp",
         [](const EngineSpec& spec, ProtocolLog* log, bool board_openings) {
             return std::unique_ptr<Player>(std::make_unique<GtpPlayer>(spec, log, board_openings));
         },
         {},
         false,
         true},
        // NBoard sends the whole game, any start position included, with every move.
        {"nboard",
         [](const EngineSpec& spec, ProtocolLog* log, bool /*board_openings*/) {
             return std::unique_ptr<Player>(std::make_unique<NboardPlayer>(spec, log));
         },
         {nboard_depth_key()},
         true,
         false},
    };
    return kProtocols;
}

const EngineProtocol* find_engine_protocol(std::string_view name) {
    for (const EngineProtocol& protocol : engine_protocol_table()) {
        if (protocol.name == name) return &protocol;
    }
    return nullptr;
}

std::string engine_protocol_names() {
    std::string names;
    for (const EngineProtocol& protocol : engine_protocol_table()) {
        if (!names.empty()) names += ", ";
        names += protocol.name;
    }
    return names;
}

}  // namespace othello
