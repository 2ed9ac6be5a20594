// Report page data: one pass over the records with a Standings, sampling the series as it goes.
#include "match/report/report_page_data.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <stdexcept>
#include <utility>

#include "match/record/game_record_schema.h"
#include "match/results/results_file.h"
#include "match/stats/results_summary.h"
#include "match/stats/standings.h"

namespace othello {

namespace {

// Square index (a1 = 0, b1 = 1, ..., h8 = 63) -> character; all are JSON- and HTML-safe.
constexpr std::string_view kMoveAlphabet =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

// At most this many points per line chart: a 10,000-game match stays a small page.
constexpr long kSeriesPoints = 400;

// JSON has no infinity: an unbounded Elo end is written as null and drawn as an open end.
nlohmann::json finite_or_null(double x) {
    return std::isfinite(x) ? nlohmann::json(std::round(x * 10) / 10.0) : nlohmann::json(nullptr);
}

// Rounded to `decimals` places; dividing by an exact power of ten keeps the printed form short.
nlohmann::json rounded(double x, int decimals) {
    const double scale = std::pow(10.0, decimals);
    return std::round(x * scale) / scale;
}

nlohmann::json elo_json(const EloEstimate& e) {
    return {{"elo", finite_or_null(e.elo)},
            {"lower", finite_or_null(e.lower)},
            {"upper", finite_or_null(e.upper)}};
}

nlohmann::json tally_json(const WinDrawLoss& r) {
    return {{"games", r.games()}, {"wins", r.wins}, {"losses", r.losses}, {"draws", r.draws}};
}

std::optional<SprtParameters> sprt_from_settings(const nlohmann::json& settings) {
    if (!settings.is_object() || !settings.contains("sprt")) return std::nullopt;
    const nlohmann::json& s = settings["sprt"];
    if (s.is_string()) return parse_sprt(s.get<std::string>());
    if (!s.is_object()) return std::nullopt;
    SprtParameters p;
    p.elo0 = s.value("elo0", p.elo0);
    p.elo1 = s.value("elo1", p.elo1);
    p.alpha = s.value("alpha", p.alpha);
    p.beta = s.value("beta", p.beta);
    if (s.contains("model") && s["model"].is_string())
        p.model = sprt_model_from_string(s["model"].get<std::string>());
    return p;
}

double llr_of(const Standings& st, const SprtParameters& sprt) {
    const Pentanomial p = st.pentanomial(0, 1);
    return p.pairs() > 0 ? sprt_llr(p, sprt) : sprt_llr(st.head_to_head(0, 1), sprt);
}

// Per-move figures, scaled (seconds to milliseconds) and rounded (0 decimals: integers); dropped
// when they say nothing once rounded (all zero or null, as for in-process players).
nlohmann::json compact_numbers(const nlohmann::json& values, double scale, int decimals) {
    if (!values.is_array()) return nullptr;
    bool informative = false;
    nlohmann::json out = nlohmann::json::array();
    for (const auto& v : values) {
        if (v.is_number()) {
            const double x = v.get<double>() * scale;
            nlohmann::json y =
                decimals == 0 ? nlohmann::json(std::lround(x)) : rounded(x, decimals);
            informative = informative || y != 0;
            out.push_back(std::move(y));
        } else {
            out.push_back(nullptr);
        }
    }
    return informative ? out : nlohmann::json(nullptr);
}

// The page draws the rating list as it is: a list whose entries are not {engine: string, elo:
// number, error: number} would be drawn half, so it is refused here, saying where.
const nlohmann::json& checked_ratings(const nlohmann::json& ratings) {
    if (ratings.is_null()) return ratings;
    if (!ratings.is_array())
        throw std::runtime_error("\"ratings\" is " + std::string(ratings.type_name()) +
                                 ", not a list");
    for (std::size_t i = 0; i < ratings.size(); ++i) {
        const nlohmann::json& r = ratings[i];
        const auto wrong = [&](const std::string& what) {
            return std::runtime_error("\"ratings\"[" + std::to_string(i) + "] " + what);
        };
        if (!r.is_object()) throw wrong("is " + std::string(r.type_name()) + ", not an object");
        if (!r.contains("engine") || !r["engine"].is_string())
            throw wrong("has no \"engine\" name");
        for (const char* number : {"elo", "error"}) {
            if (!r.contains(number) || !r[number].is_number()) {
                throw wrong(std::string("\"") + number + "\" is " +
                            (r.contains(number) ? std::string(r[number].type_name()) : "missing") +
                            ", not a number");
            }
        }
    }
    return ratings;
}

// What a game row refers to by index: the page's engines, its opening and its reason.
struct GameIndexes {
    const std::vector<std::string>& engines;
    int opening;
    int reason;
};

// A field's column in the page's game rows (PageForm says how).
nlohmann::json page_cell(const GameRecordField& f, const GameRecord& r, const GameIndexes& ix) {
    const nlohmann::json value = f.write(r);
    switch (f.page) {
        case PageForm::None:
        case PageForm::AsIs:
            return value;
        case PageForm::Engine:
            return std::find(ix.engines.begin(), ix.engines.end(), value.get<std::string>()) -
                   ix.engines.begin();
        case PageForm::Opening:
            return ix.opening;
        case PageForm::Moves:
            return compact_moves(value.get<std::string>());
        case PageForm::Winner:
            return static_cast<int>(winner_from_string(value.get<std::string>()));
        case PageForm::Reason:
            return ix.reason;
        case PageForm::ForfeitText:
            return r.reason == Outcome::Normal ? nlohmann::json("") : value;
        case PageForm::Seconds:
            return rounded(value.get<double>(), 2);
        case PageForm::Milliseconds:
            return compact_numbers(value, 1000, 0);
        case PageForm::Evals:
            return compact_numbers(value, 1, 2);
    }
    return value;
}

}  // namespace

std::string compact_moves(const std::string& transcript) {
    std::string out;
    for (std::size_t i = 0; i < transcript.size();) {
        const char c = static_cast<char>(std::tolower(static_cast<unsigned char>(transcript[i])));
        const char d = i + 1 < transcript.size() ? transcript[i + 1] : '\0';
        if (c >= 'a' && c <= 'h' && d >= '1' && d <= '8') {
            out += kMoveAlphabet[(d - '1') * 8 + (c - 'a')];
            i += 2;
        } else {
            ++i;  // spaces and written passes ("pass", "PA"): the viewer passes by itself
        }
    }
    return out;
}

ReportInput report_input_from_results(nlohmann::json results) {
    if (!results.is_object() || !results.contains("games") || !results["games"].is_array())
        throw std::runtime_error("not a results file: no \"games\" array");
    ReportInput in;
    in.games = std::move(results["games"]);  // a million games' records are not copied
    if (results.contains("config") && results["config"].is_object())
        in.settings = results["config"];
    if (results.contains("ratings")) in.ratings = checked_ratings(results["ratings"]);
    // The engines' order: the summary's, else the configuration's, else first appearance.
    auto add_name = [&](const std::string& name) {
        if (std::find(in.engines.begin(), in.engines.end(), name) == in.engines.end())
            in.engines.push_back(name);
    };
    if (results.contains("summary") && results["summary"].contains("engines")) {
        for (const auto& e : results["summary"]["engines"])
            if (e.contains("name")) add_name(e["name"].get<std::string>());
    }
    if (in.engines.empty() && in.settings.contains("engines")) {
        for (const auto& e : in.settings["engines"])
            if (e.is_object() && e.contains("name")) add_name(e["name"].get<std::string>());
    }
    for (std::size_t i = 0; i < in.games.size(); ++i) {
        try {
            const GameRecord r = record_from_json(in.games[i]);
            add_name(r.black);
            add_name(r.white);
        } catch (const std::exception& e) {
            throw std::runtime_error("game " + std::to_string(i + 1) +
                                     " of \"games\": " + e.what());
        }
    }
    in.sprt = sprt_from_settings(in.settings);
    return in;
}

namespace {

// The game table, its openings and its reasons, a game at a time; openings and reasons are
// indexes into their own lists, as a balanced opening set has thousands of openings.
struct GameTables {
    std::vector<const GameRecordField*> page_fields;
    nlohmann::json game_fields = nlohmann::json::array();
    std::vector<std::string> reasons;
    std::map<std::string, int> reason_index;
    std::map<std::string, int> opening_index;
    nlohmann::json openings = nlohmann::json::array();
    nlohmann::json rows = nlohmann::json::array();

    GameTables() {
        for (const GameRecordField& f : game_record_fields()) {
            if (f.page == PageForm::None) continue;
            page_fields.push_back(&f);
            game_fields.push_back(f.name);
        }
    }

    void add(const GameRecord& r, const std::vector<std::string>& engines) {
        auto [reason, new_reason] = reason_index.emplace(std::string(to_string(r.reason)),
                                                         static_cast<int>(reasons.size()));
        if (new_reason) reasons.push_back(std::string(to_string(r.reason)));
        auto [opening, new_opening] = opening_index.emplace(r.opening + '\n' + r.start_board,
                                                            static_cast<int>(openings.size()));
        if (new_opening) {
            // [name, moves, games, black wins, white wins, draws, black's disc difference sum,
            // start board (boards only)]: arrays, as a balanced opening set has thousands.
            openings.push_back(nlohmann::json::array({r.opening_name, r.opening, 0, 0, 0, 0, 0}));
            if (!r.start_board.empty()) openings.back().push_back(r.start_board);
        }
        nlohmann::json& o = openings[opening->second];
        const int winner_column = r.winner == Winner::Black ? 3 : r.winner == Winner::White ? 4 : 5;
        for (const int column : {2, winner_column}) o[column] = o[column].get<long>() + 1;
        o[6] = o[6].get<long>() + r.black_discs - r.white_discs;

        const GameIndexes indexes{engines, opening->second, reason->second};
        nlohmann::json row = nlohmann::json::array();
        for (const GameRecordField* f : page_fields) row.push_back(page_cell(*f, r, indexes));
        // Columns a game has nothing for (per-move figures of in-process players) are left off
        // its end: the page reads a missing column as null.
        while (!row.empty() && row.back().is_null()) row.erase(row.end() - 1);
        rows.push_back(std::move(row));
    }
};

// The charts' series: the standings sampled at most kSeriesPoints times over the match.
struct Series {
    long total;
    long step;
    nlohmann::json games = nlohmann::json::array();
    std::vector<nlohmann::json> score;
    nlohmann::json elo = nlohmann::json::array();
    nlohmann::json llr = nlohmann::json::array();

    Series(long total_games, int engines)
        : total(total_games),
          step(std::max(1L, (total_games + kSeriesPoints - 1) / kSeriesPoints)),
          score(engines, nlohmann::json::array()) {}

    void sample(const Standings& st, long played, const std::optional<SprtParameters>& sprt) {
        if (played % step != 0 && played != total) return;
        games.push_back(played);
        for (std::size_t e = 0; e < score.size(); ++e)
            score[e].push_back(rounded(st.tally(static_cast<int>(e)).total.score(), 4));
        if (score.size() != 2) return;
        const EloEstimate e = trinomial_elo(st.head_to_head(0, 1));
        elo.push_back({finite_or_null(e.elo), finite_or_null(e.lower), finite_or_null(e.upper)});
        if (sprt) llr.push_back(rounded(llr_of(st, *sprt), 3));
    }
};

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
    const double llr = llr_of(st, s);
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

nlohmann::json report_page_data(const ReportInput& input) {
    const int n = static_cast<int>(input.engines.size());
    Standings st(input.engines);
    GameTables tables;
    Series series(static_cast<long>(input.games.size()), n);
    long played = 0;
    for (const auto& g : input.games) {
        const GameRecord r = record_from_json(g);
        st.add(r);
        ++played;
        const auto black = std::find(input.engines.begin(), input.engines.end(), r.black);
        const auto white = std::find(input.engines.begin(), input.engines.end(), r.white);
        if (black == input.engines.end() || white == input.engines.end()) continue;
        tables.add(r, input.engines);
        series.sample(st, played, input.sprt);
    }
    nlohmann::json data = {
        {"engines", input.engines},
        {"finished", input.finished},
        {"planned_games", input.planned_games},
        {"settings", input.settings},
        {"standings", standings_json(st, input.engines)},
        {"pairs", pairs_json(st, n)},
        {"reasons", tables.reasons},
        {"reason_counts", st.reasons()},
        {"openings", std::move(tables.openings)},
        {"series", {{"games", series.games}, {"score", series.score}, {"elo", series.elo}}},
        {"game_fields", tables.game_fields},
        {"games", std::move(tables.rows)}};
    // The joint rating list: the results' own, else computed here (older results files).
    const nlohmann::json ratings = input.ratings.is_array() ? input.ratings : results_ratings(st);
    if (ratings.is_array() && !ratings.empty()) data["ratings"] = ratings;
    if (input.sprt && n == 2) {
        data["sprt"] = sprt_json(st, *input.sprt);
        data["series"]["llr"] = series.llr;
    }
    return data;
}

}  // namespace othello
