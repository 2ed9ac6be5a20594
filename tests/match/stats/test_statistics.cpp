// Elo, SPRT and pentanomial statistics and the standings against hand-computed values, and
// --sprt's text read into its parameters.
#include <doctest/doctest.h>

#include <cmath>

#include "match/stats/standings.h"
#include "match/stats/statistics.h"
#include "tests/match/record/record_test_support.h"

using namespace othello;
using othello::testing::game;

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

TEST_CASE(
    "--sprt's text: any subset of the keys, each once, the rest default; errors name the item") {
    const SprtParameters defaults;
    const SprtParameters p = parse_sprt("elo1=10,alpha=0.1,model=normalized");
    CHECK(p.elo0 == defaults.elo0);
    CHECK(p.elo1 == 10);
    CHECK(p.alpha == 0.1);
    CHECK(p.beta == defaults.beta);
    CHECK(p.model == SprtModel::Normalized);
    CHECK(parse_sprt("").elo1 == defaults.elo1);
    CHECK_THROWS_WITH_AS(parse_sprt("elo1=5,elo1=6"), "--sprt 'elo1=5,elo1=6': 'elo1' given twice",
                         std::invalid_argument);
    CHECK_THROWS_WITH_AS(parse_sprt("elo2=5"),
                         "--sprt: unknown key 'elo2' (known: elo0, elo1, alpha, beta, model)",
                         std::invalid_argument);
    CHECK_THROWS_WITH_AS(parse_sprt("elo1=5x"),
                         "--sprt 'elo1=5x': expected key=number at 'elo1=5x'",
                         std::invalid_argument);
    CHECK_THROWS_WITH_AS(parse_sprt("alpha"), "--sprt 'alpha': expected key=number at 'alpha'",
                         std::invalid_argument);
    CHECK_THROWS_WITH_AS(parse_sprt("elo0=5,elo1=5"),
                         "--sprt 'elo0=5,elo1=5': need 0 < alpha, beta < 1 and finite elo0 != elo1",
                         std::invalid_argument);
    CHECK_THROWS_WITH_AS(parse_sprt("beta=1"), doctest::Contains("need 0 < alpha, beta < 1"),
                         std::invalid_argument);
    CHECK_THROWS_WITH_AS(parse_sprt("model=gaussian"),
                         doctest::Contains("--sprt 'model=gaussian': "), std::invalid_argument);
}

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
