// The table of an engine spec's key=value options: each key's name, which engines take it and
// how its value sets the EngineSpec. The spec's own keys are rows in engine_spec_keys.cpp; a
// protocol's keys (NBoard's depth=) are declared beside its row in engine_protocols.cpp, and the
// policy options come from their table (engine/policy_options.h). Adding a key is a row.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "match/players/engine_spec.h"

namespace othello {

// Where a key is read: the whole spec (for messages), whether the engine's own spec gave the key
// (else --each did), and whether the spec is the short form nboard:COMMAND.
struct SpecKeyContext {
    std::string_view text;
    bool own = false;
    bool nboard_short_form = false;
};

struct EngineSpecKey {
    std::string name;  // NAME=
    // Checks the value whether or not the engine takes the key: a value that is wrong is wrong
    // for every engine, --each's included. Empty: nothing to check before `applies`.
    std::function<void(const std::string& value, const SpecKeyContext& context)> check;
    // Whether the engine takes the key, from what the spec says of it so far (its kind and
    // connection; its protocol only once every key is read, see `protocol_key`). A key it does
    // not take is skipped when --each gave it (for a mix of engines), and refused in the
    // engine's own spec: "NAME= is for FOR_WHOM".
    std::function<bool(const EngineSpec& spec, const SpecKeyContext& context)> applies;
    std::string for_whom;
    // Sets the spec from the value. Throws std::invalid_argument with the whole message.
    std::function<void(const std::string& value, const SpecKeyContext& context, EngineSpec& spec)>
        parse;
    // A protocol's key: read first, and refused once every key is read (protocol= among them)
    // when the engine speaks another protocol, --each's keys included.
    bool protocol_key = false;
};

// Every key, in the order messages list them: the spec's own, the protocols', the policies'.
const std::vector<EngineSpecKey>& engine_spec_key_table();

// The row named `name`, or null.
const EngineSpecKey* find_engine_spec_key(std::string_view name);

// "name, dir, ...": every key, for the message about an unknown one.
std::string engine_spec_key_names();

// Throws std::invalid_argument("engine spec 'TEXT': WHAT").
[[noreturn]] void refuse_spec(std::string_view text, const std::string& what);

}  // namespace othello
