// MatchConfig: building the configuration object and naming the first difference between two.
#include "match/config/match_config.h"

#include <algorithm>
#include <cstdio>
#include <limits>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "engine/ascii_text.h"

namespace othello {

namespace {

// A TCP engine's token is a secret: it does not change the games, so it is left out of files.
// The rest is kept escaped (\xNN), as the journal holds UTF-8 only; the same escaping each run
// lets --resume compare a spec written with Latin-1 bytes.
std::string without_secrets(const std::string& spec) {
    std::string out;
    std::size_t start = 0;
    while (start <= spec.size()) {
        const std::size_t comma = std::min(spec.find(',', start), spec.size());
        const std::string item = spec.substr(start, comma - start);
        out += item.starts_with("token=") ? std::string("token=(hidden)") : item;
        if (comma < spec.size()) out += ',';
        start = comma + 1;
    }
    return printable(out);
}

std::string shown(const nlohmann::json* value) {
    if (!value) return "(none)";
    std::string s = value->dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    if (s.size() > 120) s = s.substr(0, 117) + "...";
    return s;
}

std::string difference(const nlohmann::json* a, const nlohmann::json* b, const std::string& path,
                       const std::string& recorded_as, const std::string& now_as,
                       bool ignore_shard) {
    if (a && b && a->is_object() && b->is_object()) {
        std::vector<std::string> keys;
        for (const auto& [k, v] : a->items()) keys.push_back(k);
        for (const auto& [k, v] : b->items()) {
            if (!a->contains(k)) keys.push_back(k);
        }
        for (const auto& k : keys) {
            if (ignore_shard && path.empty() && k == "shard") continue;
            const auto ia = a->find(k);
            const auto ib = b->find(k);
            const std::string d =
                difference(ia != a->end() ? &*ia : nullptr, ib != b->end() ? &*ib : nullptr,
                           path.empty() ? k : path + "." + k, recorded_as, now_as, ignore_shard);
            if (!d.empty()) return d;
        }
        return "";
    }
    if (a && b && a->is_array() && b->is_array() && a->size() == b->size()) {
        for (std::size_t i = 0; i < a->size(); ++i) {
            const std::string d =
                difference(&(*a)[i], &(*b)[i], path + "[" + std::to_string(i) + "]", recorded_as,
                           now_as, ignore_shard);
            if (!d.empty()) return d;
        }
        return "";
    }
    if (a && b && *a == *b) return "";
    if (!a && b && b->is_null()) return "";  // a field added later, unset now
    if (a && !b && a->is_null()) return "";
    return path + " differs: " + recorded_as + " " + shown(a) + ", " + now_as + " " + shown(b);
}

const nlohmann::json& field(const nlohmann::json& config, const char* name) {
    const auto it = config.find(name);
    if (it == config.end())
        throw std::runtime_error(std::string("match configuration has no \"") + name + "\"");
    return *it;
}

// --noswap, --reverse, --seeds, --repeat as recorded (absent: the usual shape).
ScheduleShape shape_in(const nlohmann::json& config) {
    ScheduleShape shape;
    shape.swap = !config.value("noswap", false);
    shape.reverse = config.value("reverse", false);
    shape.seeds = config.value("seeds", 1);
    shape.repeat = config.value("repeat", 2);
    return shape;
}

}  // namespace

std::string openings_hash(const std::vector<Opening>& openings) {
    std::uint64_t h = 14695981039346656037ull;
    auto mix = [&](unsigned char c) {
        h ^= c;
        h *= 1099511628211ull;
    };
    for (const auto& o : openings) {
        for (char c : o.transcript) mix(static_cast<unsigned char>(c));
        // Boards only: lists of transcripts keep the fingerprint older journals recorded.
        for (char c : start_board_of(o)) mix(static_cast<unsigned char>(c));
        mix('\n');
    }
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
    return buf;
}

nlohmann::json match_config(const MatchOptions& o, const std::vector<Opening>& openings) {
    nlohmann::json engines = nlohmann::json::array();
    for (std::size_t i = 0; i < o.engines.size(); ++i) {
        engines.push_back(
            {{"name", o.engines[i].name},
             {"spec", i < o.engine_texts.size() ? without_secrets(o.engine_texts[i]) : ""}});
    }
    nlohmann::json config = {
        {"engines", engines},
        {"each", without_secrets(o.each)},
        {"openings",
         {{"source", printable(o.openings)},
          {"order", o.random_order ? "random" : "sequential"},
          {"count", openings.size()},
          {"hash", openings_hash(openings)}}},
        {"seed", o.seed},
        {"games", o.games},
        {"tournament", tournament_name(o.tournament)},
        // Time control: the clock options that decide how a game can end. Per-engine controls
        // (tc=, st=) live in the engines' specs above.
        {"time",
         {{"move_timeout", o.time.move_timeout},
          {"game_time", o.time.game_time},
          {"margin", o.time.margin}}},
        // Adjudication (--adjudicate N): the empty squares at which games end; null: played out.
        {"adjudication",
         o.adjudicate_empties >= 0 ? nlohmann::json(o.adjudicate_empties) : nlohmann::json()},
        {"sprt", nullptr},
    };
    if (o.sprt) {
        config["sprt"] = {{"elo0", o.sprt->elo0},
                          {"elo1", o.sprt->elo1},
                          {"alpha", o.sprt->alpha},
                          {"beta", o.sprt->beta}};
        // Written only when not the default, so configs of logistic SPRTs read as before.
        if (o.sprt->model != SprtModel::Logistic)
            config["sprt"]["model"] = std::string(to_string(o.sprt->model));
    }
    // --resign and --draw, only when given (so configs without them read as before).
    if (const auto& resign = o.eval_rules.resign) {
        config["resign"] = {
            {"moves", resign->moves}, {"score", resign->score}, {"twosided", resign->twosided}};
    }
    if (const auto& draw = o.eval_rules.draw) {
        config["draw"] = {
            {"moves", draw->moves}, {"score", draw->score}, {"movenumber", draw->movenumber}};
    }
    if (!o.shard.whole()) config["shard"] = to_string(o.shard);
    if (!o.run_id.empty()) config["run"] = o.run_id;
    // The schedule's shape, only when not the usual one (so that earlier journals still match).
    if (!o.shape.swap) config["noswap"] = true;
    if (o.shape.reverse) config["reverse"] = true;
    if (o.shape.seeds != 1) config["seeds"] = o.shape.seeds;
    if (o.shape.repeat != 2) config["repeat"] = o.shape.repeat;
    return config;
}

std::string config_difference(const nlohmann::json& recorded, const nlohmann::json& now,
                              const std::string& recorded_as, const std::string& now_as,
                              bool ignore_shard) {
    return difference(&recorded, &now, "", recorded_as, now_as, ignore_shard);
}

namespace {

std::string shape_problem(const nlohmann::json& value, const std::string& name,
                          const std::string& expected, bool fits) {
    if (fits) return "";
    return "\"" + name + "\" is " + printable(value.dump().substr(0, 80)) + ", not " + expected;
}

bool whole_from(const nlohmann::json& v, std::int64_t low) {
    return (v.is_number_unsigned() || v.is_number_integer()) && v.get<std::int64_t>() >= low &&
           v.get<std::int64_t>() <= std::numeric_limits<int>::max();
}

}  // namespace

std::string config_shape_problem(const nlohmann::json& config) {
    if (!config.is_object()) return "is not an object";
    for (const char* name : {"engines", "games", "seed", "tournament", "openings"})
        if (!config.contains(name)) return std::string("has no \"") + name + "\"";
    const nlohmann::json& engines = config["engines"];
    if (!engines.is_array() || engines.empty())
        return shape_problem(engines, "engines", "a list of engines", false);
    for (std::size_t i = 0; i < engines.size(); ++i) {
        const nlohmann::json& e = engines[i];
        const std::string name = "engines[" + std::to_string(i) + "]";
        if (!e.is_object() || !e.contains("name") || !e["name"].is_string() ||
            !e.contains("spec") || !e["spec"].is_string())
            return shape_problem(e, name, "{\"name\": TEXT, \"spec\": TEXT}", false);
    }
    std::string p = shape_problem(config["games"], "games", "a whole number from 1",
                                  whole_from(config["games"], 1));
    if (p.empty())
        p = shape_problem(
            config["seed"], "seed", "a whole number from 0",
            config["seed"].is_number_unsigned() ||
                (config["seed"].is_number_integer() && config["seed"].get<std::int64_t>() >= 0));
    if (p.empty())
        p = shape_problem(config["tournament"], "tournament", "a name",
                          config["tournament"].is_string());
    if (!p.empty()) return p;
    const nlohmann::json& openings = config["openings"];
    const bool openings_fit = openings.is_object() && openings.contains("count") &&
                              whole_from(openings["count"], 0) && openings.contains("source") &&
                              openings["source"].is_string() && openings.contains("hash") &&
                              openings["hash"].is_string() && openings.contains("order") &&
                              openings["order"].is_string();
    p = shape_problem(openings, "openings",
                      "{\"count\": N, \"source\": TEXT, \"hash\": TEXT, \"order\": TEXT}",
                      openings_fit);
    if (!p.empty()) return p;
    if (const auto sprt = config.find("sprt"); sprt != config.end() && !sprt->is_null()) {
        bool fits = sprt->is_object();
        for (const char* number : {"elo0", "elo1", "alpha", "beta"})
            fits = fits && sprt->contains(number) && (*sprt)[number].is_number();
        if (fits && sprt->contains("model")) fits = (*sprt)["model"].is_string();
        if (!fits)
            return shape_problem(*sprt, "sprt",
                                 "{\"elo0\", \"elo1\", \"alpha\", \"beta\": numbers}", false);
    }
    if (const auto shard = config.find("shard"); shard != config.end() && !shard->is_null())
        if (!shard->is_string()) return shape_problem(*shard, "shard", "K/N", false);
    for (const char* flag : {"noswap", "reverse"})
        if (const auto it = config.find(flag); it != config.end() && !it->is_boolean())
            return shape_problem(*it, flag, "true or false", false);
    if (const auto run = config.find("run"); run != config.end() && !run->is_string())
        return shape_problem(*run, "run", "a run id", false);
    if (const auto seeds = config.find("seeds"); seeds != config.end() && !whole_from(*seeds, 1))
        return shape_problem(*seeds, "seeds", "a whole number from 1", false);
    if (const auto repeat = config.find("repeat");
        repeat != config.end() && !(repeat->is_number_integer() && (*repeat == 1 || *repeat == 2)))
        return shape_problem(*repeat, "repeat", "1 or 2", false);
    return "";
}

std::string recorded_spec_text(const std::string& text) {
    return without_secrets(text);
}

std::vector<std::string> recorded_engine_names(const nlohmann::json& config,
                                               const std::vector<std::string>& texts) {
    std::vector<std::string> names(texts.size());
    const auto engines = config.is_object() ? config.find("engines") : config.end();
    if (!config.is_object() || engines == config.end() || !engines->is_array()) return names;
    for (std::size_t i = 0; i < texts.size() && i < engines->size(); ++i) {
        const nlohmann::json& e = (*engines)[i];
        if (e.is_object() && e.contains("spec") && e.contains("name") && e["spec"].is_string() &&
            e["name"].is_string() && e["spec"].get<std::string>() == texts[i])
            names[i] = e["name"].get<std::string>();
    }
    return names;
}

std::vector<std::string> engine_names_in(const nlohmann::json& config) {
    std::vector<std::string> names;
    for (const auto& e : field(config, "engines")) names.push_back(e.at("name").get<std::string>());
    return names;
}

std::optional<SprtParameters> sprt_in(const nlohmann::json& config) {
    const auto it = config.find("sprt");
    if (it == config.end() || it->is_null()) return std::nullopt;
    SprtParameters p;
    p.elo0 = it->at("elo0").get<double>();
    p.elo1 = it->at("elo1").get<double>();
    p.alpha = it->at("alpha").get<double>();
    p.beta = it->at("beta").get<double>();
    if (it->contains("model")) p.model = sprt_model_from_string(it->at("model").get<std::string>());
    return p;
}

Shard shard_in(const nlohmann::json& config) {
    const auto it = config.find("shard");
    if (it == config.end() || it->is_null()) return Shard{};
    return parse_shard(it->get<std::string>());
}

std::optional<std::vector<Opening>> openings_in(const nlohmann::json& config) {
    std::vector<Opening> openings;
    std::string source, recorded_hash;
    try {
        const nlohmann::json& recorded = field(config, "openings");
        const auto pairs_needed =
            openings_needed(field(config, "games").get<int>(), shape_in(config));
        source = recorded.at("source").get<std::string>();
        recorded_hash = recorded.at("hash").get<std::string>();
        openings = load_openings(source, field(config, "seed").get<std::uint64_t>(), pairs_needed,
                                 recorded.at("order").get<std::string>() == "random");
    } catch (const std::exception&) {
        return std::nullopt;  // a file that is not here, or a configuration without the fields
    }
    if (openings_hash(openings) == recorded_hash) return openings;
    throw std::runtime_error(
        "the configuration's openings hash " + shown(&config.at("openings").at("hash")) +
        " is not that of its openings ('" + printable(source) +
        "' with its seed and order give \"" + openings_hash(openings) +
        "\"): the hash was edited, or the openings file changed since the match. Restore the "
        "file the match played; without it here, each game's opening is checked against the "
        "match's other games only");
}

std::vector<ScheduledGame> schedule_in(const nlohmann::json& config) {
    const TournamentKind kind =
        tournament_kind_from_string(field(config, "tournament").get<std::string>());
    if (kind == TournamentKind::Knockout)
        throw std::runtime_error(
            "a knockout's later rounds depend on its results: it has no "
            "schedule to merge shards by (a knockout is never sharded)");
    return make_schedule(static_cast<int>(field(config, "engines").size()), kind,
                         field(config, "games").get<int>(),
                         field(config, "openings").at("count").get<int>(), shape_in(config));
}

}  // namespace othello
