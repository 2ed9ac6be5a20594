// Helpers shared by the tests of engine/ and of what reads its options: a PolicyOptions unlike the
// defaults in every field, so that a round trip through any text form shows each field kept. Both
// are made from the option table, by each option's kind: a new row is in every round trip as it is.
#pragma once

#include <string>

#include "engine/ascii_text.h"
#include "engine/policy_options.h"

namespace othello::testing {

// A value `option` takes that is not its default.
inline std::string unusual_value(const PolicyOption& option) {
    const std::string shown = option.show(PolicyOptions{});
    switch (option.kind) {
        case PolicyOptionKind::Number:
            return number_text(std::stod(shown) + 2.5);
        case PolicyOptionKind::File:
            return "my-" + option.name + ".bin";
        case PolicyOptionKind::Seed:
            return std::to_string(std::stoull(shown) + 98);
    }
    return shown;
}

// Every option set to its unusual_value().
inline PolicyOptions unusual_policy_options() {
    PolicyOptions o;
    for (const PolicyOption& option : policy_option_table()) option.parse(unusual_value(option), o);
    return o;
}

}  // namespace othello::testing
