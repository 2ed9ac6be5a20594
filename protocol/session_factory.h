// The engine-side protocol switch: builds the sessions of a protocol by name ("gtp", "nboard"),
// each with its own policy, so every transport serves every protocol.
#pragma once

#include <string>
#include <string_view>

#include "engine/policy_options.h"
#include "protocol/line_framer.h"
#include "protocol/line_session.h"

namespace othello {

struct SessionSettings {
    std::string policy = "mobility";  // a policy spec for make_policy, e.g. "book,mobility"
    // What the engine calls itself (GTP name, NBoard set myname); empty: default_engine_name.
    std::string name;
    // Whether a session may read files of this machine (GTP loadsgf): not when the peer is remote.
    bool may_read_files = true;
    PolicyOptions policy_options;
    std::size_t max_line_length = kDefaultMaxLineLength;
    InternalErrorLog internal_errors;  // set for TCP: see line_session.h
};

// "othello POLICY" (e.g. "othello book,regression"): GUIs list engines by name, so the default
// says which policy plays.
std::string default_engine_name(const std::string& policy);

// Throws std::invalid_argument for an unknown protocol ("unknown protocol 'x' (known: gtp, ...)")
// or policy, at once rather than at the first connection.
SessionFactory make_session_factory(std::string_view protocol, SessionSettings settings);

}  // namespace othello
