// ResultsSummary: standings to JSON.
#include "match/stats/results_summary.h"

#include <nlohmann/json.hpp>

#include "match/stats/ratings.h"

namespace othello {

nlohmann::json results_summary(const Standings& st) {
    nlohmann::json engines = nlohmann::json::array();
    for (std::size_t e = 0; e < st.names().size(); ++e) {
        const EngineTally& t = st.tally(static_cast<int>(e));
        engines.push_back({{"name", st.names()[e]},
                           {"games", t.total.games()},
                           {"wins", t.total.wins},
                           {"losses", t.total.losses},
                           {"draws", t.total.draws},
                           {"score", t.total.score()}});
    }
    return {{"games", st.games()},
            {"engines", engines},
            {"reasons", st.reasons()},
            {"repeated_games", st.repeated_games()}};
}

nlohmann::json results_ratings(const Standings& st) {
    if (st.names().size() < 3) return nullptr;
    nlohmann::json list = nlohmann::json::array();
    for (const Rating& r : joint_ratings(st).ratings)
        list.push_back({{"engine", r.engine}, {"elo", r.elo}, {"error", r.error}});
    return list;
}

}  // namespace othello
