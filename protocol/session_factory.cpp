// The protocol switch: one row per protocol in kSessionProtocols, read by the factory, the
// engine's --protocol help and the unknown-protocol message.
#include "protocol/session_factory.h"

#include <stdexcept>

#include "engine/policies/policy_registry.h"
#include "protocol/gtp_session.h"
#include "protocol/nboard_session.h"

namespace othello {

namespace {

std::unique_ptr<LineSession> gtp_session(const SessionSettings& settings) {
    GtpSession::Options options;
    options.name = settings.name;
    options.may_read_files = settings.may_read_files;
    options.max_line_length = settings.max_line_length;
    options.internal_errors = settings.internal_errors;
    return std::make_unique<GtpSession>(make_policy(settings.policy, settings.policy_options),
                                        options);
}

std::unique_ptr<LineSession> nboard_session(const SessionSettings& settings) {
    NboardOptions options;
    options.name = settings.name;
    options.internal_errors = settings.internal_errors;
    return std::make_unique<NboardSession>(make_policy(settings.policy, settings.policy_options),
                                           options);
}

constexpr SessionProtocol kSessionProtocols[] = {
    {"gtp", "GTP 2 (Quarry, GoGui, the match runner's default)", gtp_session},
    {"nboard", "NBoard's protocol (NBoard, as Edax and NTest speak it)", nboard_session},
};

}  // namespace

std::span<const SessionProtocol> session_protocols() {
    return kSessionProtocols;
}

const SessionProtocol* find_session_protocol(std::string_view name) {
    for (const SessionProtocol& protocol : kSessionProtocols) {
        if (protocol.name == name) return &protocol;
    }
    return nullptr;
}

std::string session_protocol_names() {
    std::string names;
    for (const SessionProtocol& protocol : kSessionProtocols)
        names += (names.empty() ? "" : ", ") + std::string(protocol.name);
    return names;
}

std::string default_engine_name(const std::string& policy) {
    return "othello " + policy;
}

SessionFactory make_session_factory(std::string_view protocol, SessionSettings settings) {
    const SessionProtocol* found = find_session_protocol(protocol);
    if (!found)
        throw std::invalid_argument("unknown protocol '" + std::string(protocol) +
                                    "' (known: " + session_protocol_names() + ")");
    make_policy(settings.policy, settings.policy_options);  // throws now for a bad spec
    if (settings.name.empty()) settings.name = default_engine_name(settings.policy);
    return [settings, make = found->make] { return make(settings); };
}

}  // namespace othello
