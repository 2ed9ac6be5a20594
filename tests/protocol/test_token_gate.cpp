// The TCP server's token handshake, in process: what a client's first line is answered; how many
// bits a token holds, and the fresh ones othello-token prints.
#include <doctest/doctest.h>

#include <cctype>
#include <set>
#include <string>

#include "protocol/token_gate.h"
#include "protocol/token_secret.h"

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

TEST_CASE("Token bits: 4 a hexadecimal digit, 6 any other character") {
    CHECK(token_bits("") == 0);
    CHECK(token_bits("s3cret") == 36);
    CHECK(token_bits(std::string(31, 'a')) == 124);  // under 128: warned about
    CHECK(token_bits(std::string(32, 'f')) == 128);
    CHECK(token_bits(std::string(21, 'z')) == 126);
    CHECK(token_bits(std::string(22, 'z')) == 132);
    CHECK(token_bits("0123456789ABCDEFabcdef0123456789") == 128);
}

TEST_CASE("Random tokens: hexadecimal digits of the kernel's randomness, never the same") {
    const std::string token = random_token();
    CHECK(token.size() == 32);
    CHECK(token_bits(token) == kTokenBits);
    CHECK(random_token(256).size() == 64);
    CHECK(random_token(132).size() == 33);
    CHECK_THROWS_AS(random_token(130), std::invalid_argument);
    // 1,000 tokens: all different, and every digit about as common as the others (128,000 bits:
    // 2,000 of each of the 16 digits expected; a biased source would stand out).
    std::set<std::string> seen;
    std::size_t counts[16] = {};
    for (int i = 0; i < 1000; ++i) {
        const std::string t = random_token();
        seen.insert(t);
        for (const char c : t) {
            REQUIRE(std::isxdigit(static_cast<unsigned char>(c)));
            ++counts[std::stoi(std::string(1, c), nullptr, 16)];
        }
    }
    CHECK(seen.size() == 1000);
    for (const std::size_t n : counts) {
        CHECK(n > 1700);
        CHECK(n < 2300);
    }
}
