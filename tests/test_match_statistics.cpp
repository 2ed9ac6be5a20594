// Match statistics, standings, schedules, engine specs and openings against hand-computed values.
#include <doctest/doctest.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <set>

#include "match/players/engine_spec.h"
#include "match/run/openings.h"
#include "match/run/schedule.h"
#include "match/stats/standings.h"
#include "match/stats/statistics.h"

using namespace othello;

TEST_CASE("trinomial Elo, interval and LOS match hand computation") {
    // W 60, D 20, L 20: s = 0.7, var = 0.6*0.09 + 0.2*0.04 + 0.2*0.49 = 0.16, SE = 0.04.
    const WinDrawLoss r{60, 20, 20};
    const EloEstimate e = trinomial_elo(r);
    CHECK(e.score == doctest::Approx(0.7));
    CHECK(e.standard_error == doctest::Approx(0.04));
    CHECK(e.elo == doctest::Approx(147.1907).epsilon(1e-6));
    CHECK(e.lower == doctest::Approx(86.2250).epsilon(1e-6));  // Elo(0.7 - 1.96*0.04)
    CHECK(e.upper == doctest::Approx(218.2518).epsilon(1e-6));
    // LOS = 0.5 (1 + erf(4 / sqrt(40))) for W 12, L 8.
    CHECK(likelihood_of_superiority({12, 5, 8}) == doctest::Approx(0.814453).epsilon(1e-5));
    CHECK(likelihood_of_superiority({0, 3, 0}) == 0.5);
    CHECK(elo_from_score(0.5) == 0);
    CHECK(std::isinf(elo_from_score(1.0)));
    CHECK(score_from_elo(elo_from_score(0.3)) == doctest::Approx(0.3));
}

TEST_CASE("pentanomial Elo matches hand computation") {
    // Pair counts 1,2,3,4,5 over scores 0,1/4,1/2,3/4,1: mean 2/3, var 0.0972222, SE 0.0805076.
    Pentanomial p;
    p.counts = {1, 2, 3, 4, 5};
    const EloEstimate e = pentanomial_elo(p);
    CHECK(e.score == doctest::Approx(2.0 / 3));
    CHECK(e.standard_error == doctest::Approx(0.0805076).epsilon(1e-5));
    CHECK(e.elo == doctest::Approx(120.41200).epsilon(1e-6));
    CHECK(e.lower == doctest::Approx(6.16733).epsilon(1e-4));
    CHECK(e.upper == doctest::Approx(268.71591).epsilon(1e-6));
}

TEST_CASE("SPRT log-likelihood ratio and decisions") {
    const WinDrawLoss r{60, 20, 20};
    SprtParameters sprt{0, 10, 0.05, 0.05};
    CHECK(sprt.lower_bound() == doctest::Approx(-2.944439));
    CHECK(sprt.upper_bound() == doctest::Approx(2.944439));
    CHECK(sprt_llr(r, sprt) == doctest::Approx(1.733713).epsilon(1e-5));
    CHECK(sprt_decide(sprt_llr(r, sprt), sprt) == SprtDecision::Continue);
    sprt.elo1 = 100;
    CHECK(sprt_llr(r, sprt) == doctest::Approx(11.377436).epsilon(1e-5));
    CHECK(sprt_decide(sprt_llr(r, sprt), sprt) == SprtDecision::AcceptH1);
    sprt = {200, 300, 0.05, 0.05};
    CHECK(sprt_llr(r, sprt) == doctest::Approx(-5.824186).epsilon(1e-5));
    CHECK(sprt_decide(sprt_llr(r, sprt), sprt) == SprtDecision::AcceptH0);
    CHECK(sprt_llr(WinDrawLoss{}, sprt) == 0);
}

namespace {

GameRecord game(int pair, const char* black, const char* white, Winner w, int bd, int wd) {
    GameRecord r;
    r.pair = pair;
    r.black = black;
    r.white = white;
    r.winner = w;
    r.black_discs = bd;
    r.white_discs = wd;
    r.reason = Outcome::Normal;
    return r;
}

}  // namespace

TEST_CASE("standings count colours, disc differences and pentanomial pairs") {
    Standings st({"a", "b"});
    st.add(game(0, "a", "b", Winner::Black, 40, 20));  // a wins as black by 20 (+4 empties)
    st.add(game(0, "b", "a", Winner::Draw, 32, 32));   // pair 0: a has 1.5 points -> index 3
    st.add(game(1, "a", "b", Winner::White, 10, 50));  // a loses by 40 (+4 empties)
    st.add(game(1, "b", "a", Winner::Black, 64, 0));   // pair 1: a has 0 points -> index 0
    st.add(game(2, "a", "b", Winner::Black, 33, 31));  // pair 2 is still open
    CHECK(st.games() == 5);
    CHECK(st.tally(0).total.wins == 2);
    CHECK(st.tally(0).total.losses == 2);
    CHECK(st.tally(0).total.draws == 1);
    CHECK(st.tally(0).as_black.wins == 2);
    CHECK(st.tally(0).as_white.draws == 1);
    CHECK(st.tally(0).disc_difference_sum == 24 + 0 - 44 - 64 + 2);
    CHECK(st.tally(1).disc_difference_sum == -(24 + 0 - 44 - 64 + 2));
    const Pentanomial p = st.pentanomial(0, 1);
    CHECK(p.counts == std::array<long, 5>{1, 0, 0, 1, 0});
    CHECK(st.pentanomial(1, 0).counts == std::array<long, 5>{0, 1, 0, 0, 1});
    CHECK(st.head_to_head(1, 0).wins == 2);
}

TEST_CASE("outcomes map one to one onto the results' reason strings") {
    const std::vector<std::pair<Outcome, std::string>> all = {
        {Outcome::Normal, "normal"},
        {Outcome::IllegalMove, "illegal move"},
        {Outcome::MalformedReply, "malformed reply"},
        {Outcome::Crash, "crash"},
        {Outcome::Timeout, "timeout"},
        {Outcome::Disconnection, "disconnection"},
        {Outcome::TimeForfeit, "time forfeit"},
        {Outcome::Adjudicated, "adjudicated"},
        {Outcome::PolicyError, "policy error"}};
    for (const auto& [outcome, name] : all) {
        CHECK(to_string(outcome) == name);
        CHECK(outcome_from_string(name) == outcome);
        CHECK(is_forfeit(outcome) == (name != "normal" && name != "adjudicated"));
    }
    CHECK_THROWS_WITH_AS(outcome_from_string("resigned"),
                         doctest::Contains("game reason 'resigned' is not one of: normal"),
                         std::invalid_argument);
}

TEST_CASE("the final margin gives the empty squares to the winner, forfeits included") {
    CHECK(black_final_margin(game(0, "a", "b", Winner::Black, 40, 20)) == 24);
    CHECK(black_final_margin(game(0, "a", "b", Winner::White, 20, 40)) == -24);
    CHECK(black_final_margin(game(0, "a", "b", Winner::Draw, 32, 32)) == 0);
    // Black won by forfeit while 10 discs behind with 30 empty squares: level, then the empties.
    CHECK(black_final_margin(game(0, "a", "b", Winner::Black, 12, 22)) == 30);
    CHECK(black_final_margin(game(0, "a", "b", Winner::White, 22, 12)) == -30);
    // The engine's own rule is the same function: games played by always taking the first legal
    // square (a pass when none) end in every kind of result.
    for (int skip = 0; skip < 8; ++skip) {
        Game played;
        for (int ply = 0; !played.is_over(); ++ply) {
            const Bitboard moves = played.current().legal_moves();
            if (!moves) {
                played.play(Move::pass());
                continue;
            }
            std::vector<int> squares;
            for (int sq : Bits(moves)) squares.push_back(sq);
            played.play(Square::from_index(squares[(ply * skip) % squares.size()]));
        }
        const Position& end = played.current();
        GameRecord r;
        r.black_discs = end.disc_count(Color::Black);
        r.white_discs = end.disc_count(Color::White);
        r.winner = r.black_discs > r.white_discs   ? Winner::Black
                   : r.black_discs < r.white_discs ? Winner::White
                                                   : Winner::Draw;
        CHECK(black_final_margin(r) == end.final_disc_difference(Color::Black));
    }
}

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
    PolicyOptions unusual;
    unusual.seed = 99;
    unusual.book_path = "my.db";
    unusual.book_randomness = 2.5;
    unusual.weights_path = "my.bin";
    unusual.temperature = 0.25;
    unusual.network_path = "my-network.bin";
    unusual.value_weight = 0.5;
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

    const auto named = load_openings(OTHELLO_SHARED_DATA "/openings/named-openings.tsv", 1, 100);
    CHECK(named.size() == 71);
    CHECK(!named[0].name.empty());
    // Only the openings a match needs are read.
    CHECK(load_openings(OTHELLO_SHARED_DATA "/openings/named-openings.tsv", 1, 5).size() == 5);
    const auto sample =
        load_openings(OTHELLO_SHARED_DATA "/openings/named-openings.tsv", 1, 71, true);
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
