// Asking engines their names: each unnamed engine started as its first game would start it, and
// kept for that game.
#include "match/players/reported_names.h"

#include <exception>

#include "match/players/engine_player.h"
#include "match/players/engine_protocols.h"

namespace othello {

std::vector<std::unique_ptr<Player>> name_engines_as_they_answer(
    std::vector<EngineSpec>& engines, const TimeControl& time,
    const std::vector<std::string>& recorded, ProtocolLog* log, bool board_openings,
    std::vector<std::string>* notes) {
    std::vector<std::unique_ptr<Player>> started(engines.size());
    for (std::size_t i = 0; i < engines.size(); ++i) {
        EngineSpec& spec = engines[i];
        if (spec.name_given || spec.kind != EngineSpec::Kind::Engine) continue;
        if (i < recorded.size() && !recorded[i].empty()) {
            spec.name = recorded[i];
            continue;
        }
        try {
            std::unique_ptr<Player> player =
                find_engine_protocol(spec.protocol)->make_player(spec, log, board_openings);
            auto* engine = dynamic_cast<EnginePlayer*>(player.get());
            if (!engine) continue;
            const bool keep = engine->start_to_learn_name(time);
            const std::string answer = bounded_name(engine->reported_name());
            if (answer.find_first_not_of(' ') != std::string::npos) {
                spec.name = answer;
                spec.name_reported = true;
            }
            if (keep) started[i] = std::move(player);
        } catch (const std::exception&) {
            // Not started: the match meets the same failure and reports it with this name.
        }
    }
    make_names_distinct(engines, notes);
    for (std::size_t i = 0; i < engines.size(); ++i) {
        if (started[i])
            dynamic_cast<EnginePlayer&>(*started[i]).keep_for_first_game(engines[i].name);
    }
    return started;
}

}  // namespace othello
