// The token flood: connections from many loopback addresses standing for source networks stay
// silent, send a wrong token, or send a wrong token and hang up at once, reconnecting as soon as
// they are closed (or at once), or send a wrong token and hold the connection open without
// reading for 1.5 s (past the server's 1 s linger after a refusal), each time from a fresh
// address of their network, while honest clients with the right token try to get in: one in
// another network, one in the flood's first network. Shared by the tests (small counts) and
// othello-flood-bench (its table).
//
// Addresses: all of 127.0.0.0/8 is loopback on Linux, so flood network i is 127.(10 + i / 250).
// (i % 250).0/24 and its addresses .1, .2, ...; the neighbour is .250 of network 0, the other
// network's client 127.200.0.1. IPv6 has one loopback address (::1), so an IPv6 flood is
// simulated: the server (in process) counts each peer 127.a.b.c as 2001:db8:a:bc::1
// (ipv6_source), and a flood of 256 addresses 127.10.0.0 ... 127.10.0.255 is 256 /64s of the /56
// 2001:db8:a:0::/56, its neighbour 127.10.1.1 a /64 of another /56 of the same /48.
#pragma once

#include <poll.h>
#include <sys/socket.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <utility>  // before Asio: Boost 1.74's awaitable.hpp uses std::exchange without it
#include <vector>
// clang-format off
#include <boost/asio/ip/address.hpp>
// clang-format on

#include "tests/support/gtp_test_client.h"

namespace othello::testing {

enum class FloodKind {
    Silent,
    WrongToken,
    HangUp,
    // A wrong token, then the connection held open unread for kFloodHold, then closed; each
    // connection from the next address of its network (of 249; IPv6: of the 256 /64s), so that
    // no address fails often enough to be penalised (unless the shape is one address).
    WrongTokenHeld,
};

// How long a WrongTokenHeld connection stays open after its wrong token.
inline constexpr std::chrono::milliseconds kFloodHold{1500};

struct FloodShape {
    int networks = 1;     // IPv4 /24s (ipv6: one /56)
    int addresses = 1;    // per network (at most 249; ipv6: /64s, at most 256)
    int per_address = 1;  // connections each address keeps open (HangUp: opens at once, each round)
    FloodKind kind = FloodKind::Silent;
    bool ipv6 = false;  // addresses stand for /64s of one /56 (ipv6_source)
};

struct FloodTries {
    std::string token;  // the right one; the flood sends "wrong"
    int tries = 10;     // per honest client
    std::chrono::milliseconds warm_up{std::chrono::seconds(2)};  // flood alone before the first
    std::chrono::milliseconds between{std::chrono::milliseconds(100)};
    std::chrono::milliseconds patience{std::chrono::seconds(5)};  // for one try's answer
    std::vector<std::string> clients;                             // their addresses, in turn
};

// What one honest client got.
struct ClientOutcome {
    std::vector<double> waits;          // seconds from connecting to "=", of the tries served
    std::vector<std::string> failures;  // what the others got instead
};

struct FloodResult {
    std::vector<ClientOutcome> clients;  // as FloodTries::clients
    long flood_connections = 0;          // connections the flood opened
};

inline const std::string kOtherNetworkClient = "127.200.0.1";

inline std::string flood_address(const FloodShape& shape, int network, int address) {
    if (shape.ipv6) return "127.10.0." + std::to_string(address);
    return "127." + std::to_string(10 + network / 250) + "." + std::to_string(network % 250) + "." +
           std::to_string(1 + address);
}

// A client of the flood's first network (IPv4 /24; IPv6: another /56 of the flood's /48) that
// does not flood.
inline std::string neighbour_address(const FloodShape& shape) {
    return shape.ipv6 ? "127.10.1.1" : "127.10.0.250";
}

// What the server counts a loopback peer 127.a.b.c as for an IPv6 flood: 2001:db8:a:bc::1 (so
// 127.a.b.* is the /56 2001:db8:a:b00::/56 and 127.a.*.* the /48 2001:db8:a::/48).
inline boost::asio::ip::address ipv6_source(const boost::asio::ip::address& peer) {
    const auto v4 = peer.to_v4().to_bytes();
    boost::asio::ip::address_v6::bytes_type v6{};
    v6[0] = 0x20, v6[1] = 0x01, v6[2] = 0x0d, v6[3] = 0xb8;
    v6[5] = v4[1], v6[6] = v4[2], v6[7] = v4[3], v6[15] = 1;
    return boost::asio::ip::address_v6(v6);
}

namespace token_flood_detail {

struct FloodSlot {
    std::unique_ptr<GtpSocket> socket;
    std::string from;
    int network = 0;
    std::chrono::steady_clock::time_point opened{};
};

// WrongTokenHeld: the next address of `slot`'s network, taking turns with the network's other
// slots (`turn` counts them all), so that each address fails about once per 249 connections.
inline void next_address(const FloodShape& shape, FloodSlot& slot, long turn) {
    if (shape.addresses == 1 && shape.networks == 1) return;  // one address: it stays
    const int per_network = shape.ipv6 ? 256 : 249;
    slot.from = flood_address(shape, slot.network, static_cast<int>(turn % per_network));
}

// Opens what is missing: a silent connection, or one that sends a wrong token (and, for HangUp,
// closes at once).
inline void reopen(unsigned short port, FloodKind kind, FloodSlot& slot,
                   std::atomic<long>& opened) {
    try {
        slot.socket = std::make_unique<GtpSocket>(port, slot.from);
        slot.opened = std::chrono::steady_clock::now();
        ++opened;
        if (kind != FloodKind::Silent) slot.socket->send_raw("othello-token wrong\n");
        if (kind == FloodKind::HangUp) slot.socket.reset();
    } catch (const std::exception&) {
        slot.socket.reset();  // no port left to bind, or reset at once: again next round
    }
}

// Keeps the flood going until `stop`.
inline void run_flood(unsigned short port, const FloodShape& shape, const std::atomic<bool>& stop,
                      std::atomic<long>& opened) {
    std::vector<FloodSlot> slots;
    for (int n = 0; n < (shape.ipv6 ? 1 : shape.networks); ++n)
        for (int a = 0; a < shape.addresses; ++a)
            for (int k = 0; k < shape.per_address; ++k)
                slots.push_back({nullptr, flood_address(shape, n, a), n, {}});
    std::vector<long> turn_of_network(static_cast<std::size_t>(shape.networks), 0);
    const bool held = shape.kind == FloodKind::WrongTokenHeld;
    std::vector<pollfd> fds(slots.size());
    while (!stop) {
        const auto now = std::chrono::steady_clock::now();
        for (auto& slot : slots) {
            // Held: closed once its time is up, never read (the server's answer waits unread).
            if (held && slot.socket && now - slot.opened >= kFloodHold) slot.socket.reset();
            if (slot.socket || stop) continue;
            if (held) next_address(shape, slot, turn_of_network[slot.network]++);
            reopen(port, shape.kind, slot, opened);
        }
        if (held) {
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
            continue;
        }
        for (std::size_t i = 0; i < slots.size(); ++i)
            fds[i] = {slots[i].socket ? slots[i].socket->fd() : -1, POLLIN, 0};
        if (::poll(fds.data(), fds.size(), 10) <= 0) continue;
        for (std::size_t i = 0; i < slots.size(); ++i) {
            if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
            char chunk[256];
            if (::recv(fds[i].fd, chunk, sizeof chunk, MSG_DONTWAIT) <= 0) slots[i].socket.reset();
        }
    }
}

// One try: connect from `from`, send the token, wait for "=", and check the engine behind
// answers `name`.
inline void try_once(unsigned short port, const FloodTries& tries, const std::string& from,
                     ClientOutcome& outcome) {
    const auto start = std::chrono::steady_clock::now();
    try {
        GtpSocket client(port, from);
        client.send_raw("othello-token " + tries.token + "\n");
        const std::string answer = answer_within(client, tries.patience);
        const double waited =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (answer != "=\n\n") {
            outcome.failures.push_back("token answered '" + answer.substr(0, answer.find('\n')) +
                                       "' after " + std::to_string(waited) + " s");
        } else if (const std::string name = client.send("name"); name.rfind("= ", 0) != 0) {
            outcome.failures.push_back("name answered '" + name + "'");
        } else {
            outcome.waits.push_back(waited);
        }
    } catch (const std::exception& e) {
        outcome.failures.push_back(e.what());
    }
}

}  // namespace token_flood_detail

// Runs the flood against the server at `port` and the honest clients' tries through it, each
// client in turn.
inline FloodResult run_token_flood(unsigned short port, const FloodShape& shape,
                                   const FloodTries& tries) {
    std::atomic<bool> stop{false};
    std::atomic<long> opened{0};
    std::thread flooder([&] { token_flood_detail::run_flood(port, shape, stop, opened); });
    FloodResult result;
    result.clients.resize(tries.clients.size());
    std::this_thread::sleep_for(tries.warm_up);
    for (int t = 0; t < tries.tries; ++t) {
        for (std::size_t c = 0; c < tries.clients.size(); ++c) {
            token_flood_detail::try_once(port, tries, tries.clients[c], result.clients[c]);
            std::this_thread::sleep_for(tries.between);
        }
    }
    stop = true;
    flooder.join();
    result.flood_connections = opened;
    return result;
}

}  // namespace othello::testing
