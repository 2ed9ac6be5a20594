// Sets off the TCP server's token brake, for the tests of what it does next.
#pragma once

#include <doctest/doctest.h>

#include "tests/support/engine_server_process.h"
#include "tests/support/gtp_test_client.h"

namespace othello::testing {

// Three wrong tokens in a row from 127.0.0.1: the next check from its /24 waits 1 s.
inline void brake_three_times(EngineServerProcess& server) {
    for (int i = 0; i < 3; ++i) {
        GtpSocket guesser(server.port());
        CHECK(guesser.send("othello-token wrong") == "? token required\n");
    }
}

}  // namespace othello::testing
