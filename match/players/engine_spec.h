// EngineSpec: what an --engine argument names — a built-in policy, a command spawned as a GTP
// or NBoard engine, a GTP engine served over TCP, or a human at the terminal — plus its per-engine
// options.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/policy.h"
#include "match/players/game_clock.h"

namespace othello {

struct EngineSpec {
    enum class Kind { Policy, Command, Tcp, Human, Nboard };
    Kind kind = Kind::Policy;
    std::string name;               // display name; derived from the spec when not given
    std::string policy;             // Policy: the registry spec, e.g. "mobility"
    std::vector<std::string> argv;  // Command, Nboard
    std::string working_directory;  // Command: "dir=" option
    std::string host;               // Tcp
    unsigned short port = 0;        // Tcp
    std::string token;              // Tcp: "token=" option, sent first as "othello-token TOKEN"
    std::uint64_t seed = 0;         // Policy: "seed=" option; 0: derived from --seed
    // Policy: the data options othello-engine takes on its command line, as spec keys "book=",
    // "weights=", "temperature=", "book-randomness=" (the seed is set per game, not here).
    PolicyOptions policy_options;
    bool stderr_visible = false;  // Command: "stderr=1" shows the engine's stderr
    ClockRules clock;             // "tc=" / "st=": this engine's time control
    int depth = 0;                // Nboard: "depth=" sent as "set depth N"; 0: not sent
};

// Parses "[key=value,]...KIND" where KIND is "policy:NAME", "cmd:COMMAND LINE" (split like a shell:
// quotes and backslashes), "nboard:COMMAND LINE" (an NBoard-protocol engine), "tcp://HOST:PORT"
// or "human". Keys: name, dir, args (appended to the command, shell-split), seed, stderr, token
// (the shared secret of an `othello-engine --listen ... --token SECRET` server), tc (SECONDS,
// SECONDS+INC or MOVES/SECONDS+INC), st (SECONDS a move), depth (NBoard engines), and for
// policies book, weights, temperature, book-randomness (as othello-engine's options of those
// names). `each` holds --each options applied first (the engine's own options win). Throws
// std::invalid_argument saying what is wrong with which spec.
EngineSpec parse_engine_spec(std::string_view text, std::string_view each = {});

// Gives every engine a distinct display name ("random", "random-2", ...).
void make_names_distinct(std::vector<EngineSpec>& engines);

}  // namespace othello
