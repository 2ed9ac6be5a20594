// Client networks: the limits a client could dodge by changing its address (connections per
// address, the token brake) count networks instead, since one client commonly holds a whole IPv6
// /64 and may hold many IPv4 addresses of one /24.
#pragma once

#include <utility>  // before Asio: Boost 1.74's awaitable.hpp uses std::exchange without it
// clang-format off
#include <boost/asio/ip/address.hpp>
// clang-format on
#include <string>

namespace othello {

// One client's network, as the token brake and the cap on connections not yet past their first
// line count them: an IPv4 /24, an IPv6 /64.
inline constexpr int kClientNetworkV4Prefix = 24;
inline constexpr int kClientNetworkV6Prefix = 64;

// `address` with all but its first `v4_prefix` (IPv4) or `v6_prefix` (IPv6) bits cleared. An
// IPv4-mapped IPv6 address (::ffff:a.b.c.d, what a dual-stack socket sees) counts as the IPv4
// address it maps.
boost::asio::ip::address client_network(const boost::asio::ip::address& address, int v4_prefix,
                                        int v6_prefix);

// "203.0.113.0/24", "2001:db8::/64": the network as log lines name it.
std::string network_text(const boost::asio::ip::address& network, int v4_prefix, int v6_prefix);

}  // namespace othello
