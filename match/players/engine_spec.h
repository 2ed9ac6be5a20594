// EngineSpec: what an --engine argument names — a built-in policy, an engine spoken to in a
// protocol (GTP or NBoard) over a connection (a spawned command or a TCP server), or a human at
// the terminal — plus its per-engine options.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/policy_options.h"
#include "match/players/game_clock.h"
#include "protocol/engine_connection.h"

namespace othello {

// The most bytes of a display name, escaped as printable() escapes it (a record's names, its
// journal line and every file that reads it back depend on it: match/record/record_bounds.h).
inline constexpr std::size_t kMostNameBytes = 256;

// `name` (an engine's answer to GTP `name`, NBoard's `set myname`, or a name made from a spec)
// escaped and cut to kMostNameBytes.
std::string bounded_name(std::string_view name);

struct EngineSpec {
    // Who plays: a policy in this process, an engine behind a connection, or a person.
    enum class Kind { Policy, Engine, Human };
    Kind kind = Kind::Policy;
    std::string name;            // display name; derived from the spec when not given
    bool name_given = false;     // name= was given (else an engine is named as it names itself)
    bool name_reported = false;  // the name is the engine's answer (reported_names.h)
    std::string policy;          // Policy: the registry spec, e.g. "mobility"
    // Policy: the options othello-engine takes as flags, as spec keys of the same names
    // (engine/policy_options.h). Its seed is 0 unless "seed=" gives one: derived from --seed.
    PolicyOptions policy_options;
    // Engine: the protocol's name, "gtp" or "nboard" (match/players/engine_protocols.h), and where
    // the engine is: a command ("dir=", "args=", "stderr=1") or a TCP server ("token=").
    std::string protocol = "gtp";
    EngineConnection connection;
    ClockRules clock;  // "tc=" / "st=": this engine's time control
    int depth = 0;     // NBoard: "depth=" sent as "set depth N"; 0: not sent
    // "restart=": On starts a fresh process (or connection) before every game, for engines that
    // carry state between games; Auto and Off reuse it, restarting it only after it failed (a
    // crashed or confused engine cannot be trusted, whatever restart= says).
    enum class Restart { Auto, On, Off };
    Restart restart = Restart::Auto;
};

// Parses "[key=value,]...WHERE" where WHERE is "policy:NAME", "cmd:COMMAND LINE" (split like a
// shell: quotes and backslashes), "tcp://HOST:PORT", "nboard:COMMAND LINE" (short for
// "protocol=nboard,cmd:COMMAND LINE") or "human". Keys: name, dir, args (appended to the
// command, shell-split), stderr, token (the shared secret of an `othello-engine --listen ...
// --token SECRET` server), protocol (gtp or nboard, for cmd: and tcp://), tc (SECONDS,
// SECONDS+INC or MOVES/SECONDS+INC), st (SECONDS a move), timemargin (milliseconds forgiven past
// the engine's clock, its own --time-margin), restart (auto, on or off, for cmd: and tcp://),
// depth (NBoard engines), and for
// policies the policy options (seed, book, weights, temperature, book-randomness: as
// othello-engine's flags of those names). `each` holds --each options applied first (the
// engine's own options win). Throws std::invalid_argument saying what is wrong with which spec.
EngineSpec parse_engine_spec(std::string_view text, std::string_view each = {});

// Gives every engine a distinct display name ("random", "random-2", ...). The names that are
// not an engine's answer (name=, a policy's, a command's) come first, in order; a name an engine
// reported never takes one of them: it is the one made distinct, with a note in `notes` saying
// so.
void make_names_distinct(std::vector<EngineSpec>& engines,
                         std::vector<std::string>* notes = nullptr);

// `word` in single quotes, read back as that one word by a POSIX shell: "it's" becomes
// 'it'\''s'.
std::string shell_quoted(std::string_view word);

// `word` as a spec's cmd: line (and args=) reads it back as exactly that one word, whatever it
// holds (quotes, backslashes, spaces, line breaks): in single quotes when it holds none of those
// ('-l'), else in double quotes with \\, \", \' and \n for a backslash, the quotes and a
// line break (the splitter takes either quote as any quote, and \ as an escape inside both).
std::string command_word(std::string_view word);

}  // namespace othello
