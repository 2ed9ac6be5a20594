// Admission: the places' counts, the order of the checks a newcomer passes, the random early
// drop, and which unproven connection gives way within a network.
#include "protocol/admission.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include <mutex>
#include <random>
#include <stdexcept>

namespace othello {

namespace {

std::size_t parse_size(std::string_view text, std::string_view whole) {
    std::size_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc() || end != text.data() + text.size()) {
        throw std::invalid_argument("--max-startups: '" + std::string(whole) +
                                    "' is not START:RATE:FULL or N (e.g. 100:30:300)");
    }
    return value;
}

std::string whole_seconds(std::chrono::steady_clock::duration d) {
    return std::to_string(static_cast<long>(std::ceil(std::chrono::duration<double>(d).count())));
}

// The places of `candidates` (oldest first) in the network at `level` that holds the most of
// them; among networks that hold as many, the one whose oldest place is oldest.
std::vector<ConnectionPlace*> most_held(const std::vector<ConnectionPlace*>& candidates,
                                        const std::function<SourceNetwork(ConnectionPlace*)>& at) {
    std::map<SourceNetwork, std::size_t> counts;
    std::vector<SourceNetwork> seen;  // in the order of their oldest place
    for (ConnectionPlace* p : candidates)
        if (counts[at(p)]++ == 0) seen.push_back(at(p));
    const SourceNetwork* most = nullptr;
    for (const SourceNetwork& n : seen)
        if (!most || counts[n] > counts[*most]) most = &n;
    std::vector<ConnectionPlace*> kept;
    for (ConnectionPlace* p : candidates)
        if (at(p) == *most) kept.push_back(p);
    return kept;
}

}  // namespace

double MaxStartups::drop_probability(std::size_t unproven) const {
    if (unproven < start) return 0;
    if (unproven >= full) return 1;
    const double climb = static_cast<double>(unproven - start) / static_cast<double>(full - start);
    return (static_cast<double>(rate) + (100.0 - static_cast<double>(rate)) * climb) / 100.0;
}

std::string MaxStartups::text() const {
    return std::to_string(start) + ":" + std::to_string(rate) + ":" + std::to_string(full);
}

MaxStartups parse_max_startups(std::string_view text) {
    MaxStartups m;
    const std::size_t first = text.find(':');
    if (first == std::string_view::npos) {
        m.start = m.full = parse_size(text, text);
        m.rate = 100;
    } else {
        const std::size_t second = text.find(':', first + 1);
        if (second == std::string_view::npos) parse_size("", text);  // throws: two fields
        m.start = parse_size(text.substr(0, first), text);
        m.rate = parse_size(text.substr(first + 1, second - first - 1), text);
        m.full = parse_size(text.substr(second + 1), text);
    }
    // START 0 would drop newcomers while no connection is unproven: every client refused.
    if (m.start < 1 || m.start > m.full || m.rate > 100) {
        throw std::invalid_argument("--max-startups: '" + std::string(text) +
                                    "': give START from 1 to FULL and RATE from 0 to 100");
    }
    return m;
}

struct ConnectionPlace::Shared {
    explicit Shared(const AdmissionLimits& l)
        : limits(l),
          penalties(l.penalties),
          random(l.drop_seed ? *l.drop_seed : std::random_device{}()) {}

    // The counts of a place that ends or gives way; the caller holds the mutex.
    void release(ConnectionPlace& place) {
        --open;
        if (const auto a = per_address.find(place.source_.front());
            a != per_address.end() && --a->second == 0)
            per_address.erase(a);
        if (place.state_ == State::Unproven) forget_unproven(place);
        if (place.state_ == State::Failed) failed.erase(place.failed_);
    }

    void forget_unproven(ConnectionPlace& place) {
        const auto n = unproven_by_network.find(place.source_.back());
        n->second.erase(place.queued_);
        if (n->second.empty()) unproven_by_network.erase(n);
        --unproven;
    }

    std::string fail(ConnectionPlace& place, Failure failure) {
        if (place.state_ != State::Unproven) return "";
        forget_unproven(place);
        place.state_ = State::Failed;
        place.failed_ = failed.insert(failed.end(), &place);
        const auto enforced = penalties.record(place.source_, failure, Admission::Clock::now());
        if (!enforced) return "";
        return "; " + enforced->network.text() + " refused for " + whole_seconds(enforced->left) +
               " s";
    }

    // The unproven place that gives way to a newcomer from `source` when someone must: among
    // `candidates` (oldest first: the server's, or the newcomer's network's), the network (or
    // sub-network) that holds the most gives way, down to its oldest place; when the newcomer's
    // own holds as many, the contest goes on inside it, and null comes back when the newcomer's
    // own address holds the most. `level` is the first level to group by: source.size() - 1
    // (the coarsest networks) over the whole server, one less within a network.
    static ConnectionPlace* giving_way(std::vector<ConnectionPlace*> candidates,
                                       const std::vector<SourceNetwork>& source,
                                       std::size_t level) {
        for (std::size_t l = level + 1; l-- > 0;) {
            // IPv4 and IPv6 sources count at different levels: over the server, by the coarsest.
            const bool coarsest = l + 1 == source.size();
            const auto at = [l, coarsest](ConnectionPlace* p) {
                return coarsest ? p->source_.back() : p->source_[l];
            };
            std::vector<ConnectionPlace*> most = most_held(candidates, at);
            std::size_t own = 0;
            for (ConnectionPlace* p : candidates) own += at(p) == source[l];
            if (most.size() > own) {
                // That one gives way: its own most-holding parts, down to its oldest place.
                const std::size_t top = coarsest ? most.front()->source_.size() - 1 : l;
                for (std::size_t below = top; below-- > 0;)
                    most =
                        most_held(most, [below](ConnectionPlace* p) { return p->source_[below]; });
                return most.front();
            }
            if (l == 0) return nullptr;  // the newcomer's own address holds the most
            std::erase_if(candidates, [&](ConnectionPlace* p) { return at(p) != source[l]; });
        }
        return nullptr;
    }

    // The unproven places of `network` (of the whole server when null), oldest first.
    std::vector<ConnectionPlace*> unproven_places(const SourceNetwork* network) const {
        if (network) {
            const auto& queue = unproven_by_network.at(*network);
            return {queue.begin(), queue.end()};
        }
        std::vector<ConnectionPlace*> places;
        for (const auto& [n, queue] : unproven_by_network)
            places.insert(places.end(), queue.begin(), queue.end());
        std::sort(places.begin(), places.end(),
                  [](ConnectionPlace* a, ConnectionPlace* b) { return a->order_ < b->order_; });
        return places;
    }

    // Takes `victim`'s place for the newcomer: its counts released, the ticket told how to end
    // it and what to log.
    void give_way(ConnectionPlace& victim, Admission::Ticket& ticket, const std::string& why) {
        ticket.gave_way =
            "a connection from " + victim.source_.front().network.to_string() +
            (victim.state_ == State::Failed ? " that had failed" : " not yet past its first line") +
            " gave way (" + why + ")";
        ticket.evict = std::move(victim.evict_);
        release(victim);
        victim.state_ = State::Evicted;
    }

    // The penalty that refuses a newcomer from `source`, if any. Coming back while refused is
    // the address's own doing: it adds to the address's own record only, so that a neighbour
    // knocking cannot keep its network's penalty going for the others; the time left is then
    // when this address may come back.
    std::optional<SourcePenalties::InForce> refusing_penalty(
        const std::vector<SourceNetwork>& source, Admission::Clock::time_point now) {
        auto penalty = penalties.in_force(source, now);
        if (!penalty) return penalty;
        penalties.record({source.front()}, Failure::Refused, now);
        if (const auto after = penalties.in_force(source, now)) penalty->left = after->left;
        return penalty;
    }

    bool early_drop() {
        if (unproven == 0) return false;  // no one to drop for: START 0 given in process
        const double p = limits.startups.drop_probability(unproven);
        if (p <= 0) return false;
        if (p >= 1) return true;
        return std::uniform_real_distribution<double>(0, 1)(random) < p;
    }

    const AdmissionLimits limits;
    std::mutex mutex;
    SourcePenalties penalties;
    std::mt19937_64 random;
    std::size_t open = 0, unproven = 0;
    std::uint64_t next_order = 0;
    std::map<SourceNetwork, std::size_t> per_address;
    // By the coarsest network (an IPv4 /24, an IPv6 /48), oldest first.
    std::map<SourceNetwork, std::list<ConnectionPlace*>> unproven_by_network;
    // Places whose connection failed and has not closed yet (a wrong token lingers up to a
    // second: token_gate.h), oldest first: they give way first when the server is full.
    std::list<ConnectionPlace*> failed;
};

ConnectionPlace::ConnectionPlace(std::shared_ptr<Shared> shared, std::vector<SourceNetwork> source,
                                 std::uint64_t order)
    : shared_(std::move(shared)), source_(std::move(source)), order_(order) {}

ConnectionPlace::~ConnectionPlace() {
    const std::lock_guard lock(shared_->mutex);
    if (state_ == State::Evicted) return;
    const bool hung_up = state_ == State::Unproven;
    shared_->release(*this);
    if (hung_up) shared_->penalties.record(source_, Failure::HangUp, Admission::Clock::now());
}

void ConnectionPlace::prove() {
    const std::lock_guard lock(shared_->mutex);
    if (state_ != State::Unproven) return;
    shared_->forget_unproven(*this);
    state_ = State::Proven;
}

void ConnectionPlace::ended_by_server() {
    const std::lock_guard lock(shared_->mutex);
    if (state_ != State::Unproven) return;
    shared_->forget_unproven(*this);
    state_ = State::EndedByServer;
}

std::string ConnectionPlace::fail(Failure failure) {
    const std::lock_guard lock(shared_->mutex);
    return shared_->fail(*this, failure);
}

bool ConnectionPlace::proven() const {
    const std::lock_guard lock(shared_->mutex);
    return state_ == State::Proven;
}

void ConnectionPlace::on_evicted(std::function<void()> evict) {
    const std::lock_guard lock(shared_->mutex);
    evict_ = std::move(evict);
}

Admission::Admission(AdmissionLimits limits)
    : shared_(std::make_shared<ConnectionPlace::Shared>(limits)) {}

Admission::Ticket Admission::admit(const boost::asio::ip::address& address, Clock::time_point now) {
    auto& s = *shared_;
    const std::lock_guard lock(s.mutex);
    std::vector<SourceNetwork> source = source_networks(address);
    const SourceNetwork& network = source.back();
    Ticket ticket;
    const auto refuse = [&](std::string why, std::string answer) {
        ticket.refusal = std::move(why);
        ticket.answer = std::move(answer);
        return std::move(ticket);
    };
    if (const auto penalty = s.refusing_penalty(source, now)) {
        const std::string left = whole_seconds(penalty->left);
        return refuse(penalty->network.text() + " penalised for " + left +
                          " s more (last: " + std::string(failure_name(penalty->last)) + ")",
                      "penalised: failures from " + penalty->network.text() + "; try again in " +
                          left + " s");
    }
    if (const auto a = s.per_address.find(source.front()); s.limits.max_per_address > 0 &&
                                                           a != s.per_address.end() &&
                                                           a->second >= s.limits.max_per_address) {
        return refuse(std::to_string(a->second) + " connections already open from this address",
                      "too many connections from this address");
    }
    const auto mine = s.unproven_by_network.find(network);
    const std::size_t own = mine == s.unproven_by_network.end() ? 0 : mine->second.size();
    const auto refuse_own = [&](std::string why, std::string answer) {
        // The newcomer's own address holds the most of what is full: its failure.
        s.penalties.record(source, Failure::Refused, now);
        return refuse(std::move(why), std::move(answer));
    };
    if (s.limits.per_source_startups > 0 && own >= s.limits.per_source_startups) {
        ConnectionPlace* victim =
            s.giving_way(s.unproven_places(&network), source, source.size() - 2);
        if (!victim) {
            return refuse_own(
                std::to_string(own) + " connections from " + network.text() +
                    " not yet past their first line, the most of them from this "
                    "address",
                "too many connections not yet past their first line from " + network.text());
        }
        s.give_way(*victim, ticket, std::to_string(own) + " from " + network.text());
    } else if (const bool full = s.open >= s.limits.max_clients; full || s.early_drop()) {
        // Someone must go: a connection of the network holding the most unproven places.
        const std::string why =
            full ? "server full (" + std::to_string(s.limits.max_clients) + " connections)"
                 : "random early drop at " + std::to_string(s.unproven) +
                       " connections not yet past their first line (--max-startups " +
                       s.limits.startups.text() + ")";
        const std::string answer =
            full ? "server full"
                 : "server busy: too many connections not yet past their first line; try again";
        // A connection that has failed goes first: it is closing anyway (a wrong token lingers
        // so that its refusal reaches its client), and a flood holding its failures open must
        // not fill the places with them.
        ConnectionPlace* victim =
            full && !s.failed.empty()
                ? s.failed.front()
                : s.giving_way(s.unproven_places(nullptr), source, source.size() - 1);
        if (!victim && s.unproven == 0) return refuse(why, answer);
        if (!victim) {
            return refuse_own(
                why + "; this address holds the most of those not yet past their first line",
                answer);
        }
        s.give_way(*victim, ticket, why);
    }
    ticket.place = std::shared_ptr<ConnectionPlace>(
        new ConnectionPlace(shared_, std::move(source), s.next_order++));
    ++s.open;
    ++s.unproven;
    ++s.per_address[ticket.place->source_.front()];
    auto& queue = s.unproven_by_network[ticket.place->source_.back()];
    ticket.place->queued_ = queue.insert(queue.end(), ticket.place.get());
    return ticket;
}

std::size_t Admission::open() const {
    const std::lock_guard lock(shared_->mutex);
    return shared_->open;
}

std::size_t Admission::unproven() const {
    const std::lock_guard lock(shared_->mutex);
    return shared_->unproven;
}

}  // namespace othello
