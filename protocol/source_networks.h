// Source networks: what admission counts a client by. One client commonly holds many addresses of
// one network (an IPv6 /64 at least; often an IPv4 /24's worth, or a whole IPv6 /56 or /48), so
// limits and penalties count nested networks: an IPv4 address (/32) within its /24; an IPv6 /64
// within its /56 within its /48. The finest level is one client ("an address"); the coarser ones
// are shared by many clients, so what happens there never falls on a client that did nothing
// (admission.h, source_penalties.h).
#pragma once

#include <utility>  // before Asio: Boost 1.74's awaitable.hpp uses std::exchange without it
// clang-format off
#include <boost/asio/ip/address.hpp>
// clang-format on
#include <string>
#include <tuple>
#include <vector>

namespace othello {

// One network: an address with all but its first `prefix` bits cleared.
struct SourceNetwork {
    boost::asio::ip::address network;
    int prefix = 0;

    bool operator<(const SourceNetwork& other) const {
        return std::tie(network, prefix) < std::tie(other.network, other.prefix);
    }
    bool operator==(const SourceNetwork& other) const {
        return network == other.network && prefix == other.prefix;
    }
    // "203.0.113.0/24", "2001:db8:0:100::/56": as log lines and refusals name it.
    std::string text() const;
};

// The prefixes a source is counted at, finest first.
inline constexpr int kIpv4Levels[] = {32, 24};
inline constexpr int kIpv6Levels[] = {64, 56, 48};

// `address`'s networks, finest (the client) first, coarsest last: IPv4 /32, /24; IPv6 /64, /56,
// /48. An IPv4-mapped IPv6 address (::ffff:a.b.c.d, what a dual-stack socket sees) counts as the
// IPv4 address it maps.
std::vector<SourceNetwork> source_networks(const boost::asio::ip::address& address);

// `address` with all but its first `prefix` bits cleared (an IPv4-mapped address as IPv4).
SourceNetwork network_of(const boost::asio::ip::address& address, int v4_prefix, int v6_prefix);

}  // namespace othello
