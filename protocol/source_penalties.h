// Per-source penalties, after OpenSSH's PerSourcePenalties (sshd_config(5)): every failure of a
// connection adds to a penalty of its source's networks (source_networks.h), and while a penalty
// that has grown past a threshold runs, the source's new connections are refused at once. A
// penalty is a time that runs out: each failure adds its own length to what is left (up to a
// maximum), so penalties grow with every failure and expire when failures stop.
//
// The networks above the finest level (an IPv4 /24, an IPv6 /56 and /48) are shared by many
// clients: a penalty there adds up the failures of all its clients, so spreading failures over
// many addresses does not keep each under the threshold, but it falls only on those of its
// clients that failed themselves while their own record runs. A client that has not failed is
// never refused for its neighbours' failures, and no penalty falls outside its network.
#pragma once

#include <chrono>
#include <cstddef>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "protocol/source_networks.h"

namespace othello {

// What a connection did wrong.
enum class Failure {
    WrongToken,  // its first line was not the right token
    HangUp,      // it hung up before its first line was answered
    Timeout,     // no first line within the first-line timeout
    Refused,     // it came back while refused, or over its own share of unproven places
};

// How a failure is named in log lines: "wrong token", ...
std::string_view failure_name(Failure failure);

// The defaults are OpenSSH 10's (authfail:5s noauth:1s grace-exceeded:20s min:15s max:10m): one
// first line that never comes puts a penalty in force at once; wrong tokens or hang-ups do when
// more than 15 s of them are owed (four wrong tokens in quick succession, sixteen hang-ups); a
// typo in a token does not. `refused` (coming back while refused, or over its own share) is ours:
// a source that keeps knocking stays refused.
struct PenaltySettings {
    using Seconds = std::chrono::duration<double>;
    bool enabled = true;
    Seconds wrong_token{5}, hang_up{1}, timeout{20}, refused{1};
    // A penalty is enforced once what is left of it reaches `min`, and never runs longer than
    // `max` from now.
    Seconds min{15}, max{600};
    // Networks remembered at most; beyond it the penalties that end soonest are forgotten (so a
    // flood of sources can make the server forget penalties, never refuse anyone).
    std::size_t max_sources = 65536;

    Seconds of(Failure failure) const;
    // "wrong-token:5,hang-up:1,timeout:10,refused:1,min:10,max:600,max-sources:65536" or "none".
    std::string text() const;
};

// Reads "none", or comma-separated KEY:SECONDS (KEY one of wrong-token, hang-up, timeout,
// refused, min, max; SECONDS a decimal number, optionally followed by 's') and
// max-sources:COUNT; keys not given keep their defaults. Throws std::invalid_argument naming
// what is wrong.
PenaltySettings parse_penalty_settings(std::string_view spec);

// Not safe across threads: the server's admission holds it under its lock.
class SourcePenalties {
  public:
    using Clock = std::chrono::steady_clock;

    explicit SourcePenalties(PenaltySettings settings = {}) : settings_(settings) {}

    // A penalty in force: the network it was earned by, how long it still refuses the source,
    // and its last failure.
    struct InForce {
        SourceNetwork network;
        Clock::duration left;
        Failure last;
    };
    // The penalty that refuses a connection from `source` (its networks, finest first) now, if
    // any: the source has a failure of its own that has not expired, and its own penalty or a
    // network's above it is enforced. Its `left` is how long the refusal lasts: until the
    // source's own record runs out, or every enforced penalty of its networks does, whichever
    // comes first.
    std::optional<InForce> in_force(const std::vector<SourceNetwork>& source,
                                    Clock::time_point now);
    // Adds `failure` to the penalty of each of `source`'s networks (only the first, to charge
    // the address alone). Returns the first of them (finest first) whose penalty this failure
    // brought into force, if any. A record written here is never the one a full table forgets
    // (so the table may hold `source.size()` over max_sources when they are fewer).
    std::optional<InForce> record(const std::vector<SourceNetwork>& source, Failure failure,
                                  Clock::time_point now);

    const PenaltySettings& settings() const { return settings_; }
    std::size_t tracked() const { return records_.size(); }

  private:
    struct Record {
        Clock::time_point expiry{};
        bool enforced = false;
        Failure last = Failure::HangUp;
    };
    void expire(Clock::time_point now);
    void set_expiry(const SourceNetwork& network, Record& record, Clock::time_point expiry);

    PenaltySettings settings_;
    std::map<SourceNetwork, Record> records_;
    std::set<std::pair<Clock::time_point, SourceNetwork>> by_expiry_;
};

}  // namespace othello
