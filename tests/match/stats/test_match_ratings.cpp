// Joint ratings against cases worked out by hand: scores that fit the Elo model exactly, the
// two-engine closed form, draws as half points, and the virtual draws of a perfect score; and
// the errors of a chain of versions and of random pairings against the exact pseudo-inverse.
#include <doctest/doctest.h>

#include <cmath>
#include <map>

#include "engine/rng.h"
#include "match/stats/laplacian_pseudo_inverse.h"
#include "match/stats/ratings.h"

using namespace othello;

namespace {

const double kScale = std::log(10.0) / 400;  // Elo to natural-log odds

// `wins`, `draws` and `losses` of a against b, played alternately as black and white.
void play(Standings& st, const std::string& a, const std::string& b, int wins, int draws,
          int losses) {
    static int next_pair = 0;
    int pair = 0;
    const auto add = [&](Winner for_a, int count) {
        for (int i = 0; i < count; ++i) {
            GameRecord r;
            r.pair = next_pair++;  // a pair id of its own: no two games form a pair
            const bool a_black = ++pair % 2 == 0;
            r.black = a_black ? a : b;
            r.white = a_black ? b : a;
            r.winner = for_a == Winner::Draw                 ? Winner::Draw
                       : (for_a == Winner::Black) == a_black ? Winner::Black
                                                             : Winner::White;
            st.add(r);
        }
    };
    add(Winner::Black, wins);  // Winner::Black stands for "a wins" here
    add(Winner::Draw, draws);
    add(Winner::White, losses);
}

const Rating& rating_of(const RatingList& list, const std::string& engine) {
    for (const auto& r : list.ratings)
        if (r.engine == engine) return r;
    FAIL("no rating for " << engine);
    throw;
}

}  // namespace

TEST_CASE("ratings: three engines whose scores fit the model exactly") {
    // 75% is 400 log10(3) = 190.85 Elo; 90% is 400 log10(9), twice that: the scores A-B 15/20,
    // B-C 15/20 and A-C 18/20 are the model's own, so the likelihood is maximal at A = +190.85,
    // B = 0, C = -190.85 (mean 0).
    Standings st({"C", "A", "B"});
    play(st, "A", "B", 15, 0, 5);
    play(st, "B", "C", 15, 0, 5);
    play(st, "A", "C", 18, 0, 2);
    const RatingList list = joint_ratings(st);
    REQUIRE(list.ratings.size() == 3);
    CHECK_FALSE(list.virtual_draws);
    const double d = 400 * std::log10(3.0);
    CHECK(list.ratings[0].engine == "A");  // best first
    CHECK(list.ratings[1].engine == "B");
    CHECK(list.ratings[2].engine == "C");
    CHECK(list.ratings[0].elo == doctest::Approx(d).epsilon(1e-9));
    CHECK(list.ratings[1].elo == doctest::Approx(0).epsilon(1e-9));
    CHECK(list.ratings[2].elo == doctest::Approx(-d).epsilon(1e-9));
    CHECK(list.ratings[0].games == 40);
    CHECK(list.ratings[0].score == doctest::Approx(33.0 / 40));
    // Errors: the information matrix is k^2 times the weighted Laplacian with weights
    // n p (1 - p): 20 * 0.75 * 0.25 = 3.75 for A-B and B-C, 20 * 0.9 * 0.1 = 1.8 for A-C. Its
    // eigenvectors orthogonal to (1, 1, 1) are (1, 0, -1)/sqrt2 with eigenvalue 3.75 + 2 * 1.8 =
    // 7.35 and (1, -2, 1)/sqrt6 with 3 * 3.75 = 11.25. The variance of B is (4/6) / 11.25 / k^2,
    // that of A and C (1/2) / 7.35 / k^2 + (1/6) / 11.25 / k^2; errors are 1.96 standard errors.
    const double error_b = 1.96 * std::sqrt((4.0 / 6) / 11.25) / kScale;
    const double error_a = 1.96 * std::sqrt(0.5 / 7.35 + (1.0 / 6) / 11.25) / kScale;
    CHECK(rating_of(list, "B").error == doctest::Approx(error_b).epsilon(1e-9));
    CHECK(rating_of(list, "A").error == doctest::Approx(error_a).epsilon(1e-9));
    CHECK(rating_of(list, "C").error == doctest::Approx(error_a).epsilon(1e-9));
    CHECK(error_b == doctest::Approx(82.9).epsilon(1e-3));
}

TEST_CASE("ratings: two engines give the match's own Elo difference, draws as half points") {
    Standings st({"x", "y"});
    play(st, "x", "y", 10, 10, 0);  // 15 of 20 points: 75%
    const RatingList list = joint_ratings(st);
    REQUIRE(list.ratings.size() == 2);
    const double d = 400 * std::log10(3.0);
    CHECK(list.ratings[0].engine == "x");
    CHECK(list.ratings[0].elo == doctest::Approx(d / 2).epsilon(1e-9));
    CHECK(list.ratings[1].elo == doctest::Approx(-d / 2).epsilon(1e-9));
    // Closed form: the variance of each is 1 / (4 n p (1 - p) k^2).
    const double error = 1.96 / (2 * kScale * std::sqrt(20 * 0.75 * 0.25));
    CHECK(list.ratings[0].error == doctest::Approx(error).epsilon(1e-9));
    CHECK(list.ratings[1].error == doctest::Approx(error).epsilon(1e-9));
}

TEST_CASE("ratings: a perfect score gets one virtual draw per pair and stays finite") {
    Standings st({"strong", "middle", "weak", "absent"});
    play(st, "strong", "middle", 10, 0, 0);
    play(st, "strong", "weak", 10, 0, 0);
    play(st, "middle", "weak", 6, 0, 4);
    const RatingList list = joint_ratings(st);
    CHECK(list.virtual_draws);
    REQUIRE(list.ratings.size() == 3);  // "absent" played no game
    CHECK(list.ratings[0].engine == "strong");
    CHECK(list.ratings[1].engine == "middle");
    CHECK(list.ratings[2].engine == "weak");
    double sum = 0;
    for (const auto& r : list.ratings) {
        CHECK(std::isfinite(r.elo));
        CHECK(std::isfinite(r.error));
        CHECK(r.error > 0);
        sum += r.elo;
    }
    CHECK(sum == doctest::Approx(0).epsilon(1e-9));
    // With the virtual draws, strong scored 10.5 of 11 against each: far above, not infinitely.
    CHECK(list.ratings[0].elo - list.ratings[1].elo > 300);
    CHECK(list.ratings[0].elo - list.ratings[1].elo < 800);
}

namespace {

// The errors the information's pseudo-inverse gives for `list`'s own ratings, computed here by
// the exact elimination with no work limit.
std::map<std::string, double> errors_from_information(const Standings& st, const RatingList& list) {
    std::map<std::string, double> elo;
    for (const Rating& r : list.ratings) elo[r.engine] = r.elo;
    std::map<std::string, int> vertex;
    for (const Rating& r : list.ratings) vertex.emplace(r.engine, static_cast<int>(vertex.size()));
    std::vector<WeightedEdge> edges;
    for (const auto& [a, b] : st.pairings()) {
        const std::string &name_a = st.names()[a], &name_b = st.names()[b];
        const double q = 1 / (1 + std::exp(-kScale * (elo[name_a] - elo[name_b])));
        const double games = static_cast<double>(st.head_to_head(a, b).games());
        edges.push_back({vertex[name_a], vertex[name_b], games * q * (1 - q) * kScale * kScale});
    }
    const std::vector<double> variance =
        laplacian_pseudo_inverse_diagonal(GraphLaplacian(vertex.size(), edges), 1e15).value();
    std::map<std::string, double> errors;
    for (const auto& [name, v] : vertex) errors[name] = 1.96 * std::sqrt(variance[v]);
    return errors;
}

}  // namespace

TEST_CASE("ratings: a chain of versions, each played only by the next, and random pairings") {
    Rng rng(11);
    // A chain of 60 and random pairings of 300 engines, about 10 opponents each: the errors are
    // those of the information's exact pseudo-inverse at the ratings found.
    for (const bool chain : {true, false}) {
        const int engines = chain ? 60 : 300;
        auto name = [](int e) { return "v" + std::to_string(e); };
        std::vector<std::string> names;
        for (int e = 0; e < engines; ++e) names.push_back(name(e));
        Standings st(names);
        for (int a = chain ? 1 : 0; a < engines; ++a) {
            for (int k = 0; k < (chain ? 1 : 5); ++k) {
                int b = chain ? a - 1 : static_cast<int>(rng.below(engines - 1u));
                if (!chain && b >= a) ++b;
                play(st, name(a), name(b), 2 + static_cast<int>(rng.below(4)), 1,
                     1 + static_cast<int>(rng.below(3)));
            }
        }
        const RatingList list = joint_ratings(st);
        CAPTURE(chain);
        REQUIRE(list.ratings.size() == static_cast<std::size_t>(engines));
        CHECK_FALSE(list.virtual_draws);
        const std::map<std::string, double> errors = errors_from_information(st, list);
        for (const Rating& r : list.ratings) {
            CAPTURE(r.engine);
            CHECK(r.error == doctest::Approx(errors.at(r.engine)).epsilon(1e-6));
        }
        if (chain) {
            // Each rating is measured against the mean, so the chain's ends know least.
            CHECK(rating_of(list, "v0").error > rating_of(list, "v30").error);
            CHECK(rating_of(list, "v59").error > rating_of(list, "v30").error);
        }
    }
}
