// Helpers shared by the tests of engine/ and of what reads its options: a PolicyOptions unlike the
// defaults in every field, so that a round trip through any text form shows each field kept.
#pragma once

#include "engine/policy_options.h"

namespace othello::testing {

inline PolicyOptions unusual_policy_options() {
    PolicyOptions o;
    o.seed = 99;
    o.book_path = "my.db";
    o.book_randomness = 2.5;
    o.weights_path = "my.bin";
    o.temperature = 0.25;
    o.network_path = "my-network.bin";
    o.value_weight = 0.5;
    return o;
}

}  // namespace othello::testing
