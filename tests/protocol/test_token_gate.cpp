// The TCP server's token handshake, in process: what a client's first line is answered.
#include <doctest/doctest.h>

#include "protocol/token_gate.h"

using namespace othello;

TEST_CASE("Token handshake answers: GTP success with the id, refusal otherwise") {
    bool ok = false;
    CHECK(token_gate_answer("othello-token s3cret", "s3cret", ok) == "=\n\n");
    CHECK(ok);
    CHECK(token_gate_answer("7 othello-token  s3cret ", "s3cret", ok) == "=7\n\n");
    CHECK(ok);
    CHECK(token_gate_answer("othello-token s3cre", "s3cret", ok) == "? token required\n\n");
    CHECK_FALSE(ok);
    CHECK(token_gate_answer("othello-token s3crett", "s3cret", ok) == "? token required\n\n");
    CHECK_FALSE(ok);
    CHECK(token_gate_answer("3 name", "s3cret", ok) == "?3 token required\n\n");
    CHECK_FALSE(ok);
    CHECK(token_gate_answer("othello-token s3cret extra", "s3cret", ok) == "? token required\n\n");
    CHECK_FALSE(ok);
}
