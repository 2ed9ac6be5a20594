// ResultsSummary: standings to JSON.
#include "match/results_summary.h"

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
    return {{"games", st.games()}, {"engines", engines}, {"reasons", st.reasons()}};
}

}  // namespace othello
