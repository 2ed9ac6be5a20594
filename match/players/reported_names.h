// Engines named as they name themselves, as cutechess names an engine given no name=: its GTP
// `name` answer, its NBoard `set myname`.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "match/players/engine_spec.h"
#include "match/players/player.h"
#include "match/players/protocol_log.h"
#include "match/players/time_control.h"

namespace othello {

// Every engine spoken to in a protocol (cmd:, nboard:, tcp://) without name= is started as its
// first game would start it (its lines to `log`, `board_openings` as the match's), asked its name
// once, and named so (name_reported set); it is left running and returned at its index, for the
// match to play its first game on that start (the others are null). An NBoard engine given a depth
// only to learn its name (Edax names itself after set depth) is stopped instead, so that it never
// plays at that depth. Policies and the human keep their names. An engine that cannot be started
// within `time.start_timeout`, or that names itself nothing, keeps the name its spec gives (the
// command's basename and arguments, or HOST:PORT), and the match meets and reports its start
// failure as usual. `recorded[i]`, when not empty (from a journal being resumed), names engines[i]
// without starting it, so that a match resumes under the names it began with. A first SIGINT,
// SIGTERM or SIGHUP (protocol/interruption.h) ends every start it is waiting for. Then every name
// is made distinct (make_names_distinct: a reported name that meets another is the one changed,
// with a note in `notes`), and the engines kept play under those names.
std::vector<std::unique_ptr<Player>> name_engines_as_they_answer(
    std::vector<EngineSpec>& engines, const TimeControl& time,
    const std::vector<std::string>& recorded = {}, ProtocolLog* log = nullptr,
    bool board_openings = false, std::vector<std::string>* notes = nullptr);

}  // namespace othello
