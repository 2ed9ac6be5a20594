// The protocol switch: one `if` per protocol.
#include "protocol/session_factory.h"

#include <stdexcept>

#include "engine/policies/policy_registry.h"
#include "protocol/gtp_session.h"
#include "protocol/nboard_session.h"

namespace othello {

std::string default_engine_name(const std::string& policy) {
    return "othello " + policy;
}

SessionFactory make_session_factory(std::string_view protocol, SessionSettings settings) {
    make_policy(settings.policy, settings.policy_options);  // throws now for a bad spec
    if (settings.name.empty()) settings.name = default_engine_name(settings.policy);
    if (protocol == "gtp") {
        return [settings] {
            GtpSession::Options options;
            options.name = settings.name;
            options.may_read_files = settings.may_read_files;
            options.max_line_length = settings.max_line_length;
            options.internal_errors = settings.internal_errors;
            return std::make_unique<GtpSession>(
                make_policy(settings.policy, settings.policy_options), options);
        };
    }
    if (protocol == "nboard") {
        return [settings] {
            NboardOptions options;
            options.name = settings.name;
            options.internal_errors = settings.internal_errors;
            return std::make_unique<NboardSession>(
                make_policy(settings.policy, settings.policy_options), options);
        };
    }
    throw std::invalid_argument("unknown protocol '" + std::string(protocol) +
                                "' (known: gtp, nboard)");
}

}  // namespace othello
