// Per-source penalties: the records of each network, their expiry, and the settings' text form.
#include "protocol/source_penalties.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <stdexcept>

namespace othello {

namespace {

using Seconds = PenaltySettings::Seconds;

// The longest penalty a setting may give: a day.
constexpr double kLongestSeconds = 86400;

std::string seconds_text(Seconds s) {
    char text[32];
    std::snprintf(text, sizeof text, "%.3f", s.count());
    std::string out = text;
    while (out.back() == '0') out.pop_back();
    if (out.back() == '.') out.pop_back();
    return out;
}

Seconds parse_seconds(std::string_view key, std::string_view value) {
    std::string_view number = value;
    if (number.ends_with('s')) number.remove_suffix(1);
    double seconds = -1;
    const auto [end, error] =
        std::from_chars(number.data(), number.data() + number.size(), seconds);
    if (number.empty() || error != std::errc() || end != number.data() + number.size() ||
        !(seconds >= 0 && seconds <= kLongestSeconds)) {
        throw std::invalid_argument("--per-source-penalties: " + std::string(key) + ":" +
                                    std::string(value) + " is not a number of seconds from 0 to " +
                                    seconds_text(Seconds(kLongestSeconds)));
    }
    return Seconds(seconds);
}

std::size_t parse_count(std::string_view key, std::string_view value) {
    std::size_t count = 0;
    const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), count);
    if (value.empty() || error != std::errc() || end != value.data() + value.size() || count < 1) {
        throw std::invalid_argument("--per-source-penalties: " + std::string(key) + ":" +
                                    std::string(value) + " is not a count of at least 1");
    }
    return count;
}

void set_setting(PenaltySettings& settings, std::string_view key, std::string_view value) {
    if (key == "wrong-token") {
        settings.wrong_token = parse_seconds(key, value);
    } else if (key == "hang-up") {
        settings.hang_up = parse_seconds(key, value);
    } else if (key == "timeout") {
        settings.timeout = parse_seconds(key, value);
    } else if (key == "refused") {
        settings.refused = parse_seconds(key, value);
    } else if (key == "min") {
        settings.min = parse_seconds(key, value);
    } else if (key == "max") {
        settings.max = parse_seconds(key, value);
    } else if (key == "max-sources") {
        settings.max_sources = parse_count(key, value);
    } else {
        throw std::invalid_argument(
            "--per-source-penalties: unknown key '" + std::string(key) +
            "' (give none, or KEY:SECONDS with KEY one of wrong-token, hang-up, timeout, refused, "
            "min, max, and max-sources:COUNT, separated by commas)");
    }
}

}  // namespace

std::string_view failure_name(Failure failure) {
    switch (failure) {
        case Failure::WrongToken:
            return "wrong token";
        case Failure::HangUp:
            return "hung up before its first line was answered";
        case Failure::Timeout:
            return "no first line in time";
        case Failure::Refused:
            return "came back while refused";
    }
    return "failure";
}

Seconds PenaltySettings::of(Failure failure) const {
    switch (failure) {
        case Failure::WrongToken:
            return wrong_token;
        case Failure::HangUp:
            return hang_up;
        case Failure::Timeout:
            return timeout;
        case Failure::Refused:
            return refused;
    }
    return Seconds(0);
}

std::string PenaltySettings::text() const {
    if (!enabled) return "none";
    return "wrong-token:" + seconds_text(wrong_token) + ",hang-up:" + seconds_text(hang_up) +
           ",timeout:" + seconds_text(timeout) + ",refused:" + seconds_text(refused) +
           ",min:" + seconds_text(min) + ",max:" + seconds_text(max) +
           ",max-sources:" + std::to_string(max_sources);
}

PenaltySettings parse_penalty_settings(std::string_view spec) {
    PenaltySettings settings;
    if (spec == "none") {
        settings.enabled = false;
        return settings;
    }
    std::size_t start = 0;
    while (start <= spec.size()) {
        const std::size_t comma = std::min(spec.find(',', start), spec.size());
        const std::string_view item = spec.substr(start, comma - start);
        const std::size_t colon = item.find(':');
        if (colon == std::string_view::npos) {
            throw std::invalid_argument("--per-source-penalties: '" + std::string(item) +
                                        "' is not KEY:VALUE (e.g. wrong-token:5,max:600, or none)");
        }
        set_setting(settings, item.substr(0, colon), item.substr(colon + 1));
        start = comma + 1;
    }
    if (settings.max < settings.min) {
        throw std::invalid_argument("--per-source-penalties: max (" + seconds_text(settings.max) +
                                    ") is below min (" + seconds_text(settings.min) +
                                    "): no penalty could ever be enforced");
    }
    return settings;
}

void SourcePenalties::expire(Clock::time_point now) {
    while (!by_expiry_.empty() && by_expiry_.begin()->first <= now) {
        records_.erase(by_expiry_.begin()->second);
        by_expiry_.erase(by_expiry_.begin());
    }
}

void SourcePenalties::set_expiry(const SourceNetwork& network, Record& record,
                                 Clock::time_point expiry) {
    by_expiry_.erase({record.expiry, network});
    record.expiry = expiry;
    by_expiry_.insert({expiry, network});
}

std::optional<SourcePenalties::InForce> SourcePenalties::in_force(
    const std::vector<SourceNetwork>& source, Clock::time_point now) {
    if (!settings_.enabled || source.empty()) return std::nullopt;
    expire(now);
    // Only a client that failed itself is refused: its own record must still run.
    const auto own = records_.find(source.front());
    if (own == records_.end()) return std::nullopt;
    std::optional<InForce> refusing;  // the finest enforced penalty
    Clock::time_point last_enforced{};
    for (const SourceNetwork& network : source) {
        const auto found = records_.find(network);
        if (found == records_.end() || !found->second.enforced) continue;
        if (!refusing) refusing = InForce{network, {}, found->second.last};
        last_enforced = std::max(last_enforced, found->second.expiry);
    }
    // Refused while its own record and an enforced penalty both run.
    if (refusing) refusing->left = std::min(own->second.expiry, last_enforced) - now;
    return refusing;
}

std::optional<SourcePenalties::InForce> SourcePenalties::record(
    const std::vector<SourceNetwork>& source, Failure failure, Clock::time_point now) {
    const auto penalty = std::chrono::duration_cast<Clock::duration>(settings_.of(failure));
    if (!settings_.enabled || penalty <= Clock::duration::zero()) return std::nullopt;
    expire(now);
    const auto longest = std::chrono::duration_cast<Clock::duration>(settings_.max);
    const auto threshold = std::chrono::duration_cast<Clock::duration>(settings_.min);
    std::optional<InForce> enforced;
    for (const SourceNetwork& network : source) {
        auto [found, fresh] = records_.try_emplace(network);
        Record& r = found->second;
        const auto from = fresh ? now : std::max(r.expiry, now);
        set_expiry(network, r, std::min(from + penalty, now + longest));
        r.last = failure;
        if (!r.enforced && r.expiry - now >= threshold) {
            r.enforced = true;
            if (!enforced) enforced = InForce{network, r.expiry - now, failure};
        }
    }
    // Permissive when full, as OpenSSH's default: the penalties that end soonest are forgotten,
    // but never those just written (a short one could end soonest, and the failure would be
    // lost at once).
    auto oldest = by_expiry_.begin();
    while (records_.size() > settings_.max_sources && oldest != by_expiry_.end()) {
        if (std::find(source.begin(), source.end(), oldest->second) != source.end()) {
            ++oldest;
            continue;
        }
        records_.erase(oldest->second);
        oldest = by_expiry_.erase(oldest);
    }
    return enforced;
}

}  // namespace othello
