// Report page data: the games' rows and chart points kept as added; the sections of the
// standings put together when the page is written.
#include "match/report/report_page_data.h"

#include <sstream>
#include <utility>

#include "match/report/page_numbers.h"
#include "match/report/script_json.h"
#include "match/stats/results_summary.h"

namespace othello {

namespace {

nlohmann::json elo_json(const EloEstimate& e) {
    return {{"elo", finite_or_null(e.elo)},
            {"lower", finite_or_null(e.lower)},
            {"upper", finite_or_null(e.upper)}};
}

nlohmann::json tally_json(const WinDrawLoss& r) {
    return {{"games", r.games()}, {"wins", r.wins}, {"losses", r.losses}, {"draws", r.draws}};
}

nlohmann::json standings_json(const Standings& st, const std::vector<std::string>& engines) {
    nlohmann::json standings = nlohmann::json::array();
    for (std::size_t e = 0; e < engines.size(); ++e) {
        const EngineTally& t = st.tally(static_cast<int>(e));
        standings.push_back(
            {{"name", engines[e]},
             {"total", tally_json(t.total)},
             {"black", tally_json(t.as_black)},
             {"white", tally_json(t.as_white)},
             {"score", rounded(t.total.score(), 4)},
             {"disc_diff",
              rounded(t.total.games() ? double(t.disc_difference_sum) / t.total.games() : 0.0, 2)},
             {"elo", elo_json(trinomial_elo(t.total))}});
    }
    return standings;
}

nlohmann::json pairs_json(const Standings& st, int n) {
    nlohmann::json pairs = nlohmann::json::array();
    for (int a = 0; a < n; ++a) {
        for (int b = a + 1; b < n; ++b) {
            const WinDrawLoss r = st.head_to_head(a, b);
            if (r.games() == 0) continue;
            const Pentanomial p = st.pentanomial(a, b);
            nlohmann::json pair = {{"a", a},
                                   {"b", b},
                                   {"result", tally_json(r)},
                                   {"score", rounded(r.score(), 4)},
                                   {"elo", elo_json(trinomial_elo(r))},
                                   {"los", rounded(likelihood_of_superiority(r), 4)}};
            if (p.pairs() > 0) {
                pair["pentanomial"] = p.counts;
                pair["pentanomial_elo"] = elo_json(pentanomial_elo(p));
            }
            pairs.push_back(std::move(pair));
        }
    }
    return pairs;
}

nlohmann::json sprt_json(const Standings& st, const SprtParameters& s) {
    const double llr = sprt_llr_of(st, s);
    const SprtDecision d = sprt_decide(llr, s);
    return {{"elo0", s.elo0},
            {"elo1", s.elo1},
            {"alpha", s.alpha},
            {"beta", s.beta},
            {"lower", rounded(s.lower_bound(), 3)},
            {"upper", rounded(s.upper_bound(), 3)},
            {"llr", rounded(llr, 3)},
            {"decision", d == SprtDecision::AcceptH1   ? "H1 accepted"
                         : d == SprtDecision::AcceptH0 ? "H0 accepted"
                                                       : "undecided"}};
}

}  // namespace

ReportPageData::ReportPageData(ReportPageSetup setup, long final_games)
    : setup_(std::move(setup)),
      table_(setup_.engines),
      series_(static_cast<int>(setup_.engines.size()), setup_.sprt, final_games) {}

void ReportPageData::add(const GameRecord& r, const Standings& standings) {
    // The page's engines are the standings': an engine's index is the same in both.
    if (table_.add(r))
        series_.add(table_.engine_index(r.black), table_.engine_index(r.white), standings);
}

void ReportPageData::write(std::ostream& out, const Standings& standings,
                           const nlohmann::json& ratings, bool finished) const {
    const int n = static_cast<int>(setup_.engines.size());
    nlohmann::json data = {{"engines", setup_.engines},
                           {"finished", finished},
                           {"planned_games", setup_.planned_games},
                           {"settings", setup_.settings},
                           {"standings", standings_json(standings, setup_.engines)},
                           {"pairs", pairs_json(standings, n)},
                           {"reasons", table_.reasons()},
                           {"reason_counts", standings.reasons()},
                           {"openings", table_.openings()},
                           {"series", series_.json()},
                           {"game_fields", table_.field_names()},
                           {"games", nullptr}};  // its place: the rows are kept as text
    // The joint rating list: the results' own, else computed here.
    const nlohmann::json list = ratings.is_array() ? ratings : results_ratings(standings);
    if (list.is_array() && !list.empty()) data["ratings"] = list;
    if (setup_.sprt && n == 2) data["sprt"] = sprt_json(standings, *setup_.sprt);
    // The object as nlohmann writes it compactly (its keys in order), the rows in their place.
    out << '{';
    bool first = true;
    for (const auto& [key, value] : data.items()) {
        out << (first ? "" : ",") << json_for_script_block(key) << ':';
        first = false;
        if (key == "games") {
            out << '[';
            table_.write_rows(out);
            out << ']';
        } else {
            out << json_for_script_block(value);
        }
    }
    out << '}';
}

std::string ReportPageData::text(const Standings& standings, const nlohmann::json& ratings,
                                 bool finished) const {
    std::ostringstream out;
    write(out, standings, ratings, finished);
    return out.str();
}

}  // namespace othello
