// Asking engines their names: each unnamed engine started as its first game would start it.
#include "match/players/reported_names.h"

#include <exception>

#include "engine/ascii_text.h"
#include "match/players/engine_player.h"
#include "match/players/engine_protocols.h"

namespace othello {

void name_engines_as_they_answer(std::vector<EngineSpec>& engines,
                                 const std::vector<std::string>& texts, const TimeControl& time,
                                 const std::map<std::string, std::string>& recorded) {
    for (std::size_t i = 0; i < engines.size(); ++i) {
        EngineSpec& spec = engines[i];
        if (spec.name_given || spec.kind != EngineSpec::Kind::Engine) continue;
        if (i < texts.size()) {
            if (const auto it = recorded.find(texts[i]); it != recorded.end()) {
                spec.name = it->second;
                continue;
            }
        }
        // Its stderr is not the match's: a banner it prints at start is not shown or filed twice.
        EngineSpec asked = spec;
        asked.connection.process.inherit_stderr = false;
        asked.connection.process.stderr_file.clear();
        try {
            const auto player =
                find_engine_protocol(asked.protocol)->make_player(asked, nullptr, false);
            auto* engine = dynamic_cast<EnginePlayer*>(player.get());
            if (!engine) continue;
            engine->start(time);
            const std::string answer = bounded_name(engine->reported_name());
            engine->shut_down();
            if (answer.find_first_not_of(' ') != std::string::npos) spec.name = answer;
        } catch (const std::exception&) {
            // Not started: the match meets the same failure and reports it with this name.
        }
    }
}

}  // namespace othello
