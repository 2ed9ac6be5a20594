// The runner at scale: openings for matches of any size (every distinct position listed, the
// shipped balanced set, a warning when they must repeat) and --affinity pinning each game slot's
// engine processes, through the real othello-match.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <unordered_set>

#include "engine/symmetry.h"
#include "match/run/balanced_openings.h"
#include "match/run/cpu_affinity.h"
#include "match/run/opening_enumeration.h"
#include "match/run/openings.h"
#include "tests/match/match_test_support.h"
#include "tests/support/programs.h"

using namespace othello;
namespace fs = std::filesystem;
using namespace othello::testing;

namespace {

// The reference: every move sequence played out depth first, positions told apart by their
// canonical hash; the first sequence to reach a position is kept.
void depth_first(const Game& game, int plies, std::unordered_set<std::uint64_t>& seen,
                 std::vector<std::string>& out) {
    if (game.is_over()) return;
    if (plies == 0) {
        if (seen.insert(canonical_hash(game.current())).second) out.push_back(game.transcript());
        return;
    }
    const Position& p = game.current();
    for (int sq : Bits(p.has_legal_move() ? p.legal_moves() : p.pass().legal_moves())) {
        Game next = game;
        next.play_passing_if_needed(Square::from_index(sq));
        depth_first(next, plies - 1, seen, out);
    }
}

std::set<std::uint64_t> distinct_positions(const std::vector<Opening>& openings) {
    std::set<std::uint64_t> out;
    for (const auto& o : openings) out.insert(canonical_hash(o.game.current()));
    return out;
}

}  // namespace

TEST_CASE("opening enumeration: every distinct position, as a depth-first walk finds them") {
    for (int plies = 0; plies <= 6; ++plies) {
        CAPTURE(plies);
        std::unordered_set<std::uint64_t> seen;
        std::vector<std::string> expected;
        depth_first(Game(), plies, seen, expected);
        const auto listed = enumerate_openings(plies);
        REQUIRE(listed.size() == expected.size());
        for (std::size_t i = 0; i < listed.size(); ++i) {
            CHECK(listed[i].transcript == expected[i]);
            CHECK(static_cast<int>(listed[i].game.moves().size()) >= plies);
        }
        CHECK(distinct_opening_count(plies) == expected.size());
    }
    CHECK(distinct_opening_count(7) == 10649u);
    CHECK(distinct_opening_count(8) == 67245u);
    CHECK(distinct_opening_count(kMostEnumeratedPlies + 1) == std::nullopt);
}

TEST_CASE("random:K for a match that needs most of its positions lists them all") {
    // More than half of the 67,245 positions after 8 plies: listed, shuffled, cut to the match.
    const auto most = load_openings("random:8", 7, 40000);
    REQUIRE(most.size() == 40000);
    CHECK(distinct_positions(most).size() == 40000);
    for (const auto& o : most) REQUIRE(o.game.moves().size() == 8);
    const auto again = load_openings("random:8", 7, 40000);
    CHECK(again[12345].transcript == most[12345].transcript);  // seeded
    CHECK(load_openings("random:8", 8, 40000)[0].transcript != most[0].transcript);
    // More than there are: every one once, and a warning that counts them.
    const auto all = load_openings("random:8", 7, 100000);
    CHECK(all.size() == 67245);
    CHECK(distinct_positions(all).size() == 67245);
    CHECK(repeated_openings_warning("random:8", all.size(), 100000) ==
          "openings 'random:8': only 67,245 distinct positions exist after 8 plies (up to "
          "symmetry); the match's 100,000 opening pairs use each of them up to 2 times (random:9 "
          "and more plies have more positions)");
    CHECK(repeated_openings_warning("random:8", 40000, 40000).empty());
    CHECK(repeated_openings_warning("openings.txt", 5, 40000).empty());  // a file is what it is
}

TEST_CASE("balanced openings come from the shipped set: distinct, balanced, seeded") {
    const auto first = load_openings("balanced", 3, 20000);
    REQUIRE(first.size() == 20000);
    CHECK(distinct_positions(first).size() == 20000);
    for (std::size_t i = 0; i < first.size(); ++i) {
        REQUIRE(first[i].game.moves().size() == 8);
        if (i % 500 == 0) CHECK(is_balanced(first[i].game.current()));
    }
    CHECK(first[19999].name == "balanced#20000");
    const auto again = load_openings("balanced", 3, 20000);
    CHECK(again[777].transcript == first[777].transcript);
    CHECK(load_openings("balanced", 4, 20000)[777].transcript != first[777].transcript);
    // A shard or a resumed match asks for the same list: the same seed and size, the same list.
    CHECK(load_openings("balanced", 3, 5)[4].transcript ==
          load_openings("balanced", 3, 5)[4].transcript);

    // The shipped file is the computation's output: the first positions in enumeration order
    // are in it exactly when they are balanced.
    std::set<std::string> shipped;
    std::ifstream in(shipped_balanced_openings_path());
    for (std::string line; std::getline(in, line);) {
        if (!line.empty() && line[0] != '#') shipped.insert(line);
    }
    const auto all = enumerate_openings(kShippedBalancedPlies);
    int balanced = 0;
    for (std::size_t i = 0; i < 400; ++i) {
        const bool is = is_balanced(all[i].game.current());
        balanced += is;
        CHECK(shipped.count(all[i].transcript) == (is ? 1u : 0u));
    }
    CHECK(balanced > 0);
    const auto every = load_openings("balanced", 3, 100000);
    CHECK(every.size() == shipped.size());
    CHECK(repeated_openings_warning("balanced", every.size(), 100000)
              .starts_with("openings 'balanced': only "));
}

TEST_CASE("othello-match warns when a match must repeat generated openings") {
    const fs::path dir = temp_dir("match_scale_repeat");
    // 10,700 opening pairs from the 10,649 positions after 7 plies.
    const Run r = run_match(
        "--engine policy:random --engine policy:random --games 21400 --openings random:7 "
        "--concurrency 1",
        dir);
    CAPTURE(r.err);
    REQUIRE(r.status == 0);
    CHECK(r.err.find("othello-match: warning: openings 'random:7': only 10,649 distinct positions "
                     "exist after 7 plies (up to symmetry); the match's 10,700 opening pairs use "
                     "each of them up to 2 times") != std::string::npos);
    CHECK(r.out.find("21400 games") != std::string::npos);
    fs::remove_all(dir);
}

TEST_CASE("a shard plays the default openings the whole match gives its games") {
    const fs::path dir = temp_dir("match_scale_shard");
    const std::string match =
        "--engine policy:mobility --engine policy:random --games 24 --seed 5 ";
    REQUIRE(run_match(match + "--results " + (dir / "all.json").string(), dir).status == 0);
    REQUIRE(run_match(match + "--shard 1/3 --results " + (dir / "s.json").string(), dir).status ==
            0);
    auto games_by_id = [](const fs::path& path) {
        std::map<int, std::string> out;
        const nlohmann::json results = nlohmann::json::parse(slurp(path));
        for (const auto& g : results.at("games"))
            out[g.at("id").get<int>()] = g.at("opening").get<std::string>();
        return out;
    };
    const auto all = games_by_id(dir / "all.json");
    const auto shard = games_by_id(dir / "s.json");
    REQUIRE(all.size() == 24);
    REQUIRE(shard.size() == 8);
    std::set<std::string> distinct;
    for (const auto& [id, opening] : all) {
        CHECK(opening.size() == 16);
        distinct.insert(opening);
    }
    CHECK(distinct.size() == 12);  // each opening twice, colours swapped
    for (const auto& [id, opening] : shard) CHECK(all.at(id) == opening);
    fs::remove_all(dir);
}

TEST_CASE("--affinity pins each game slot's engine processes to its own CPUs") {
    const fs::path dir = temp_dir("match_scale_affinity");
    const std::vector<int> cpus = allowed_cpus();
    REQUIRE(!cpus.empty());
    const std::string engine = "cmd:" + kFake + " --name-cpus 1 --delay 0.005";
    // A protocol log of its own for each run: an existing log is appended to.
    auto args = [&](const std::string& log) {
        return "--engine '" + engine + "' --engine '" + engine +
               "' --openings random:4 --games 4 --concurrency 2 --log " + (dir / log).string();
    };
    // Each engine answers `name` with its CPU list; the protocol log has the answers by game.
    auto reported = [&](const Run& r, const std::string& log_name) {
        CAPTURE(r.err);
        REQUIRE(r.status == 0);
        std::set<std::string> lists;
        std::ifstream log(dir / log_name);
        for (std::string line; std::getline(log, line);) {
            const auto at = line.find("< = fake cpus=");
            if (at != std::string::npos) lists.insert(line.substr(at + 14));
        }
        return lists;
    };
    const std::set<std::string> unpinned = reported(run_match(args("free.log"), dir), "free.log");
    CHECK(unpinned == std::set<std::string>{cpu_list_text(cpus)});

    const Run pinned_run = run_match(args("pinned.log") + " --affinity", dir);
    const std::set<std::string> pinned = reported(pinned_run, "pinned.log");
    const std::set<std::string> slots{cpu_list_text(cpus_for_slot(cpus, 0, 2)),
                                      cpu_list_text(cpus_for_slot(cpus, 1, 2))};
    CHECK(!pinned.empty());
    for (const auto& list : pinned) CHECK(slots.count(list) == 1);
    if (cpus.size() >= 2) {
        CHECK(pinned.count(cpu_list_text(cpus)) == 0);  // narrower than the whole machine
        CHECK(pinned_run.err.find("share a CPU") == std::string::npos);
    } else {
        CHECK(pinned_run.err.find("2 games at a time on 1 CPU") != std::string::npos);
    }
    fs::remove_all(dir);
}

TEST_CASE("cpu shares: consecutive equal shares, or one CPU each round-robin when too few") {
    const std::vector<int> four{0, 1, 2, 3};
    CHECK(cpus_for_slot(four, 0, 2) == std::vector<int>{0, 1});
    CHECK(cpus_for_slot(four, 1, 2) == std::vector<int>{2, 3});
    CHECK(cpus_for_slot(four, 0, 3) == std::vector<int>{0, 1});
    CHECK(cpus_for_slot(four, 2, 3) == std::vector<int>{3});
    CHECK(cpus_for_slot({0, 1}, 2, 3) == std::vector<int>{0});
    CHECK(cpus_for_slot({4, 6}, 1, 2) == std::vector<int>{6});
    CHECK(cpu_list_text({0, 1, 2, 5, 7, 8}) == "0-2,5,7-8");
}
