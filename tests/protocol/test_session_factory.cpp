// The engine side's table of protocols (protocol/session_factory.h): every row makes a session
// that speaks its protocol, an unknown name is refused listing the table, and othello-engine's
// --protocol help lists every row.
#include <doctest/doctest.h>

#include <cstdio>
#include <stdexcept>
#include <string>

#include "protocol/session_factory.h"
#include "tests/support/programs.h"

using namespace othello;

namespace {

// What a session says to the line a controller opens its protocol with.
std::string first_answer(std::string_view protocol) {
    const std::unique_ptr<LineSession> session = make_session_factory(protocol, {})();
    return session->greeting() + session->handle(protocol == "nboard" ? "nboard 2" : "name");
}

}  // namespace

TEST_CASE("every protocol of the table makes a session that speaks it") {
    REQUIRE(session_protocols().size() >= 2);
    CHECK(session_protocols().front().name == "gtp");  // the default comes first
    for (const SessionProtocol& protocol : session_protocols()) {
        CAPTURE(protocol.name);
        CHECK(find_session_protocol(protocol.name) == &protocol);
        CHECK(!protocol.summary.empty());
    }
    CHECK(first_answer("gtp") == "= othello mobility\n\n");
    CHECK(first_answer("nboard") == "set myname othello mobility\n");
    CHECK(find_session_protocol("uci") == nullptr);
}

TEST_CASE("an unknown protocol is refused, listing the table") {
    CHECK(session_protocol_names() == "gtp, nboard");
    CHECK_THROWS_WITH_AS(
        make_session_factory("uci", {}),
        ("unknown protocol 'uci' (known: " + session_protocol_names() + ")").c_str(),
        std::invalid_argument);
}

TEST_CASE("othello-engine --help lists every protocol of the table under --protocol") {
    const std::string command = othello::testing::kEngine + " --help";
    FILE* pipe = ::popen(command.c_str(), "r");
    REQUIRE(pipe);
    std::string help;
    char buffer[4096];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;)
        help.append(buffer, n);
    CHECK(::pclose(pipe) == 0);
    // Boost wraps the text: compare it with its spaces and line breaks collapsed.
    std::string flat;
    for (const char c : help) {
        const bool blank = c == ' ' || c == '\n';
        if (!(blank && (flat.empty() || flat.back() == ' '))) flat += blank ? ' ' : c;
    }
    for (const SessionProtocol& protocol : session_protocols()) {
        CAPTURE(protocol.name);
        CHECK(flat.find(std::string(protocol.name) + ": " + std::string(protocol.summary)) !=
              std::string::npos);
    }
}
