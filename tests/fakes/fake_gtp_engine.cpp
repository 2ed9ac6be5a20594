// fake-gtp-engine: a scripted GTP engine for the match runner's tests. It plays random legal
// moves, and misbehaves on cue: --mode illegal|illegal-extra|twice|latin1|garbage|flood|
// flood-lines (short lines, never the empty line that ends a reply)|crash|
// hang|silent|disconnect|deaf|refuse-play|pass|no-pass at its --at'th genmove (and every later
// one, or only that one with --once 1); twice answers a legal move twice; pass passes with legal
// moves, no-pass answers an empty square when it has no move; latin1 (a French engine in Latin-1)
// also gives its name, and refuses the time commands, with bytes that are not UTF-8; --die-at N
// exits at the N'th whatever the mode; --delay S sleeps S seconds before every move, --ack-delay S
// before answering every clear_board and play. --log FILE appends every command it receives to
// FILE. --name-bytes N answers `name` with N control bytes (ESC, in lines of 50,000), each
// escaped to 4 bytes by the runner; --mode long-lines answers genmove with 30 lines of 300 control
// bytes each (a reply that is no move). --name-cpus 1 answers `name` with the CPUs it may run on
// ("fake cpus=0-3", from /proc/self/status), so a test sees the runner's pinning. With --tcp PORT
// it serves connections on 127.0.0.1 (PORT 0: any free port, printed on stdout first).
// --ids echo|drop|edax: a command may start with a numeric id, echoed in the response ("=12 c4", as
// GTP says) or dropped ("= c4"), or as Edax 4.4 does (gtp.c): after a space ("= 12 c4"), and the
// last id received before every later answer, numbered or not; without it (plain, the default) a
// leading number is taken for the command's name, and refused. --mode trust takes every second the
// time commands allow: before each genmove it sleeps the last time_left for its colour (plus the
// byo-yomi of time_settings in main time), or all time_settings offer when no time_left came.
// clang-format off
#include <utility>  // before Asio: Boost 1.74's awaitable.hpp uses std::exchange without it
// clang-format on
#include <algorithm>
#include <bit>
#include <boost/asio.hpp>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <optional>
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
    std::string log_path;        // every command received is appended here
    bool name_cpus = false;      // `name` answers with the CPUs this process may run on
    std::size_t name_bytes = 0;  // > 0: `name` answers with this many ESC bytes
    std::string ids = "plain";   // echo | drop | plain
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

// How a genmove's scripted misbehaviour went: none struck, it answered in the move's place, or it
// ends the session.
enum class Misbehaviour { None, Answered, Disconnect };

Color color_named(const std::string& name) {
    return name == "b" || name == "black" ? Color::Black : Color::White;
}

// One session's conversation: the game it follows, and its answer to each command.
class FakeSession {
  public:
    FakeSession(std::ostream& out, const Script& script, int& genmoves)
        : out_(out), script_(script), genmoves_(genmoves), rng_(script.seed) {}

    // Answers one command line; a SessionEnd when that line ends the session.
    std::optional<SessionEnd> answer(const std::string& line) {
        std::istringstream words(line);
        std::string command;
        words >> command;
        if (script_.ids != "edax") id_.clear();  // Edax keeps the last id for every answer
        if (script_.ids != "plain" && !command.empty() &&
            command.find_first_not_of("0123456789") == std::string::npos) {
            id_ = command;
            words >> command;
        }
        std::string rest;
        std::getline(words, rest);
        if (command.empty()) return std::nullopt;
        return answer(command, rest);
    }

  private:
    // "=", and the command's id when it had one and ids are echoed.
    std::string head(char status) const {
        if (script_.ids == "edax")
            return id_.empty() ? std::string(1, status) : status + (" " + id_);
        return status + (script_.ids == "echo" ? id_ : std::string());
    }
    void reply(const std::string& text) {
        out_ << head('=') << " " << text << "\n\n" << std::flush;
    }
    // `bytes` ESC bytes in lines of at most 50,000 (a reply of several lines: the runner takes
    // lines of up to 64 KiB, replies of up to 1 MiB).
    static std::string control_lines(std::size_t bytes) {
        std::string text;
        for (std::size_t left = bytes; left > 0;) {
            const std::size_t n = std::min<std::size_t>(left, 50000);
            text += (text.empty() ? "" : "\n") + std::string(n, '\x1b');
            left -= n;
        }
        return text;
    }
    void fail(const std::string& text) { out_ << head('?') << " " << text << "\n\n" << std::flush; }
    // The --once'th genmove, or every one from --at on.
    bool strikes() const {
        return script_.once ? genmoves_ == script_.at : genmoves_ >= script_.at;
    }

    std::optional<SessionEnd> answer(const std::string& command, const std::string& rest) {
        std::string color, where;
        std::istringstream(rest) >> color >> where;
        if (command == "protocol_version") {
            if (script_.mode == "silent") std::this_thread::sleep_for(std::chrono::hours(1));
            reply("2");
        } else if (command == "name") {
            if (script_.name_cpus)
                reply("fake cpus=" + allowed_cpu_list());
            else if (script_.name_bytes > 0)
                reply(control_lines(script_.name_bytes));
            else
                reply(script_.mode == "latin1" ? "fake-\xe9l\xe8ve" : "fake");
        } else if (command == "version") {
            reply("1");
        } else if (command == "list_commands" || command == "known_command") {
            answer_command_list(command, color);
        } else if (command == "boardsize") {
            color == "8" ? reply("") : fail("unacceptable size");
        } else if (command == "clear_board") {
            pause(script_.ack_delay);
            game_ = Game();
            reply("");
        } else if (command == "komi" || command == "time_settings" || command == "time_left") {
            answer_time_command(command, rest);
        } else if (command == "quit") {
            reply("");
            return SessionEnd::Quit;
        } else if (command == "play") {
            answer_play(color_named(color), where);
        } else if (command == "genmove") {
            return answer_genmove(color_named(color));
        } else {
            fail("unknown command");
        }
        return std::nullopt;
    }

    void answer_command_list(const std::string& command, const std::string& asked) {
        static const std::string kKnown =
            "protocol_version\nname\nversion\nknown_command\nlist_commands\nquit\n"
            "boardsize\nclear_board\nkomi\nplay\ngenmove\ntime_settings\ntime_left";
        const bool known = ("\n" + kKnown + "\n").find("\n" + asked + "\n") != std::string::npos;
        command == "list_commands" ? reply(kKnown) : reply(known ? "true" : "false");
    }

    void answer_time_command(const std::string& command, const std::string& rest) {
        std::istringstream time_args(rest);
        if (command == "time_settings") announced_.settings(time_args);
        if (command == "time_left") {
            std::string c;
            time_args >> c;
            announced_.time_left(color_named(c), time_args);
        }
        script_.mode == "latin1" && command != "komi" ? fail("temps non g\xe9r\xe9") : reply("");
    }

    void answer_play(Color c, const std::string& where) {
        pause(script_.ack_delay);
        const auto move = Move::parse(where);
        if (script_.mode == "refuse-play" && genmoves_ + 1 >= script_.at) {
            fail("I refuse");
            return;
        }
        try {
            if (!move) throw IllegalMove("not a move");
            if (game_.current().side_to_move() != c) game_.play(Move::pass());
            game_.play(*move);
            reply("");
        } catch (const std::exception& e) {
            fail(std::string("illegal move: ") + e.what());
        }
    }

    std::optional<SessionEnd> answer_genmove(Color c) {
        ++genmoves_;
        if (script_.die_at > 0 && genmoves_ >= script_.die_at) std::_Exit(3);
        pause(script_.delay);
        if (script_.mode == "trust") pause(announced_.budget(c));
        if (strikes()) {
            const Misbehaviour misbehaviour = misbehave();
            if (misbehaviour == Misbehaviour::Disconnect) return SessionEnd::Disconnect;
            if (misbehaviour == Misbehaviour::Answered) return std::nullopt;
        }
        answer_move(c);
        return std::nullopt;
    }

    // The modes that answer a genmove in the move's place, or never answer it.
    Misbehaviour misbehave() {
        const std::string& mode = script_.mode;
        if (mode == "crash") std::_Exit(3);
        if (mode == "hang") std::this_thread::sleep_for(std::chrono::hours(1));
        if (mode == "disconnect" || mode == "deaf") return Misbehaviour::Disconnect;
        if (mode == "flood") {
            out_ << head('=') << " " << std::string(1 << 20, 'x') << "\n\n" << std::flush;
            return Misbehaviour::Answered;
        }
        if (mode == "flood-lines") {
            // Short lines without the empty line that ends a response, until stopped.
            out_ << head('=') << " c4\n";
            const std::string line(79, 'x');
            while (out_ << line << '\n') {
            }
            return Misbehaviour::Disconnect;
        }
        if (mode == "long-lines") {
            out_ << head('=');
            for (int i = 0; i < 30; ++i) out_ << " " << std::string(300, '\x01') << "\n";
            out_ << "\n" << std::flush;
            return Misbehaviour::Answered;
        }
        if (mode == "illegal-extra") {
            // An illegal move, then a second reply nobody asked for.
            out_ << head('=') << " d4\n\n" << head('=') << " d4\n\n" << std::flush;
            return Misbehaviour::Answered;
        }
        if (mode == "latin1") {
            // Long enough that a kept protocol line (200 bytes) ends inside its last
            // character, a valid UTF-8 "\xc3\xa9" cut in two.
            fail("coup ill\xe9gal " + std::string(184, 'x') + "\xc3\xa9");
            return Misbehaviour::Answered;
        }
        if (mode == "garbage") {
            out_ << "I think therefore I am\n\n" << std::flush;
            return Misbehaviour::Answered;
        }
        if (mode == "illegal") {
            // An occupied square is never legal.
            reply("d4");
            return Misbehaviour::Answered;
        }
        return Misbehaviour::None;
    }

    // A random legal move, or what pass, no-pass and twice make of it.
    void answer_move(Color c) {
        const bool strikes = this->strikes();
        if (game_.current().side_to_move() != c) game_.play(Move::pass());
        const Bitboard moves = game_.current().legal_moves();
        if (strikes && script_.mode == "pass" && moves) {
            reply("pass");
            return;
        }
        if (!moves) {
            const Bitboard empty = game_.current().empties();
            reply(strikes && script_.mode == "no-pass" && empty
                      ? Square::from_index(std::countr_zero(empty)).to_string()
                      : "pass");
            return;
        }
        const Move m = Square::from_index(rng_.pick_bit(moves));
        game_.play(m);
        reply(m.to_string());
        if (script_.mode == "twice" && strikes) reply(m.to_string());
    }

    std::ostream& out_;
    const Script& script_;
    int& genmoves_;  // counted over the engine's life, across sessions
    Game game_;
    Rng rng_;
    Announced announced_;
    std::string id_;  // the current command's numeric id, when it had one
};

SessionEnd serve(std::istream& in, std::ostream& out, const Script& script, int& genmoves) {
    FakeSession session(out, script, genmoves);
    std::ofstream log;
    if (!script.log_path.empty()) log.open(script.log_path, std::ios::app);
    for (std::string line; std::getline(in, line);) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (log.is_open()) log << line << std::endl;
        if (const auto end = session.answer(line)) return *end;
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
        else if (key == "--name-bytes")
            script.name_bytes = std::strtoull(value.c_str(), nullptr, 10);
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
