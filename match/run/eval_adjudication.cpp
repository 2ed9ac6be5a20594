// EvalAdjudication: counters a move at a time, as cutechess keeps them.
#include "match/run/eval_adjudication.h"

#include <cmath>
#include <map>
#include <sstream>
#include <stdexcept>

#include "engine/ascii_text.h"

namespace othello {

namespace {

// The keys of "key=value,..." (each once, each one of `known`), for the option named `option`.
std::map<std::string, std::string> key_values(const std::string& option, const std::string& text,
                                              const std::map<std::string, std::string>& known) {
    std::map<std::string, std::string> values;
    std::string names;
    for (const auto& [name, key] : known)
        if (name == key) names += (names.empty() ? "" : ", ") + name;
    std::istringstream items(text);
    std::string item;
    while (std::getline(items, item, ',')) {
        const auto eq = item.find('=');
        const auto key = known.find(item.substr(0, eq));
        if (eq == std::string::npos || key == known.end())
            throw std::invalid_argument(option + " '" + text + "': expected key=value with keys " +
                                        names + ", not '" + item + "'");
        if (!values.emplace(key->second, item.substr(eq + 1)).second)
            throw std::invalid_argument(option + " '" + text + "': '" + key->second +
                                        "' given twice");
    }
    return values;
}

double number_in(const std::string& option, const std::map<std::string, std::string>& values,
                 const std::string& key, double low, double high, bool whole) {
    const auto it = values.find(key);
    if (it == values.end()) throw std::invalid_argument(option + ": needs " + key + "=");
    double value = NAN;
    try {
        std::size_t used = 0;
        value = std::stod(it->second, &used);
        if (used != it->second.size()) value = NAN;
    } catch (const std::exception&) {
    }
    if (!(value >= low && value <= high) || (whole && value != std::floor(value)))
        throw std::invalid_argument(option + " " + key + "=" + it->second + ": expected " +
                                    (whole ? "a whole number" : "a number") + " from " +
                                    number_text(low) + " to " + number_text(high));
    return value;
}

}  // namespace

ResignRule parse_resign_rule(const std::string& text) {
    const auto values = key_values(
        "--resign", text,
        {{"moves", "moves"}, {"movecount", "moves"}, {"score", "score"}, {"twosided", "twosided"}});
    ResignRule rule;
    rule.moves = static_cast<int>(number_in("--resign", values, "moves", 1, 60, true));
    rule.score = number_in("--resign", values, "score", 0, 64, false);
    if (const auto two = values.find("twosided"); two != values.end()) {
        if (two->second != "true" && two->second != "false")
            throw std::invalid_argument("--resign twosided=" + two->second +
                                        ": expected true or false");
        rule.twosided = two->second == "true";
    }
    return rule;
}

DrawRule parse_draw_rule(const std::string& text) {
    const auto values = key_values("--draw", text,
                                   {{"moves", "moves"},
                                    {"movecount", "moves"},
                                    {"score", "score"},
                                    {"movenumber", "movenumber"}});
    DrawRule rule;
    rule.moves = static_cast<int>(number_in("--draw", values, "moves", 1, 60, true));
    rule.score = number_in("--draw", values, "score", 0, 64, false);
    if (values.contains("movenumber"))
        rule.movenumber = static_cast<int>(number_in("--draw", values, "movenumber", 0, 60, true));
    return rule;
}

std::optional<EvalVerdict> EvalAdjudicator::after_move(Color mover, std::optional<double> eval,
                                                       int number) {
    const int s = static_cast<int>(mover);
    const bool known = eval && std::isfinite(*eval);
    if (rules_.resign) {
        const double score = rules_.resign->score;
        losing_[s] = known && *eval <= -score ? losing_[s] + 1 : 0;
        winning_[s] = known && *eval >= score ? winning_[s] + 1 : 0;
    }
    if (rules_.draw) {
        const bool counts =
            known && std::abs(*eval) <= rules_.draw->score && number >= rules_.draw->movenumber;
        level_ = counts ? level_ + 1 : 0;
    }
    if (auto verdict = resignation()) return verdict;
    if (rules_.draw && level_ >= rules_.draw->moves) {
        return EvalVerdict{Outcome::DrawAdjudicated, Winner::Draw,
                           "drawn by --draw at move " + std::to_string(number) + ": the last " +
                               std::to_string(level_) + " evals were within ±" +
                               number_text(rules_.draw->score) + " discs"};
    }
    return std::nullopt;
}

std::optional<EvalVerdict> EvalAdjudicator::resignation() const {
    if (!rules_.resign) return std::nullopt;
    const ResignRule& rule = *rules_.resign;
    for (Color side : {Color::Black, Color::White}) {
        const int s = static_cast<int>(side);
        if (losing_[s] < rule.moves || (rule.twosided && winning_[1 - s] < rule.moves)) continue;
        std::string detail = std::string(to_string(side)) + " resigns by --resign: its last " +
                             std::to_string(rule.moves) + " evals were -" +
                             number_text(rule.score) + " discs or lower";
        if (rule.twosided)
            detail += ", and " + std::string(to_string(opposite(side))) + "'s " +
                      number_text(rule.score) + " or higher";
        return EvalVerdict{Outcome::Resigned, side == Color::Black ? Winner::White : Winner::Black,
                           detail};
    }
    return std::nullopt;
}

}  // namespace othello
