// The token flood: connections from many addresses of a few networks that stay silent or send a
// wrong token, reconnecting as soon as the server closes them, while a client of another network
// with the right token tries to get in. Shared by the ctest (small counts) and
// othello-flood-bench (256 addresses of 20 networks), which prints the right client's waits.
#pragma once

#include <poll.h>
#include <sys/socket.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/gtp_test_client.h"

namespace othello::testing {

struct TokenFlood {
    int networks = 20;    // 127.0.1.0/24, 127.0.2.0/24, ...
    int addresses = 256;  // spread over the networks
    int per_address = 2;  // connections each address keeps open
    std::string token;    // the right one (the flood sends "wrong", or nothing)
    int tries = 5;        // of the right client, from 127.0.99.1
    std::chrono::milliseconds flood_first{std::chrono::seconds(2)};  // before the first try
    std::chrono::milliseconds between_tries{std::chrono::milliseconds(500)};
    std::chrono::milliseconds patience{std::chrono::seconds(30)};  // per try
};

struct TokenFloodResult {
    std::vector<double> waits;          // seconds from connecting to "=", per try served
    std::vector<std::string> failures;  // what the others got instead
    long flood_connections = 0;         // connections the flood opened
};

namespace token_flood_detail {

inline std::string flood_address(const TokenFlood& flood, int i) {
    return "127.0." + std::to_string(1 + i % flood.networks) + "." +
           std::to_string(1 + i / flood.networks);
}

// Keeps the flood's connections open until `stop`: each one the server closes is opened again.
// Half the addresses stay silent, the other half send a wrong token at once.
inline void run_flood(unsigned short port, const TokenFlood& flood, const std::atomic<bool>& stop,
                      std::atomic<long>& opened) {
    struct Slot {
        std::unique_ptr<GtpSocket> socket;
        std::string from;
        bool guesses;
    };
    std::vector<Slot> slots;
    for (int a = 0; a < flood.addresses; ++a)
        for (int k = 0; k < flood.per_address; ++k)
            slots.push_back({nullptr, flood_address(flood, a), a % 2 == 1});
    std::vector<pollfd> fds(slots.size());
    while (!stop) {
        for (auto& slot : slots) {
            if (slot.socket || stop) continue;
            try {
                slot.socket = std::make_unique<GtpSocket>(port, slot.from);
                ++opened;
                if (slot.guesses) slot.socket->send_raw("othello-token wrong\n");
            } catch (const std::exception&) {
                slot.socket.reset();  // refused or reset at once: try again next round
            }
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

}  // namespace token_flood_detail

// Runs the flood against the server at `port` and the right client's tries through it: each try
// connects, sends the token, waits for "=" and checks that the engine behind answers `name`.
inline TokenFloodResult run_token_flood(unsigned short port, const TokenFlood& flood) {
    std::atomic<bool> stop{false};
    std::atomic<long> opened{0};
    std::thread flooder([&] { token_flood_detail::run_flood(port, flood, stop, opened); });
    TokenFloodResult result;
    std::this_thread::sleep_for(flood.flood_first);
    for (int t = 0; t < flood.tries; ++t) {
        const auto start = std::chrono::steady_clock::now();
        try {
            GtpSocket client(port, "127.0.99.1");
            client.send_raw("othello-token " + flood.token + "\n");
            const std::string answer = answer_within(client, flood.patience);
            const double waited =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            if (answer != "=\n\n") {
                result.failures.push_back("token answered '" + answer + "' after " +
                                          std::to_string(waited) + " s");
            } else if (const std::string name = client.send("name"); name.rfind("= ", 0) != 0) {
                result.failures.push_back("name answered '" + name + "'");
            } else {
                result.waits.push_back(waited);
            }
        } catch (const std::exception& e) {
            result.failures.push_back(e.what());
        }
        std::this_thread::sleep_for(flood.between_tries);
    }
    stop = true;
    flooder.join();
    result.flood_connections = opened;
    return result;
}

}  // namespace othello::testing
