// Asking engines before the match whether they can play from a board: each started as its first
// game with board openings would start it.
#include "match/players/board_opening_check.h"

#include <exception>

#include "match/players/engine_player.h"
#include "match/players/engine_protocols.h"

namespace othello {

std::vector<std::string> board_opening_refusals(const std::vector<EngineSpec>& engines,
                                                const TimeControl& time) {
    std::vector<std::string> refusals;
    for (const EngineSpec& spec : engines) {
        if (spec.kind != EngineSpec::Kind::Engine) continue;
        const EngineProtocol* protocol = find_engine_protocol(spec.protocol);
        if (!protocol || !protocol->may_refuse_boards) continue;
        // Its stderr is not the match's: a banner it prints at start is not shown or filed twice.
        EngineSpec asked = spec;
        asked.connection.process.inherit_stderr = false;
        asked.connection.process.stderr_file.clear();
        try {
            const auto player = protocol->make_player(asked, nullptr, true);
            auto* engine = dynamic_cast<EnginePlayer*>(player.get());
            if (!engine) continue;
            engine->start(time);
            engine->shut_down();
        } catch (const BoardOpeningsRefused& refused) {
            refusals.push_back(refused.what());
        } catch (const std::exception&) {
            // Not started: the match meets the same failure and reports it.
        }
    }
    return refusals;
}

}  // namespace othello
