// In-process matches on every instruction set: the referee's game loop and the policies' choices
// are kernels (engine/instruction_set.h), and every set the CPU runs plays the same games.
#include <doctest/doctest.h>

#include <map>
#include <string>

#include "match/players/engine_spec.h"
#include "match/run/match_runner.h"
#include "match/run/openings.h"
#include "match/run/schedule.h"
#include "tests/support/test_support.h"

using namespace othello;

namespace {

// Every game of a match of `games` games between the in-process engines `a` and `b`, run on
// `set`: each game's id with its moves, discs, reason and detail.
std::map<int, std::string> match_games_on(InstructionSet set, const std::string& a,
                                          const std::string& b, int games,
                                          const Adjudication& adjudication) {
    MatchSetup setup;
    setup.engines = {parse_engine_spec(a), parse_engine_spec(b)};
    make_names_distinct(setup.engines);
    setup.openings = load_openings("random:6", 3, static_cast<std::size_t>(games / 2));
    setup.concurrency = 2;
    setup.adjudication = adjudication;
    setup.instruction_set = set;
    MatchRunner runner(setup);
    std::map<int, std::string> played;
    runner.run(make_schedule(2, TournamentKind::RoundRobin, games,
                             static_cast<int>(setup.openings.size())),
               [&](const GameRecord& r) {
                   played[r.id] = r.moves + " " + std::to_string(r.black_discs) + "-" +
                                  std::to_string(r.white_discs) + " " +
                                  std::string(to_string(r.reason)) + ": " + r.detail;
                   return true;
               });
    CHECK(runner.start_failures().empty());
    return played;
}

}  // namespace

TEST_CASE("in-process matches play the same games on every instruction set") {
    const auto sets = testing::available_instruction_sets();
    Adjudication at_12;
    at_12.empties = 12;
    struct Case {
        std::string a, b;
        Adjudication adjudication;
    };
    for (const Case& c : {Case{"policy:random", "policy:random", {}},
                          Case{"policy:mobility", "policy:mobility-max", {}},
                          Case{"policy:random", "policy:mobility", at_12}}) {
        CAPTURE(c.a);
        CAPTURE(c.b);
        const auto baseline =
            match_games_on(InstructionSet::kBaseline, c.a, c.b, 200, c.adjudication);
        REQUIRE(baseline.size() == 200);
        for (InstructionSet set : sets) {
            CAPTURE(name_of(set));
            CHECK(match_games_on(set, c.a, c.b, 200, c.adjudication) == baseline);
        }
    }
}
