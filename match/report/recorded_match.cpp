// RecordedMatch: the results file's JSON and the engines its games name; the page from the games
// read back one at a time.
#include "match/report/recorded_match.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

#include "match/record/game_record_schema.h"

namespace othello {

namespace {

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

void add_name(std::vector<std::string>& names, const std::string& name) {
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
}

// The configuration's engines, in its order.
void add_configured_names(std::vector<std::string>& names, const nlohmann::json& settings) {
    if (!settings.contains("engines")) return;
    for (const auto& e : settings["engines"])
        if (e.is_object() && e.contains("name")) add_name(names, e["name"].get<std::string>());
}

}  // namespace

void EngineAppearance::add(const GameRecord& r, long rank) {
    const auto seen = [&](const std::string& name, int seat) {
        const auto [it, inserted] = first_.try_emplace(name, rank, seat);
        if (!inserted) it->second = std::min(it->second, std::make_pair(rank, seat));
    };
    seen(r.black, 0);
    seen(r.white, 1);
}

std::vector<std::string> EngineAppearance::names() const {
    std::vector<std::pair<std::pair<long, int>, std::string>> order;
    for (const auto& [name, first] : first_) order.emplace_back(first, name);
    std::sort(order.begin(), order.end());
    std::vector<std::string> names;
    for (auto& [first, name] : order) names.push_back(std::move(name));
    return names;
}

RecordedMatch recorded_match_from_results(nlohmann::json results,
                                          const EngineAppearance& appearance, RecordSource games,
                                          long game_count) {
    if (!results.is_object()) throw std::runtime_error("not a results file: not a JSON object");
    RecordedMatch match;
    ReportPageSetup& setup = match.setup;
    if (results.contains("config") && results["config"].is_object())
        setup.settings = std::move(results["config"]);
    if (results.contains("ratings")) match.ratings = checked_ratings(results["ratings"]);
    if (results.contains("summary") && results["summary"].contains("engines")) {
        for (const auto& e : results["summary"]["engines"])
            if (e.contains("name")) add_name(setup.engines, e["name"].get<std::string>());
    }
    if (setup.engines.empty()) add_configured_names(setup.engines, setup.settings);
    for (const std::string& name : appearance.names()) add_name(setup.engines, name);
    match.games = std::move(games);
    match.game_count = game_count;
    setup.sprt = sprt_from_settings(setup.settings);
    return match;
}

RecordedMatch recorded_match_from_games(const EngineAppearance& appearance, RecordSource games,
                                        long game_count, std::optional<nlohmann::json> config) {
    RecordedMatch match;
    ReportPageSetup& setup = match.setup;
    if (config && config->is_object()) setup.settings = std::move(*config);
    add_configured_names(setup.engines, setup.settings);
    for (const std::string& name : appearance.names()) add_name(setup.engines, name);
    setup.sprt = sprt_from_settings(setup.settings);
    match.games = std::move(games);
    match.game_count = game_count;
    return match;
}

ReportPageData report_page_data_of(const RecordedMatch& match, Standings& standings) {
    ReportPageData page(match.setup, match.game_count);
    match.games([&](const GameRecord& r) {
        standings.add(r);
        page.add(r, standings);
    });
    return page;
}

}  // namespace othello
