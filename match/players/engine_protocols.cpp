// The runner's protocol table: one row per protocol.
#include "match/players/engine_protocols.h"

#include "match/players/gtp_player.h"
#include "match/players/nboard_player.h"

namespace othello {

namespace {

const std::vector<EngineProtocol>& protocol_table() {
    static const std::vector<EngineProtocol> kProtocols = {
        {"gtp",
         [](const EngineSpec& spec, ProtocolLog* log, bool board_openings) {
             return std::unique_ptr<Player>(std::make_unique<GtpPlayer>(spec, log, board_openings));
         }},
        // NBoard sends the whole game, any start position included, with every move.
        {"nboard",
         [](const EngineSpec& spec, ProtocolLog* log, bool /*board_openings*/) {
             return std::unique_ptr<Player>(std::make_unique<NboardPlayer>(spec, log));
         }},
    };
    return kProtocols;
}

}  // namespace

const EngineProtocol* find_engine_protocol(std::string_view name) {
    for (const EngineProtocol& protocol : protocol_table()) {
        if (protocol.name == name) return &protocol;
    }
    return nullptr;
}

std::string engine_protocol_names() {
    std::string names;
    for (const EngineProtocol& protocol : protocol_table()) {
        if (!names.empty()) names += ", ";
        names += protocol.name;
    }
    return names;
}

}  // namespace othello
