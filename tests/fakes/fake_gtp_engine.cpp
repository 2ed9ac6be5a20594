// fake-gtp-engine: a scripted GTP engine for the match runner's tests. It plays random legal
// moves, and misbehaves on cue: --mode illegal|illegal-extra|twice|latin1|garbage|flood|
// flood-lines (short lines, never the empty line that ends a reply)|crash|
// hang|silent|disconnect|deaf|refuse-play|pass|no-pass at its --at'th genmove (and every later
// one, or only that one with --once 1); twice answers a legal move twice; pass passes with legal
// moves, no-pass answers an empty square when it has no move; latin1 (a French engine in Latin-1)
// also gives its name, and refuses the time commands, with bytes that are not UTF-8; --die-at N
// exits at the N'th whatever the mode; --delay S sleeps S seconds before every move, --ack-delay S
// before answering every clear_board and play. --log FILE appends every command it receives to
// FILE. --name-cpus 1 answers `name` with the CPUs it may run on
// ("fake cpus=0-3", from /proc/self/status), so a test sees the runner's pinning. With --tcp PORT
// it serves connections on 127.0.0.1 (PORT 0: any free port, printed on stdout first).
// --ids echo|drop: a command may start with a numeric id, echoed in the response ("=12 c4", as GTP
// says) or dropped ("= c4"); without it (plain, the default) a leading number is taken for the
// command's name, and refused. --mode trust takes every second the time commands allow: before
// each genmove it sleeps the last time_left for its colour (plus the byo-yomi of time_settings in
// main time), or all time_settings offer when no time_left came.
// clang-format off
#include <utility>  // before Asio: Boost 1.74's awaitable.hpp uses std::exchange without it
// clang-format on
#include <bit>
#include <boost/asio.hpp>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>

#include "engine/game.h"
#include "engine/rng.h"

using namespace othello;

namespace {

struct Script {
    std::string mode = "normal";
    int at = 1;         // the genmove (counted over the engine's life) where the mode strikes
    int die_at = 0;     // > 0: exits (as a crash) at this genmove, whatever the mode
    bool once = false;  // the mode strikes at the --at'th genmove only
    double delay = 0;   // seconds slept before every move
    // Seconds slept before answering clear_board and play.
    double ack_delay = 0;
    std::uint64_t seed = 1;
    std::string log_path;       // every command received is appended here
    bool name_cpus = false;     // `name` answers with the CPUs this process may run on
    std::string ids = "plain";  // echo | drop | plain
};

// What the time commands announced, as an engine that trusts them reads it.
struct Announced {
    double main = 0, byoyomi = 0;
    double left[2] = {-1, -1};  // the last time_left per colour; -1: none yet
    int stones[2] = {0, 0};

    void settings(std::istringstream& args) { args >> main >> byoyomi; }
    void time_left(Color c, std::istringstream& args) {
        args >> left[static_cast<int>(c)] >> stones[static_cast<int>(c)];
    }
    // All this move may take: in main time the main time left and then one byo-yomi period.
    double budget(Color c) const {
        const int i = static_cast<int>(c);
        if (left[i] < 0) return main + byoyomi;
        return stones[i] == 0 ? left[i] + byoyomi : left[i];
    }
};

// This process's CPU list as the kernel shows it ("0-3"), or "?" when it cannot be read.
std::string allowed_cpu_list() {
    std::ifstream status("/proc/self/status");
    std::string line;
    const std::string key = "Cpus_allowed_list:";
    while (std::getline(status, line)) {
        if (!line.starts_with(key)) continue;
        std::istringstream value(line.substr(key.size()));
        std::string list;
        value >> list;
        return list;
    }
    return "?";
}

void pause(double seconds) {
    if (seconds > 0) std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
}

enum class SessionEnd { Quit, InputEnded, Disconnect };

SessionEnd serve(std::istream& in, std::ostream& out, const Script& script, int& genmoves) {
    Game game;
    Rng rng(script.seed);
    Announced announced;
    std::string line, id;
    // "=", and the command's id when it had one and ids are echoed.
    auto head = [&](char status) { return status + (script.ids == "echo" ? id : std::string()); };
    auto reply = [&](const std::string& text) {
        out << head('=') << " " << text << "\n\n" << std::flush;
    };
    auto fail = [&](const std::string& text) {
        out << head('?') << " " << text << "\n\n" << std::flush;
    };
    std::ofstream log;
    if (!script.log_path.empty()) log.open(script.log_path, std::ios::app);
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (log.is_open()) log << line << std::endl;
        std::istringstream words(line);
        std::string command, color, where;
        words >> command;
        id.clear();
        if (script.ids != "plain" && !command.empty() &&
            command.find_first_not_of("0123456789") == std::string::npos) {
            id = command;
            words >> command;
        }
        std::string rest;
        std::getline(words, rest);
        std::istringstream(rest) >> color >> where;
        std::istringstream time_args(rest);
        if (command.empty()) continue;
        if (command == "protocol_version") {
            if (script.mode == "silent") std::this_thread::sleep_for(std::chrono::hours(1));
            reply("2");
        } else if (command == "name") {
            if (script.name_cpus)
                reply("fake cpus=" + allowed_cpu_list());
            else
                reply(script.mode == "latin1" ? "fake-\xe9l\xe8ve" : "fake");
        } else if (command == "version") {
            reply("1");
        } else if (command == "list_commands" || command == "known_command") {
            static const std::string kKnown =
                "protocol_version\nname\nversion\nknown_command\nlist_commands\nquit\n"
                "boardsize\nclear_board\nkomi\nplay\ngenmove\ntime_settings\ntime_left";
            const bool known =
                ("\n" + kKnown + "\n").find("\n" + color + "\n") != std::string::npos;
            command == "list_commands" ? reply(kKnown) : reply(known ? "true" : "false");
        } else if (command == "boardsize") {
            color == "8" ? reply("") : fail("unacceptable size");
        } else if (command == "clear_board") {
            pause(script.ack_delay);
            game = Game();
            reply("");
        } else if (command == "komi" || command == "time_settings" || command == "time_left") {
            if (command == "time_settings") announced.settings(time_args);
            if (command == "time_left") {
                std::string c;
                time_args >> c;
                announced.time_left(c == "b" || c == "black" ? Color::Black : Color::White,
                                    time_args);
            }
            script.mode == "latin1" && command != "komi" ? fail("temps non g\xe9r\xe9") : reply("");
        } else if (command == "quit") {
            reply("");
            return SessionEnd::Quit;
        } else if (command == "play") {
            pause(script.ack_delay);
            const auto move = Move::parse(where);
            const Color c = (color == "b" || color == "black") ? Color::Black : Color::White;
            if (script.mode == "refuse-play" && genmoves + 1 >= script.at) {
                fail("I refuse");
                continue;
            }
            try {
                if (!move) throw IllegalMove("not a move");
                if (game.current().side_to_move() != c) game.play(Move::pass());
                game.play(*move);
                reply("");
            } catch (const std::exception& e) {
                fail(std::string("illegal move: ") + e.what());
            }
        } else if (command == "genmove") {
            const Color c = (color == "b" || color == "black") ? Color::Black : Color::White;
            ++genmoves;
            if (script.die_at > 0 && genmoves >= script.die_at) std::_Exit(3);
            pause(script.delay);
            if (script.mode == "trust") pause(announced.budget(c));
            if (script.once ? genmoves == script.at : genmoves >= script.at) {
                if (script.mode == "crash") std::_Exit(3);
                if (script.mode == "hang") std::this_thread::sleep_for(std::chrono::hours(1));
                if (script.mode == "disconnect" || script.mode == "deaf")
                    return SessionEnd::Disconnect;
                if (script.mode == "flood") {
                    out << head('=') << " " << std::string(1 << 20, 'x') << "\n\n" << std::flush;
                    continue;
                }
                if (script.mode == "flood-lines") {
                    // Short lines without the empty line that ends a response, until stopped.
                    out << head('=') << " c4\n";
                    const std::string line(79, 'x');
                    while (out << line << '\n') {
                    }
                    return SessionEnd::Disconnect;
                }
                if (script.mode == "illegal-extra") {
                    // An illegal move, then a second reply nobody asked for.
                    out << head('=') << " d4\n\n" << head('=') << " d4\n\n" << std::flush;
                    continue;
                }
                if (script.mode == "latin1") {
                    // Long enough that a kept protocol line (200 bytes) ends inside its last
                    // character, a valid UTF-8 "\xc3\xa9" cut in two.
                    fail("coup ill\xe9gal " + std::string(184, 'x') + "\xc3\xa9");
                    continue;
                }
                if (script.mode == "garbage") {
                    out << "I think therefore I am\n\n" << std::flush;
                    continue;
                }
                if (script.mode == "illegal") {
                    // An occupied square is never legal.
                    reply("d4");
                    continue;
                }
            }
            const bool strikes = script.once ? genmoves == script.at : genmoves >= script.at;
            if (game.current().side_to_move() != c) game.play(Move::pass());
            const Bitboard moves = game.current().legal_moves();
            if (strikes && script.mode == "pass" && moves) {
                reply("pass");
                continue;
            }
            if (!moves) {
                const Bitboard empty = game.current().empties();
                reply(strikes && script.mode == "no-pass" && empty
                          ? Square::from_index(std::countr_zero(empty)).to_string()
                          : "pass");
                continue;
            }
            const Move m = Square::from_index(rng.pick_bit(moves));
            game.play(m);
            reply(m.to_string());
            if (script.mode == "twice" &&
                (script.once ? genmoves == script.at : genmoves >= script.at))
                reply(m.to_string());
        } else {
            fail("unknown command");
        }
    }
    return SessionEnd::InputEnded;
}

}  // namespace

int main(int argc, char** argv) {
    Script script;
    int tcp_port = -1;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string key = argv[i], value = argv[i + 1];
        if (key == "--mode")
            script.mode = value;
        else if (key == "--at")
            script.at = std::atoi(value.c_str());
        else if (key == "--die-at")
            script.die_at = std::atoi(value.c_str());
        else if (key == "--once")
            script.once = value == "1";
        else if (key == "--delay")
            script.delay = std::atof(value.c_str());
        else if (key == "--ack-delay")
            script.ack_delay = std::atof(value.c_str());
        else if (key == "--seed")
            script.seed = std::strtoull(value.c_str(), nullptr, 10);
        else if (key == "--log")
            script.log_path = value;
        else if (key == "--name-cpus")
            script.name_cpus = value == "1";
        else if (key == "--ids")
            script.ids = value;
        else if (key == "--tcp")
            tcp_port = std::atoi(value.c_str());
        else {
            std::cerr << "fake-gtp-engine: unknown option " << key << "\n";
            return 2;
        }
    }
    int genmoves = 0;
    if (tcp_port < 0) {
        serve(std::cin, std::cout, script, genmoves);
        return 0;
    }
    namespace asio = boost::asio;
    asio::io_context io;
    asio::ip::tcp::acceptor acceptor(
        io, {asio::ip::make_address("127.0.0.1"), static_cast<unsigned short>(tcp_port)});
    std::cout << acceptor.local_endpoint().port() << std::endl;
    // Serves one connection at a time until stdin closes (the test's way of stopping it).
    std::thread stdin_watch([] {
        std::string ignored;
        while (std::getline(std::cin, ignored)) {
        }
        std::_Exit(0);
    });
    stdin_watch.detach();
    for (;;) {
        asio::ip::tcp::iostream stream;
        acceptor.accept(stream.socket());
        stream.socket().set_option(asio::ip::tcp::no_delay(true));  // one small reply per command
        serve(stream, stream, script, genmoves);
        stream.close();
        if (script.mode == "disconnect")
            script.mode = "normal";  // misbehave once, then let it reconnect
        // Deaf: connections are still queued by the kernel but never served.
        if (script.mode == "deaf") std::this_thread::sleep_for(std::chrono::hours(1));
    }
}
