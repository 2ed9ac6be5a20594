// The result table's text (match/report/report.h): an Elo figure without spread among its
// samples is printed without an error bar, not with a bar of zero width.
#include <doctest/doctest.h>

#include <sstream>
#include <string>

#include "match/report/report.h"
#include "match/stats/standings.h"
#include "tests/match/record/record_test_support.h"

using namespace othello;
using othello::testing::game;

namespace {

std::string report_of(const Standings& standings) {
    std::ostringstream out;
    print_report(out, standings, std::nullopt);
    return out.str();
}

}  // namespace

TEST_CASE("an Elo figure whose samples all scored alike has no error bar, said in words") {
    Standings won({"a", "b"});
    won.add(game(0, "a", "b", Winner::Black, 40, 20));
    won.add(game(0, "b", "a", Winner::White, 20, 40));
    const std::string text = report_of(won);
    CHECK(text.find("  Elo difference +inf (no error bar yet: every game scored alike), LOS") !=
          std::string::npos);
    CHECK(text.find("(1 pairs), Elo +inf (no error bar yet: every pair scored alike)\n") !=
          std::string::npos);

    Standings drawn({"a", "b"});
    drawn.add(game(0, "a", "b", Winner::Black, 40, 20));
    drawn.add(game(0, "b", "a", Winner::Black, 40, 20));
    CHECK(report_of(drawn).find("(1 pairs), Elo +0.0 (no error bar yet: every pair scored "
                                "alike)\n") != std::string::npos);

    // With spread, the interval as before (its upper end past a score of 1: +inf).
    Standings mixed = drawn;
    mixed.add(game(1, "a", "b", Winner::Black, 40, 20));
    mixed.add(game(1, "b", "a", Winner::White, 20, 40));
    const std::string spread = report_of(mixed);
    CHECK(spread.find("  Elo difference +190.8 [-126.4, +inf], LOS") != std::string::npos);
    CHECK(spread.find("no error bar") == std::string::npos);
}
