// The engine-side protocol switch: one table of the protocols the engine speaks (a row each: its
// --protocol name, a line of help, the session it makes), from which the sessions of a protocol
// are built by name, each with its own policy, so every transport serves every protocol. The
// engine's --protocol help and the unknown-protocol message list the table. Adding a protocol is
// its session (a LineSession) and a row.
#pragma once

#include <memory>
#include <span>
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

// One protocol the engine speaks.
struct SessionProtocol {
    std::string_view name;     // --protocol NAME
    std::string_view summary;  // what it is, for --help
    std::unique_ptr<LineSession> (*make)(const SessionSettings& settings);
};

// Every protocol, in the order --help and messages list them (gtp, the default, first).
std::span<const SessionProtocol> session_protocols();
// The protocol named `name`, or null.
const SessionProtocol* find_session_protocol(std::string_view name);
// "gtp, nboard": the names, for messages.
std::string session_protocol_names();

// "othello POLICY" (e.g. "othello book,regression"): GUIs list engines by name, so the default
// says which policy plays.
std::string default_engine_name(const std::string& policy);

// Throws std::invalid_argument for an unknown protocol ("unknown protocol 'x' (known: gtp, ...)")
// or policy, at once rather than at the first connection.
SessionFactory make_session_factory(std::string_view protocol, SessionSettings settings);

}  // namespace othello
