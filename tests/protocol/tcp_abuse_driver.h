// The TCP abuse driver: well-behaved GTP clients playing whole games against a server on
// 127.0.0.1 while misbehaving clients hold connections silently (slowloris), send over-long lines,
// binary garbage, close mid-command, or connect and disconnect in a loop. Shared by the ctest
// (small counts) and othello-abuse-bench (1,000 + 100). The misbehaving clients come from another
// network than the games, an address of 127.0.2.0/24 for each kind: their failures are penalised
// (admission.h), and a penalty falls only on the addresses that earned it.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "engine/game.h"
#include "engine/rng.h"
#include "tests/support/gtp_test_client.h"

namespace othello::testing {

struct AbuseCounts {
    int good_games = 100;  // well-behaved clients, one whole game each
    int good_threads = 8;  // how many play at once
    int slowloris = 4;     // of each kind of misbehaving client
    int overlong = 4;
    int garbage = 4;
    int mid_command = 4;
    int churn = 4;                            // each connects and disconnects 10 times
    std::size_t overlong_bytes = 200 * 1024;  // per over-long line (3 are sent)
    std::string token;                        // sent first by every client when not empty
};

struct AbuseResult {
    int games_completed = 0;            // legal, finished games whose moves match the transcript
    std::vector<std::string> failures;  // what went wrong in the others
    int misbehaving_connections = 0;
    int slowloris_closed_by_server = 0;
    int overlong_closed_by_server = 0;
    double seconds = 0;
};

namespace abuse_detail {

// Where each kind of misbehaving client connects from (the games come from 127.0.0.1).
enum class Misbehaviour { Slowloris = 1, Overlong, Garbage, MidCommand, Churn };
inline std::string misbehaving_from(Misbehaviour kind) {
    return "127.0.2." + std::to_string(static_cast<int>(kind));
}

inline void send_token(GtpSocket& client, const std::string& token) {
    if (token.empty()) return;
    const std::string reply = client.send("othello-token " + token);
    if (reply != "=\n") throw std::runtime_error("token refused: " + reply);
}

// One whole game by genmove for both colours; checks every reply against a local Game and the
// server's final transcript. Returns "" or what was wrong.
inline std::string play_checked_game(unsigned short port, const std::string& token) {
    try {
        GtpSocket client(port);
        send_token(client, token);
        if (client.send("clear_board") != "=\n") return "clear_board refused";
        Game local;
        for (int ply = 0; ply < 130 && !local.is_over(); ++ply) {
            const Color side = local.current().side_to_move();
            const std::string reply = client.send(side == Color::Black ? "genmove b" : "genmove w");
            if (reply.rfind("= ", 0) != 0) return "genmove answered: " + reply;
            const Move move = Move::parse_or_throw(reply.substr(2, reply.size() - 3));
            local.play(move);  // throws IllegalMove for an illegal answer
        }
        if (!local.is_over()) return "game not over after 130 plies";
        const std::string transcript = client.send("othello-transcript");
        if (transcript != "= " + local.transcript() + "\n") {
            return "transcript " + transcript + " but played " + local.transcript();
        }
        client.send_raw("quit\n");
        return "";
    } catch (const std::exception& e) {
        return std::string("exception: ") + e.what();
    }
}

// What the misbehaving clients saw, counted from their threads.
struct MisbehaviourCounters {
    std::atomic<int> connections{0}, slowloris_closed{0}, overlong_closed{0};
};

// Slowloris: connect, send one byte of a command, then nothing; the idle timeout must end it.
inline void start_slowloris(unsigned short port, const AbuseCounts& counts,
                            MisbehaviourCounters& seen, std::vector<std::thread>& threads) {
    for (int i = 0; i < counts.slowloris; ++i) {
        threads.emplace_back([port, &seen] {
            try {
                GtpSocket c(port, misbehaving_from(Misbehaviour::Slowloris));
                ++seen.connections;
                c.send_raw("g");
                if (c.closed_by_server()) ++seen.slowloris_closed;
            } catch (const std::exception&) {
            }
        });
    }
}

// Over-long lines: three lines far past the limit, then wait for the server to hang up.
inline void start_overlong(unsigned short port, const AbuseCounts& counts,
                           MisbehaviourCounters& seen, std::vector<std::thread>& threads) {
    for (int i = 0; i < counts.overlong; ++i) {
        threads.emplace_back([port, &counts, &seen] {
            try {
                GtpSocket c(port, misbehaving_from(Misbehaviour::Overlong));
                ++seen.connections;
                send_token(c, counts.token);
                const std::string line = "name " + std::string(counts.overlong_bytes, 'x') + "\n";
                for (int k = 0; k < 3; ++k) c.send_raw(line);
                if (c.closed_by_server()) ++seen.overlong_closed;
            } catch (const std::exception&) {
                ++seen.overlong_closed;  // the server closed while we were still sending: also a
                                         // drop
            }
        });
    }
}

// Binary garbage, newlines included, then a clean close.
inline void start_garbage(unsigned short port, const AbuseCounts& counts,
                          MisbehaviourCounters& seen, std::vector<std::thread>& threads) {
    for (int i = 0; i < counts.garbage; ++i) {
        threads.emplace_back([port, &seen, i] {
            try {
                GtpSocket c(port, misbehaving_from(Misbehaviour::Garbage));
                ++seen.connections;
                Rng rng(1000 + static_cast<std::uint64_t>(i));
                std::string bytes(8192, '\0');
                for (char& b : bytes) b = static_cast<char>(rng.below(256));
                c.send_raw(bytes);
                c.send_raw("\n");
            } catch (const std::exception&) {
            }
        });
    }
}

// Close mid-command: half a line, or a whole genmove whose answer is never read.
inline void start_mid_command(unsigned short port, const AbuseCounts& counts,
                              MisbehaviourCounters& seen, std::vector<std::thread>& threads) {
    for (int i = 0; i < counts.mid_command; ++i) {
        threads.emplace_back([port, &counts, &seen, i] {
            try {
                GtpSocket c(port, misbehaving_from(Misbehaviour::MidCommand));
                ++seen.connections;
                send_token(c, counts.token);
                c.send_raw(i % 2 ? "1 genmove b\n2 genmove w\n3 genm" : "play b d3\ngenmove w\n");
            } catch (const std::exception&) {
            }
        });
    }
}

// Churn: connect and disconnect in a loop.
inline void start_churn(unsigned short port, const AbuseCounts& counts, MisbehaviourCounters& seen,
                        std::vector<std::thread>& threads) {
    for (int i = 0; i < counts.churn; ++i) {
        threads.emplace_back([port, &seen] {
            for (int k = 0; k < 10; ++k) {
                try {
                    GtpSocket c(port, misbehaving_from(Misbehaviour::Churn));
                    ++seen.connections;
                } catch (const std::exception&) {
                }
            }
        });
    }
}

// The well-behaved clients' games, `counts.good_threads` at a time; each one's outcome goes to
// `result`.
inline void play_good_games(unsigned short port, const AbuseCounts& counts, AbuseResult& result) {
    std::mutex mutex;
    std::atomic<int> next_game{0};
    std::vector<std::thread> players;
    for (int t = 0; t < counts.good_threads; ++t) {
        players.emplace_back([&] {
            for (int g = next_game++; g < counts.good_games; g = next_game++) {
                const std::string failure = play_checked_game(port, counts.token);
                std::lock_guard lock(mutex);
                if (failure.empty()) {
                    ++result.games_completed;
                } else {
                    result.failures.push_back("game " + std::to_string(g) + ": " + failure);
                }
            }
        });
    }
    for (auto& t : players) t.join();
}

}  // namespace abuse_detail

// Runs every client to the end; the misbehaving ones start first and hold their connections
// while the games are played.
inline AbuseResult run_tcp_abuse(unsigned short port, const AbuseCounts& counts) {
    using namespace abuse_detail;
    const auto start = std::chrono::steady_clock::now();
    AbuseResult result;
    MisbehaviourCounters seen;
    std::vector<std::thread> threads;
    start_slowloris(port, counts, seen, threads);
    start_overlong(port, counts, seen, threads);
    start_garbage(port, counts, seen, threads);
    start_mid_command(port, counts, seen, threads);
    start_churn(port, counts, seen, threads);
    play_good_games(port, counts, result);
    for (auto& t : threads) t.join();
    result.misbehaving_connections = seen.connections;
    result.slowloris_closed_by_server = seen.slowloris_closed;
    result.overlong_closed_by_server = seen.overlong_closed;
    result.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

}  // namespace othello::testing
