// Engines named as they name themselves, as cutechess names an engine given no name=: its GTP
// `name` answer, its NBoard `set myname`.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "match/players/engine_spec.h"
#include "match/players/time_control.h"

namespace othello {

// Every engine spoken to in a protocol (cmd:, nboard:, tcp://) without name= is started once,
// asked its name and stopped; policies and the human keep theirs. An engine that cannot be
// started within `time.start_timeout`, or that names itself nothing, keeps the name its spec
// gives (the command's basename and arguments, or HOST:PORT), and the match reports its start
// failure as usual. `recorded` (spec text -> name, from a journal being resumed) names an engine
// with that spec text without starting it, so that a match resumes under the names it began
// with. `texts[i]` is engines[i]'s spec text.
void name_engines_as_they_answer(std::vector<EngineSpec>& engines,
                                 const std::vector<std::string>& texts, const TimeControl& time,
                                 const std::map<std::string, std::string>& recorded = {});

}  // namespace othello
