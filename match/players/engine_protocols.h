// The protocols the match runner speaks to engines, by name (the spec key protocol=NAME), each
// with the player that speaks it over whatever connection the spec names: a spawned command or a
// TCP server (protocol/engine_connection.h), and the spec keys only its engines take. Adding a
// protocol is a row here, its player in match/ and its client in protocol/.
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

// A spec key that only one protocol's engines take (NBoard's depth=N). Given to any other engine,
// it is refused (match/players/engine_spec_keys.h).
struct EngineProtocolKey {
    std::string name;  // the spec key NAME=
    // Reads `value` into `spec`; throws std::invalid_argument("NAME 'VALUE' is not ..."), the
    // message starting with the key so that the caller can say which spec it came from.
    std::function<void(const std::string& value, EngineSpec& spec)> parse;
};

struct EngineProtocol {
    std::string name;  // protocol=NAME
    // `log` (may be null): the --log file; `board_openings`: some of the match's openings are
    // boards rather than move sequences.
    std::function<std::unique_ptr<Player>(const EngineSpec& spec, ProtocolLog* log,
                                          bool board_openings)>
        make_player;
    std::vector<EngineProtocolKey> keys;  // the spec keys for this protocol's engines alone
    // Whether its engines report an eval with their moves (NBoard's "=== MOVE/EVAL"): a record
    // read back may carry evals only for such engines' moves (match/results/record_check.h).
    bool reports_evals = false;
    // Whether an engine of it may be unable to play from a board (GTP has no command for one: an
    // engine must know the project's othello-set_position), which its start with board openings
    // finds out (BoardOpeningsRefused). NBoard sends every game's start board.
    bool may_refuse_boards = false;
};

// Every protocol, in the order messages list them.
const std::vector<EngineProtocol>& engine_protocol_table();

// The protocol named `name`, or null.
const EngineProtocol* find_engine_protocol(std::string_view name);

// "gtp, nboard": the known names, for messages.
std::string engine_protocol_names();

}  // namespace othello
