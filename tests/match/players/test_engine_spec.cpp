// Engine specs: every form and key, read by the spec parser.
#include <doctest/doctest.h>

#include "engine/ascii_text.h"
#include "match/players/engine_spec.h"
#include "tests/engine/engine_test_support.h"

using namespace othello;

TEST_CASE("engine specs") {
    auto rhino = parse_engine_spec("name=rhino,cmd:/usr/games/gtp-rhino -l 2");
    CHECK(rhino.kind == EngineSpec::Kind::Engine);
    CHECK(rhino.protocol == "gtp");
    CHECK(rhino.connection.kind == EngineConnection::Kind::Process);
    CHECK(rhino.name == "rhino");
    CHECK(rhino.connection.process.argv ==
          std::vector<std::string>{"/usr/games/gtp-rhino", "-l", "2"});
    auto quoted = parse_engine_spec("cmd:\"/path with space/eng\" --x 'a b'", "dir=/tmp");
    CHECK(quoted.connection.process.argv ==
          std::vector<std::string>{"/path with space/eng", "--x", "a b"});
    CHECK(quoted.connection.process.working_directory == "/tmp");
    CHECK(parse_engine_spec("cmd=\"/usr/games/gtp-rhino -l 2\"").connection.process.argv.size() ==
          3);
    auto tcp = parse_engine_spec("tcp://127.0.0.1:5000");
    CHECK(tcp.kind == EngineSpec::Kind::Engine);
    CHECK(tcp.protocol == "gtp");
    CHECK(tcp.connection.kind == EngineConnection::Kind::Tcp);
    CHECK(tcp.connection.host == "127.0.0.1");
    CHECK(tcp.connection.port == 5000);
    auto policy = parse_engine_spec("seed=7,policy:mobility");
    CHECK(policy.policy == "mobility");
    CHECK(policy.name == "mobility");
    CHECK(policy.policy_options.seed == 7);
    // The engine process's data options, for in-process policies; --each may carry them for a
    // mix of engines, where they only apply to the policies.
    auto data = parse_engine_spec(
        "book=/b.db,weights=w.bin,temperature=0.5,book-randomness=2,policy:book,regression");
    CHECK(data.policy == "book,regression");
    CHECK(data.policy_options.book_path == "/b.db");
    CHECK(data.policy_options.weights_path == "w.bin");
    CHECK(data.policy_options.temperature == 0.5);
    CHECK(data.policy_options.book_randomness == 2);
    CHECK(parse_engine_spec("policy:regression", "temperature=1").policy_options.temperature == 1);
    CHECK(parse_engine_spec("cmd:engine", "temperature=1").connection.process.argv ==
          std::vector<std::string>{"engine"});
    CHECK_THROWS_WITH_AS(parse_engine_spec("weights=w.bin,cmd:engine"),
                         doctest::Contains("weights= is for policy: engines"),
                         std::invalid_argument);
    CHECK_THROWS_WITH_AS(parse_engine_spec("temperature=-1,policy:regression"),
                         doctest::Contains("temperature '-1' is not a number >= 0"),
                         std::invalid_argument);
    CHECK_THROWS_WITH_AS(parse_engine_spec("tcp://nowhere"), doctest::Contains("tcp://HOST:PORT"),
                         std::invalid_argument);
    CHECK_THROWS_WITH_AS(parse_engine_spec("colour=red,policy:x"),
                         doctest::Contains("unknown option 'colour'"), std::invalid_argument);
    CHECK_THROWS_AS(parse_engine_spec("mobility"), std::invalid_argument);
    std::vector<EngineSpec> two{parse_engine_spec("policy:random"),
                                parse_engine_spec("policy:random")};
    make_names_distinct(two);
    CHECK(two[0].name == "random");
    CHECK(two[1].name == "random-2");
}

TEST_CASE("engine specs: every policy option is a policy: spec key, parsed by its table row") {
    const PolicyOptions unusual = testing::unusual_policy_options();
    for (const PolicyOption& option : policy_option_table()) {
        CAPTURE(option.name);
        const std::string key = option.name + "=" + option.show(unusual);
        CHECK(option.show(parse_engine_spec(key + ",policy:random").policy_options) ==
              option.show(unusual));
        CHECK(option.show(parse_engine_spec("policy:random", key).policy_options) ==
              option.show(unusual));
        const std::string empty = option.name + "=,policy:random";
        const std::string message = "engine spec '" + empty + "': " + option.name + " '' is not";
        CHECK_THROWS_WITH_AS(parse_engine_spec(empty), doctest::Contains(message.c_str()),
                             std::invalid_argument);
    }
}

TEST_CASE("engine names: escaped and cut where a character or an escape ends, at 256 bytes") {
    // Cut where an escape ends, never inside one ("\x1" would read as another text).
    CHECK(printable(std::string(10, '\x1b'), 12) == "\\x1b\\x1b...");
    CHECK(printable("abc", 3) == "abc");
    CHECK(printable("abcd", 3) == "...");
    // A two-byte character is kept whole or left out; escaped text cuts the same way again.
    CHECK(printable("\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9", 7) == "\xc3\xa9\xc3\xa9...");
    CHECK(printable("\\x1b\\x1b\\x1b", 9) == "\\x1b...");
    CHECK(bounded_name(std::string(300000, '\x1b')).size() == 255);
    CHECK(bounded_name(std::string(256, 'n')) == std::string(256, 'n'));
    CHECK(bounded_name(std::string(257, 'n')) == std::string(253, 'n') + "...");
    // A name made from a long command is cut; a long name= is refused.
    CHECK(parse_engine_spec("cmd:engine " + std::string(400, 'a')).name.size() == 256);
    CHECK_THROWS_WITH_AS(parse_engine_spec("name=" + std::string(257, 'n') + ",policy:random"),
                         doctest::Contains("name= is 257 bytes (escaped); a name is at most 256"),
                         std::invalid_argument);
    // Names made distinct stay within the bound.
    std::vector<EngineSpec> engines(3);
    for (auto& e : engines) e.name = std::string(256, 'n');
    make_names_distinct(engines);
    CHECK(engines[0].name == std::string(256, 'n'));
    CHECK(engines[1].name == std::string(251, 'n') + "...-2");
    CHECK(engines[2].name == std::string(251, 'n') + "...-3");
}
