// Expert agreement, measured on the shipped weights: the regression policy picks the expert's
// move at a good share of WTHOR positions it was never trained on.
#include <doctest/doctest.h>

#include <filesystem>

#include "engine/patterns/regression_policy.h"
#include "engine/wthor.h"
#include "training/expert_agreement.h"

using namespace othello;
using namespace othello::patterns;
using namespace othello::training;

TEST_CASE("the shipped weights agree with the experts on held-out WTHOR games") {
    const WthorFile file =
        read_wthor(std::filesystem::path(OTHELLO_TEST_DATA) / "wthor/WTH_2018.wtb");
    std::vector<Game> games;
    for (std::size_t i = 0; i < 200 && i < file.games.size(); ++i)
        games.push_back(replay(file.games[i]));
    RegressionPolicy policy(shared_weights(default_weights_path()), 1);
    const Agreement a = expert_agreement(policy, games);
    MESSAGE("expert agreement on 200 games of 2018: " << 100 * a.share() << "% of " << a.positions);
    CHECK(a.positions > 8000);
    CHECK(a.share() > 0.40);
}
