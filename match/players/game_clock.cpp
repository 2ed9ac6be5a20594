// GameClock: parsing the tc=/st= forms and charging moves.
#include "match/players/game_clock.h"

#include <charconv>
#include <cstdio>
#include <stdexcept>

namespace othello {

namespace {

double positive_seconds(std::string_view text, std::string_view whole, bool zero_ok) {
    double value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc() || end != text.data() + text.size() ||
        !(zero_ok ? value >= 0 : value > 0) || value > 1e7) {
        throw std::invalid_argument("time control '" + std::string(whole) + "': '" +
                                    std::string(text) + "' is not a " +
                                    (zero_ok ? "non-negative" : "positive") + " number of seconds");
    }
    return value;
}

// A period's time: SECONDS, or MINUTES:SECONDS as cutechess writes it (1:30 is 90 s).
double period_seconds(std::string_view text, std::string_view whole) {
    const auto colon = text.find(':');
    if (colon == std::string_view::npos) return positive_seconds(text, whole, false);
    const std::string_view minutes = text.substr(0, colon);
    int whole_minutes = 0;
    const auto [end, error] =
        std::from_chars(minutes.data(), minutes.data() + minutes.size(), whole_minutes);
    if (minutes.empty() || error != std::errc() || end != minutes.data() + minutes.size() ||
        whole_minutes < 0) {
        throw std::invalid_argument("time control '" + std::string(whole) + "': '" +
                                    std::string(minutes) + "' is not a number of minutes");
    }
    const double seconds = positive_seconds(text.substr(colon + 1), whole, true);
    if (seconds >= 60) {
        throw std::invalid_argument("time control '" + std::string(whole) + "': '" +
                                    std::string(text) + "' has 60 or more seconds after ':'");
    }
    const double total = 60.0 * whole_minutes + seconds;
    if (!(total > 0 && total <= 1e7)) {
        throw std::invalid_argument("time control '" + std::string(whole) + "': '" +
                                    std::string(text) + "' is not a positive time up to 1e7 s");
    }
    return total;
}

std::string number(double v) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%g", v);
    return buffer;
}

}  // namespace

ClockRules parse_tc(std::string_view text) {
    ClockRules rules;
    if (text == "inf") {
        rules.infinite = true;
        return rules;
    }
    std::string_view rest = text;
    if (const auto slash = rest.find('/'); slash != std::string_view::npos) {
        const std::string_view moves = rest.substr(0, slash);
        const auto [end, error] =
            std::from_chars(moves.data(), moves.data() + moves.size(), rules.moves);
        if (moves.empty() || error != std::errc() || end != moves.data() + moves.size() ||
            rules.moves < 1) {
            throw std::invalid_argument("time control '" + std::string(text) + "': '" +
                                        std::string(moves) + "' is not a number of moves");
        }
        rest.remove_prefix(slash + 1);
    }
    if (const auto plus = rest.find('+'); plus != std::string_view::npos) {
        rules.increment = positive_seconds(rest.substr(plus + 1), text, true);
        rest = rest.substr(0, plus);
    }
    rules.seconds = period_seconds(rest, text);
    return rules;
}

ClockRules parse_st(std::string_view text) {
    ClockRules rules;
    rules.per_move = positive_seconds(text, text, false);
    return rules;
}

std::string to_string(const ClockRules& rules) {
    // Built by appending: GCC 12 warns falsely (-Wrestrict) on "literal" + std::string here.
    if (rules.per_move > 0) return std::string("st=").append(number(rules.per_move));
    if (rules.infinite) return "inf";
    if (rules.seconds <= 0) return "none";
    std::string s = rules.moves > 0 ? std::to_string(rules.moves) + "/" : "";
    s += number(rules.seconds);
    if (rules.increment > 0) s.append("+").append(number(rules.increment));
    return s;
}

GameClock::GameClock(const ClockRules& rules, double margin)
    : rules_(rules),
      left_(rules.per_move > 0 ? rules.per_move : rules.seconds),
      margin_(margin),
      margin_left_(margin),
      moves_to_go_(rules.per_move > 0 ? 1 : rules.moves) {}

bool GameClock::spend(double seconds) {
    if (!rules_.active()) return true;
    left_ -= seconds;
    if (rules_.per_move > 0 && left_ < 0) {
        // A fixed time a move lends nothing to the next move: the overdraft uses up the margin.
        margin_left_ += left_;
        left_ = 0;
    }
    return limit() >= 0;
}

bool GameClock::charge(double seconds) {
    if (!spend(seconds)) return false;
    if (!rules_.active()) return true;
    if (rules_.per_move > 0) {
        left_ = rules_.per_move;
        return true;
    }
    left_ += rules_.increment;
    if (rules_.moves > 0 && --moves_to_go_ == 0) {
        moves_to_go_ = rules_.moves;
        left_ += rules_.seconds;
    }
    return true;
}

ClockRules clock_rules_for(const ClockRules& own, double game_time) {
    if (own.active() || own.infinite || game_time <= 0) return own;
    ClockRules rules;
    rules.seconds = game_time;
    rules.margin = own.margin;
    return rules;
}

}  // namespace othello
