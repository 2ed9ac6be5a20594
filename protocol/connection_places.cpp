// The server's places: counts per address and per network, and the choice of the place a newcomer
// takes when the server is full.
#include "protocol/connection_places.h"

#include "protocol/client_network.h"

namespace othello {

namespace {

constexpr int kAddressV4Prefix = 32;  // a client address; an IPv6 client holds a whole /64
constexpr int kAddressV6Prefix = 64;

}  // namespace

struct ConnectionPlace::Shared {
    explicit Shared(ConnectionLimits l) : limits(l) {}

    // The counts of a place that ends or is evicted; the caller holds the mutex.
    void release(ConnectionPlace& place) {
        --open;
        if (const auto a = per_address.find(place.address_);
            a != per_address.end() && --a->second == 0)
            per_address.erase(a);
        if (!place.proven_) forget_unproven(place);
    }

    void forget_unproven(ConnectionPlace& place) {
        const auto n = unproven_by_network.find(place.network_);
        n->second.erase(place.queued_);
        if (n->second.empty()) unproven_by_network.erase(n);
    }

    // The oldest unproven place of the network that holds the most (the oldest first among
    // networks that hold as many), or null when none holds at least two more than `own`.
    ConnectionPlace* victim(std::size_t own) const {
        const std::list<ConnectionPlace*>* most = nullptr;
        for (const auto& [network, places] : unproven_by_network) {
            if (!most || places.size() > most->size() ||
                (places.size() == most->size() && places.front()->order_ < most->front()->order_))
                most = &places;
        }
        return most && most->size() >= own + 2 ? most->front() : nullptr;
    }

    const ConnectionLimits limits;
    std::mutex mutex;
    std::size_t open = 0;
    std::uint64_t next_order = 0;
    std::map<boost::asio::ip::address, std::size_t> per_address;
    std::map<boost::asio::ip::address, std::list<ConnectionPlace*>> unproven_by_network;
};

ConnectionPlace::ConnectionPlace(std::shared_ptr<Shared> shared, boost::asio::ip::address address,
                                 boost::asio::ip::address network, std::uint64_t order)
    : shared_(std::move(shared)), address_(address), network_(network), order_(order) {}

ConnectionPlace::~ConnectionPlace() {
    const std::lock_guard lock(shared_->mutex);
    if (!evicted_) shared_->release(*this);
}

void ConnectionPlace::prove() {
    const std::lock_guard lock(shared_->mutex);
    if (proven_ || evicted_) return;
    shared_->forget_unproven(*this);
    proven_ = true;
}

ConnectionPlaces::ConnectionPlaces(ConnectionLimits limits)
    : shared_(std::make_shared<ConnectionPlace::Shared>(limits)) {}

ConnectionPlaces::Admission ConnectionPlaces::admit(const boost::asio::ip::address& address) {
    const auto client = client_network(address, kAddressV4Prefix, kAddressV6Prefix);
    const auto network = client_network(address, kClientNetworkV4Prefix, kClientNetworkV6Prefix);
    auto& s = *shared_;
    const std::lock_guard lock(s.mutex);
    Admission admission;
    if (const auto a = s.per_address.find(client); s.limits.max_per_address > 0 &&
                                                   a != s.per_address.end() &&
                                                   a->second >= s.limits.max_per_address) {
        admission.refusal =
            std::to_string(a->second) + " connections already open from this address";
        return admission;
    }
    const auto mine = s.unproven_by_network.find(network);
    const std::size_t own = mine == s.unproven_by_network.end() ? 0 : mine->second.size();
    if (s.limits.max_unproven_per_network > 0 && own >= s.limits.max_unproven_per_network) {
        admission.refusal = std::to_string(own) + " connections from " +
                            network_text(network, kClientNetworkV4Prefix, kClientNetworkV6Prefix) +
                            " not yet past their first line";
        return admission;
    }
    if (s.open >= s.limits.max_clients) {
        ConnectionPlace* victim = s.victim(own);
        if (!victim) {
            admission.refusal =
                "server full (" + std::to_string(s.limits.max_clients) + " connections)";
            return admission;
        }
        admission.evicted_network =
            network_text(victim->network_, kClientNetworkV4Prefix, kClientNetworkV6Prefix);
        admission.evict = std::move(victim->evict_);
        s.release(*victim);
        victim->evicted_ = true;
    }
    admission.place = std::shared_ptr<ConnectionPlace>(
        new ConnectionPlace(shared_, client, network, s.next_order++));
    ++s.open;
    ++s.per_address[client];
    auto& queue = s.unproven_by_network[network];
    admission.place->queued_ = queue.insert(queue.end(), admission.place.get());
    return admission;
}

std::size_t ConnectionPlaces::open() const {
    const std::lock_guard lock(shared_->mutex);
    return shared_->open;
}

std::size_t ConnectionPlaces::unproven() const {
    const std::lock_guard lock(shared_->mutex);
    std::size_t count = 0;
    for (const auto& [network, places] : shared_->unproven_by_network) count += places.size();
    return count;
}

}  // namespace othello
