// Schedules and openings against hand-computed values.
#include <doctest/doctest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <set>

#include "match/run/openings.h"
#include "match/run/schedule.h"

using namespace othello;

TEST_CASE("schedules play each opening twice with colours swapped") {
    const auto match = make_schedule(2, TournamentKind::RoundRobin, 5, 2);
    REQUIRE(match.size() == 5);
    CHECK(match[0].black == 0);
    CHECK(match[1].black == 1);
    CHECK(match[0].pair == match[1].pair);
    CHECK(match[0].opening == match[1].opening);
    CHECK(match[2].opening == 1);
    CHECK(match[4].opening == 0);  // wraps around
    CHECK(make_schedule(4, TournamentKind::RoundRobin, 2, 1).size() == 12);
    const auto gauntlet = make_schedule(4, TournamentKind::Gauntlet, 2, 1);
    CHECK(gauntlet.size() == 6);
    for (const auto& g : gauntlet) CHECK((g.black == 0 || g.white == 0));
    CHECK_THROWS_AS(make_schedule(1, TournamentKind::RoundRobin, 2, 1), std::invalid_argument);
}

TEST_CASE("openings: start, all distinct positions after k plies, balanced, files") {
    CHECK(load_openings("start", 1, 10).size() == 1);
    // Up to symmetry: one position after 1 ply, three after 2 (perpendicular, parallel, diagonal).
    CHECK(load_openings("random:1", 1, 10).size() == 1);
    const auto two = load_openings("random:2", 1, 10);
    CHECK(two.size() == 3);
    for (const auto& o : two) CHECK(o.game.moves().size() == 2);
    const auto deep = load_openings("random:10", 5, 20);
    CHECK(deep.size() == 20);
    CHECK(load_openings("random:10", 5, 20)[7].transcript == deep[7].transcript);  // seeded
    const auto balanced = load_openings("balanced", 3, 8);
    CHECK(balanced.size() == 8);
    for (const auto& o : balanced) CHECK(o.game.moves().size() == 8);

    const auto named = load_openings(OTHELLO_TEST_DATA "/openings/named-openings.tsv", 1, 100);
    CHECK(named.size() == 71);
    CHECK(!named[0].name.empty());
    // Only the openings a match needs are read.
    CHECK(load_openings(OTHELLO_TEST_DATA "/openings/named-openings.tsv", 1, 5).size() == 5);
    const auto sample =
        load_openings(OTHELLO_TEST_DATA "/openings/named-openings.tsv", 1, 71, true);
    REQUIRE(sample.size() == 71);  // every line once, in another order
    std::set<std::string> all, sampled;
    for (std::size_t i = 0; i < 71; ++i) {
        all.insert(named[i].transcript + named[i].name);
        sampled.insert(sample[i].transcript + sample[i].name);
    }
    CHECK(sampled == all);
    CHECK(sample[0].transcript + sample[1].transcript != named[0].transcript + named[1].transcript);

    const std::string path = "/tmp/othello_test_openings_" + std::to_string(::getpid()) + ".txt";
    std::ofstream(path) << "# comment\nf5d6\n\nf5f6e6\tsome name\nf5z9\n";
    CHECK_THROWS_WITH(load_openings(path, 1, 3),
                      doctest::Contains((path + ":5: bad opening").c_str()));
    CHECK(load_openings(path, 1, 2).size() == 2);  // the bad line is beyond what is needed
    std::ofstream(path) << "# comment\nf5d6\n\nf5f6e6\tsome name\n";
    const auto from_file = load_openings(path, 1, 10);
    REQUIRE(from_file.size() == 2);
    CHECK(from_file[1].name == "some name");
    CHECK(from_file[1].transcript == "f5f6e6");
    std::remove(path.c_str());
    CHECK_THROWS_WITH(load_openings("/nonexistent/file", 1, 1),
                      doctest::Contains("cannot open openings file"));
}
