// The server's places for connections. Every open connection holds one of max_clients places, at
// most max_per_address of them per client address. A connection that has not yet proven itself
// (sent its first line; with --token, the right token) holds an *unproven* place: at most
// max_unproven_per_network per client network (an IPv4 /24, an IPv6 /64), and when the server is
// full a newcomer takes the place of the oldest unproven connection of the network that holds the
// most unproven places, if that network holds at least two more than the newcomer's own: places
// move only toward networks that hold fewer, and a network's only unproven connection keeps its
// place. So silent or wrong-token connections from a few networks cannot keep out a client of
// another network: it is admitted while some network holds two or more unproven places (with 20
// flooding networks, whenever they hold more than 20 places), and once its first line is right its
// place is its own.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>  // before Asio: Boost 1.74's awaitable.hpp uses std::exchange without it
// clang-format off
#include <boost/asio/ip/address.hpp>
// clang-format on

namespace othello {

struct ConnectionLimits {
    std::size_t max_clients = 1100;
    std::size_t max_per_address = 64;           // an IPv4 address, an IPv6 /64; 0: no limit
    std::size_t max_unproven_per_network = 32;  // an IPv4 /24, an IPv6 /64; 0: no limit
};

class ConnectionPlaces;

// One connection's place, held (through ConnectionContext::slot) by whatever serves the
// connection; its destruction frees the place. Used on the server's event loop.
class ConnectionPlace {
  public:
    ConnectionPlace(const ConnectionPlace&) = delete;
    ConnectionPlace& operator=(const ConnectionPlace&) = delete;
    ~ConnectionPlace();

    // The connection sent its first line (with --token: the right token): no newcomer can take
    // its place from now on. Once is enough; later calls change nothing.
    void prove();
    bool proven() const { return proven_; }
    // What ends the connection when a newcomer takes its place: set by whoever serves the socket
    // now (the token gate, then the session or the relay).
    void on_evicted(std::function<void()> evict) { evict_ = std::move(evict); }

  private:
    friend class ConnectionPlaces;
    struct Shared;
    ConnectionPlace(std::shared_ptr<Shared> shared, boost::asio::ip::address address,
                    boost::asio::ip::address network, std::uint64_t order);

    std::shared_ptr<Shared> shared_;
    boost::asio::ip::address address_;              // counted against max_per_address
    boost::asio::ip::address network_;              // counted against max_unproven_per_network
    std::uint64_t order_;                           // admission order: the oldest is evicted first
    std::list<ConnectionPlace*>::iterator queued_;  // among its network's unproven places
    bool proven_ = false;
    bool evicted_ = false;  // its counts were released when it was evicted
    std::function<void()> evict_;
};

class ConnectionPlaces {
  public:
    explicit ConnectionPlaces(ConnectionLimits limits);

    struct Admission {
        std::shared_ptr<ConnectionPlace> place;  // null: refused
        std::string refusal;                     // why, when refused
        // When the place was taken from another connection: call it (it ends that connection),
        // and log that connection's end with evicted_network.
        std::function<void()> evict;
        std::string evicted_network;  // "203.0.113.0/24"
    };
    // A place for a connection from `address`, taken from another network's unproven connection
    // when the server is full (see above), or a refusal.
    Admission admit(const boost::asio::ip::address& address);

    std::size_t open() const;
    std::size_t unproven() const;

  private:
    std::shared_ptr<ConnectionPlace::Shared> shared_;
};

}  // namespace othello
