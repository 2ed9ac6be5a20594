// Engines given no name= named as they name themselves (match/players/reported_names.h): real
// othello-engine processes over GTP and NBoard, asked and stopped; clashes made distinct.
#include <doctest/doctest.h>

#include <map>
#include <string>
#include <vector>

#include "match/players/engine_spec.h"
#include "match/players/reported_names.h"
#include "tests/support/programs.h"

using namespace othello;
using othello::testing::kEngine;
using othello::testing::kFakeNboard;

TEST_CASE(
    "engines without name= take the names they answer, made distinct; the others keep theirs") {
    const std::vector<std::string> texts = {
        "cmd:" + kEngine + " --policy mobility",
        "cmd:" + kEngine + " --policy mobility",
        "nboard:" + kEngine + " --protocol nboard --policy random --name 'Random Walk'",
        "name=mine,cmd:" + kEngine + " --policy mobility",
        "cmd:/nonexistent/engine --level 3",
        "policy:random",
    };
    std::vector<EngineSpec> engines;
    for (const std::string& text : texts) engines.push_back(parse_engine_spec(text));
    TimeControl time;
    time.start_timeout = 10;
    name_engines_as_they_answer(engines, time);
    make_names_distinct(engines);
    std::vector<std::string> names;
    for (const EngineSpec& e : engines) names.push_back(e.name);
    CHECK(names == std::vector<std::string>{"othello mobility", "othello mobility-2", "Random Walk",
                                            "mine", "engine --level 3", "random"});
}

TEST_CASE("a resumed match's engines keep the names its journal recorded, unasked") {
    const std::string text = "cmd:" + kEngine + " --policy mobility";
    std::vector<EngineSpec> engines = {parse_engine_spec(text), parse_engine_spec("policy:random")};
    const std::vector<std::string> recorded = {"othello-engine --policy mobility", ""};
    TimeControl time;
    name_engines_as_they_answer(engines, time, recorded);
    CHECK(engines[0].name == "othello-engine --policy mobility");
    CHECK(engines[1].name == "random");
}

TEST_CASE("an NBoard engine that names itself only after set depth, as Edax does, is named so") {
    const std::string edax = kFakeNboard + " --mode name-after-depth --myname 'Edax4.4'";
    const std::vector<std::string> texts = {
        "nboard:" + edax,          // no depth=: given one to learn its name, then stopped
        "depth=8,nboard:" + edax,  // the depth the match gives it
        "nboard:" + kFakeNboard,   // names itself never: keeps its command's name
    };
    std::vector<EngineSpec> engines;
    for (const std::string& text : texts) engines.push_back(parse_engine_spec(text));
    TimeControl time;
    time.start_timeout = 10;
    name_engines_as_they_answer(engines, time);
    std::vector<std::string> names;
    for (const EngineSpec& e : engines) names.push_back(e.name);
    // Both name themselves Edax4.4: the second is made distinct (name_engines_as_they_answer
    // makes every name distinct).
    CHECK(names == std::vector<std::string>{"Edax4.4", "Edax4.4-2", "fake-nboard-engine"});
}
