// The protocols the match runner speaks to engines, by name (the spec key protocol=NAME), each
// with the player that speaks it over whatever connection the spec names: a spawned command or a
// TCP server (protocol/engine_connection.h). Adding a protocol is a row here, its player in
// match/ and its client in protocol/.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "match/players/engine_spec.h"
#include "match/players/player.h"
#include "match/players/protocol_log.h"

namespace othello {

struct EngineProtocol {
    std::string name;  // protocol=NAME
    // `log` (may be null): the --log file; `board_openings`: some of the match's openings are
    // boards rather than move sequences.
    std::function<std::unique_ptr<Player>(const EngineSpec& spec, ProtocolLog* log,
                                          bool board_openings)>
        make_player;
};

// The protocol named `name`, or null.
const EngineProtocol* find_engine_protocol(std::string_view name);

// "gtp, nboard": the known names, for messages.
std::string engine_protocol_names();

}  // namespace othello
