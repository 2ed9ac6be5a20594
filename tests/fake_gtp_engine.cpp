// fake-gtp-engine: a scripted GTP engine for the match runner's tests. It plays random legal
// moves, and misbehaves on cue: --mode illegal|illegal-extra|twice|latin1|garbage|flood|
// flood-lines (short lines, never the empty line that ends a reply)|crash|
// hang|silent|disconnect|deaf|refuse-play at its --at'th genmove (and every later one, or only that
// one with --once 1); twice answers a legal move twice; latin1 (a French engine in Latin-1) also
// gives its name, and refuses the time commands, with bytes that are not UTF-8; --die-at N exits at
// the N'th whatever the mode; --delay S sleeps S seconds before every move, --ack-delay S before
// answering every clear_board and play. --log FILE appends
// every command it receives to FILE. --name-cpus 1 answers `name` with the CPUs it may run on
// ("fake cpus=0-3", from /proc/self/status), so a test sees the runner's pinning. With --tcp PORT
// it serves connections on 127.0.0.1 (PORT 0: any free port, printed on stdout first).
// clang-format off
#include <utility>  // before Asio: Boost 1.74's awaitable.hpp uses std::exchange without it
// clang-format on
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
    std::string log_path;    // every command received is appended here
    bool name_cpus = false;  // `name` answers with the CPUs this process may run on
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
    std::string line;
    auto reply = [&](const std::string& text) { out << "= " << text << "\n\n" << std::flush; };
    auto fail = [&](const std::string& text) { out << "? " << text << "\n\n" << std::flush; };
    std::ofstream log;
    if (!script.log_path.empty()) log.open(script.log_path, std::ios::app);
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (log.is_open()) log << line << std::endl;
        std::istringstream words(line);
        std::string command, color, where;
        words >> command >> color >> where;
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
        } else if (command == "boardsize") {
            color == "8" ? reply("") : fail("unacceptable size");
        } else if (command == "clear_board") {
            pause(script.ack_delay);
            game = Game();
            reply("");
        } else if (command == "komi" || command == "time_settings" || command == "time_left") {
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
            if (script.once ? genmoves == script.at : genmoves >= script.at) {
                if (script.mode == "crash") std::_Exit(3);
                if (script.mode == "hang") std::this_thread::sleep_for(std::chrono::hours(1));
                if (script.mode == "disconnect" || script.mode == "deaf")
                    return SessionEnd::Disconnect;
                if (script.mode == "flood") {
                    out << "= " << std::string(1 << 20, 'x') << "\n\n" << std::flush;
                    continue;
                }
                if (script.mode == "flood-lines") {
                    // Short lines without the empty line that ends a response, until stopped.
                    out << "= c4\n";
                    const std::string line(79, 'x');
                    while (out << line << '\n') {
                    }
                    return SessionEnd::Disconnect;
                }
                if (script.mode == "illegal-extra") {
                    // An illegal move, then a second reply nobody asked for.
                    out << "= d4\n\n= d4\n\n" << std::flush;
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
            if (game.current().side_to_move() != c) game.play(Move::pass());
            const Bitboard moves = game.current().legal_moves();
            if (!moves) {
                reply("pass");
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
