// Admission: whether a new TCP connection gets a place, after OpenSSH's sshd, whose design has
// faced these floods on the open internet for decades (sshd_config(5)):
//   - MaxStartups START:RATE:FULL: connections that have not yet proved themselves (sent their
//     first line; with --token, the right token) are *unproven*. From START of them on, one is
//     dropped with probability RATE%, rising linearly to 100% at FULL (random early drop): no
//     fixed mark a flood can sit just under. Unlike sshd, which drops the newcomer, the one
//     dropped is the oldest unproven connection of the network that holds the most of them (then
//     of its address, or /56 and /64, that holds the most), and the newcomer only when its own
//     address holds the most: a flood from many networks, however full it keeps the server,
//     cannot keep a client of a quiet network out, nor fill the places with its refusals.
//   - PerSourceMaxStartups: at most per_source_startups unproven connections from one source
//     network (an IPv4 /24, an IPv6 /48: source_networks.h). Here too the one holding the most
//     gives way rather than the newcomer (within a /48, the /56 that holds the most, then within
//     it the /64; within a /24, the address), its oldest place going to the newcomer. So one
//     address, or one /56, flooding its network cannot keep its neighbours out; a newcomer whose
//     own address holds the most is refused, which is its failure.
//   - PerSourcePenalties (source_penalties.h): every failure adds to its source's penalty, and a
//     penalised source is refused at once, with a line saying why and for how long.
//   - LoginGraceTime: the first line must come within the first-line timeout, which whoever
//     serves the connection enforces (its failure is a Timeout).
// Nothing here is a budget the whole server shares and a flood could spend: the unproven places
// go to the quietest networks first, a connection that has failed (lingering to let its refusal
// reach its client: token_gate.h) is the first to give way when the server is full, no check
// waits for a server-wide turn (a token of at least 128 bits needs no brake: othello-token), and
// what a network earns stays with it. Evictions are
// no failure (the evicted may be a client whose line is on its way), nor are refusals for the
// server's load: penalties come only from a source's own doing.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <list>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/source_networks.h"
#include "protocol/source_penalties.h"

namespace othello {

// sshd's MaxStartups, for unproven connections: refused with probability `rate`% from `start` of
// them on, rising to 100% at `full`.
struct MaxStartups {
    std::size_t start = 100, rate = 30, full = 300;

    // The chance, from 0 to 1, that a new connection is refused while `unproven` are open.
    double drop_probability(std::size_t unproven) const;
    // "100:30:300"
    std::string text() const;
};

// "START:RATE:FULL" (START from 1 to FULL, RATE from 0 to 100) or "N" (START = FULL = N, at
// least 1: no random drop, refused from N on). Throws std::invalid_argument naming what is wrong.
MaxStartups parse_max_startups(std::string_view text);

struct AdmissionLimits {
    std::size_t max_clients = 1100;
    // Every connection of one address (an IPv6 /64), proven or not; 0: no limit but max_clients.
    // Without --token a first line proves nothing, so this is what keeps one address from holding
    // every place.
    std::size_t max_per_address = 64;
    MaxStartups startups;
    // Unproven connections from one network (an IPv4 /24, an IPv6 /48); 0: no limit.
    std::size_t per_source_startups = 32;
    PenaltySettings penalties;
    // Tests: the random early drop's draws repeat from this seed; none: std::random_device.
    std::optional<std::uint64_t> drop_seed;
};

class Admission;

// One connection's place, held (through ConnectionContext::place) by whatever serves the
// connection; its destruction frees the place. An unproven place that ends without a failure
// recorded was hung up on before its first line was answered: that is its failure (HangUp).
class ConnectionPlace {
  public:
    ConnectionPlace(const ConnectionPlace&) = delete;
    ConnectionPlace& operator=(const ConnectionPlace&) = delete;
    ~ConnectionPlace();

    // The connection sent its first line (with --token: the right token). Once is enough.
    void prove();
    // The connection failed before proving itself: its source's penalty grows, and it no longer
    // counts as unproven (it is closing). Until it closes it is the first to give way to a
    // newcomer when the server is full: a flood of failures held open cannot fill the places.
    // Returns what a log line may add when this failure brought a penalty into force
    // ("; 203.0.113.0/24 refused for 10 s"), else "". Only the first failure of an unproven place
    // counts.
    std::string fail(Failure failure);
    // The connection ends before proving itself for the server's own reasons (a session that
    // cannot start, a child that cannot start or quits before the client's first line): no
    // failure of its source, and no hang-up counted when the place ends.
    void ended_by_server();
    bool proven() const;
    // What ends the connection when it gives way to a newcomer: set by whoever serves the socket
    // now (the token gate, then the session or the relay).
    void on_evicted(std::function<void()> evict);

  private:
    friend class Admission;
    struct Shared;
    enum class State { Unproven, Proven, Failed, EndedByServer, Evicted };
    ConnectionPlace(std::shared_ptr<Shared> shared, std::vector<SourceNetwork> source,
                    std::uint64_t order);

    std::shared_ptr<Shared> shared_;
    std::vector<SourceNetwork> source_;             // its networks, finest (its address) first
    std::uint64_t order_;                           // admission order: the oldest gives way
    std::list<ConnectionPlace*>::iterator queued_;  // among its network's unproven places
    std::list<ConnectionPlace*>::iterator failed_;  // among the failed places, once failed
    State state_ = State::Unproven;
    std::function<void()> evict_;
};

class Admission {
  public:
    using Clock = std::chrono::steady_clock;

    explicit Admission(AdmissionLimits limits);

    struct Ticket {
        std::shared_ptr<ConnectionPlace> place;  // null: refused
        std::string refusal;                     // why, for the log
        std::string answer;                      // what the refused client is told, one line
        // When a connection gave way to this one: call it (it ends that connection), and log it
        // with `gave_way` ("a connection from 203.0.113.7 ... ").
        std::function<void()> evict;
        std::string gave_way;
    };
    // A place for a connection from `source`, or a refusal (see above).
    Ticket admit(const boost::asio::ip::address& source, Clock::time_point now = Clock::now());

    std::size_t open() const;
    std::size_t unproven() const;

  private:
    std::shared_ptr<ConnectionPlace::Shared> shared_;
};

}  // namespace othello
