// othello-engine: the engine process. Speaks GTP (or another protocol) on stdin/stdout or, with
// --listen, over TCP; subcommands `perft DEPTH` and `bench` print speed figures.
#include <algorithm>
#include <boost/program_options.hpp>
#include <cctype>
#include <charconv>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "engine/ascii_text.h"
#include "engine/benchmark.h"
#include "engine/count_option.h"
#include "engine/data_dir.h"
#include "engine/gnu_help.h"
#include "engine/policies/policy_registry.h"
#include "engine/policy_options.h"
#include "engine/strict_command_line.h"
#include "engine/version.h"
#include "protocol/exec_relay.h"
#include "protocol/session_factory.h"
#include "protocol/stdio_transport.h"
#include "protocol/tcp_server.h"
#include "protocol/token_secret.h"

namespace po = boost::program_options;
using namespace othello;

namespace {

// Admission options that were replaced (docs/network.md): refused with what replaced them.
struct RemovedOption {
    const char* name;
    const char* replaced_by;
};
constexpr RemovedOption kRemovedOptions[] = {
    {"token-checks-per-second",
     "tokens are at least 128 bits (othello-token makes one), so guessing needs no server-wide "
     "budget; failed tokens are penalised per source network (--per-source-penalties)"},
    {"max-unproven-per-network",
     "replaced by --per-source-max-startups (per network; the address holding the most gives way "
     "to a newcomer) and --max-startups (random early drop)"},
};

int run_perft(int argc, char** argv) {
    int depth = 0;
    const std::string_view text = argc > 2 ? argv[2] : "";
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), depth);
    if (argc > 3) {
        std::cerr << "othello-engine perft: unexpected argument '" << printable(argv[3])
                  << "' (give one depth)\n";
        return 2;
    }
    if (error != std::errc() || end != text.data() + text.size() || depth < 1 || depth > 20) {
        std::cerr << "othello-engine perft: give a depth from 1 to 20\n";
        return 2;
    }
    const auto r = timed_perft(depth, best_instruction_set());
    std::printf("perft %d = %llu\n", depth, static_cast<unsigned long long>(r.leaves));
    std::printf("time %.3f s, %.1f million leaves/s on %s\n", r.seconds, r.leaves / r.seconds / 1e6,
                std::string(name_of(r.set)).c_str());
    return 0;
}

// "HOST:PORT" or ":PORT" or "PORT" (host 127.0.0.1); an IPv6 HOST may be bracketed, as in URLs
// ("[::]:5000", "[::1]:5000"), or not ("::1:5000": the last colon ends it).
void parse_listen(const std::string& text, TcpServerOptions& options) {
    const auto colon = text.rfind(':');
    std::string host = colon == std::string::npos ? "" : text.substr(0, colon);
    const std::string port = colon == std::string::npos ? text : text.substr(colon + 1);
    if (host.size() >= 2 && host.front() == '[' && host.back() == ']')
        host = host.substr(1, host.size() - 2);
    if (!host.empty()) options.host = host;
    std::size_t used = 0;
    unsigned long value = 0;
    try {
        value = std::stoul(port, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used == 0 || used != port.size() || value > 65535) {
        throw std::invalid_argument("--listen: '" + text + "' is not HOST:PORT with PORT 0-65535");
    }
    options.port = static_cast<unsigned short>(value);
}

// The policies' options (engine/policy_options.h) as flags --NAME VALUE, read into `options`
// after parsing by read_policy_options.
void add_policy_options(po::options_description& described) {
    const PolicyOptions defaults;
    for (const PolicyOption& option : policy_option_table()) {
        auto value = po::value<std::string>();
        if (const std::string shown = option.show(defaults); !shown.empty())
            value->default_value(shown);
        described.add_options()(option.name.c_str(), value, option.help.c_str());
    }
}

// Throws std::invalid_argument("--NAME 'VALUE' is not ...") for a value its option refuses.
void read_policy_options(const po::variables_map& vm, PolicyOptions& options) {
    for (const PolicyOption& option : policy_option_table()) {
        if (!vm.count(option.name) || vm[option.name].defaulted()) continue;
        try {
            option.parse(vm[option.name].as<std::string>(), options);
        } catch (const std::invalid_argument& e) {
            throw std::invalid_argument(std::string("--") + e.what());
        }
    }
}

// A name goes out on one protocol line: it must be text, without line breaks, and say something.
void check_name(const po::variables_map& vm, const std::string& name) {
    if (!vm.count("name")) return;
    const bool blank = name.find_first_not_of(' ') == std::string::npos;
    const bool control = std::any_of(name.begin(), name.end(), [](char c) {
        return static_cast<unsigned char>(c) < 0x20 || c == 0x7f;
    });
    if (blank || control) {
        throw std::invalid_argument("--name '" + printable(name) +
                                    "': give a name of printable characters on one line");
    }
}

// Anyone who can reach the port can make the engine work; say so when that is more than this
// machine.
void warn_if_reachable(const TcpServerOptions& server) {
    boost::system::error_code not_ip;
    const auto address = boost::asio::ip::make_address(
        server.host == "localhost" ? "127.0.0.1" : server.host, not_ip);
    if (not_ip || address.is_loopback()) return;
    std::cerr << "othello-engine: warning: " << server.host
              << " is not a loopback address: other machines can connect"
              << (server.token.empty() ? "; consider --token $(othello-token)" : "") << "\n";
}

// A token an online guesser could find (token_secret.h says how its bits are estimated).
void warn_if_short(const std::string& token) {
    if (token.empty() || token_bits(token) >= kTokenBits) return;
    std::cerr << "othello-engine: warning: --token holds about " << token_bits(token)
              << " bits, fewer than " << kTokenBits
              << " (32 hexadecimal digits, or 22 other characters): guesses from many networks "
                 "could find it; make one with othello-token\n";
}

// What the command line sets: the sessions' settings, and how they are served.
struct EngineCommandLine {
    SessionSettings settings;
    TcpServerOptions server;
    std::string protocol, listen, exec;
    long idle_seconds = 600;
    double first_line_seconds = 5;
    // Sizes and limits, as Counts (a negative one is refused, not read as no limit); the
    // server's and the sessions' fields take them in settle_options.
    Count max_clients{TcpServerOptions{}.max_clients};
    Count max_clients_per_address{TcpServerOptions{}.max_clients_per_address};
    Count per_source_max_startups{TcpServerOptions{}.per_source_max_startups};
    Count max_line_length{SessionSettings{}.max_line_length};
    Count exec_stderr_lines{ExecRelayOptions{}.stderr_lines};
    std::string max_startups = TcpServerOptions{}.max_startups.text();
    std::string penalties = TcpServerOptions{}.penalties.text();
    ExecRelayOptions relay;
};

// Without --token a first line proves nothing, and behind --exec every connection starts a child
// process before it sends one: a flood from fresh addresses (which no penalty has caught yet)
// starts children as fast as it connects, and a few addresses sending one line each hold every
// place for the idle timeout.
void warn_if_exec_without_token(const EngineCommandLine& c) {
    if (c.exec.empty() || !c.server.token.empty()) return;
    std::cerr << "othello-engine: warning: --exec without --token: every connection starts a "
                 "child process before it proves anything, as fast as clients connect; consider "
                 "--token $(othello-token)\n";
}

int run_bench_command(int argc, char** argv) {
    if (argc > 2) {
        std::cerr << "othello-engine bench: unexpected argument '" << printable(argv[2])
                  << "' (bench takes none)\n";
        return 2;
    }
    run_bench(std::cout, 12, 2.0);
    return 0;
}

// The options after the policies': the protocol, and how it is served over TCP.
void add_serving_options(po::options_description& described, EngineCommandLine& c) {
    TcpServerOptions& server = c.server;
    std::string protocols;
    for (const SessionProtocol& p : session_protocols())
        protocols +=
            (protocols.empty() ? "" : "; ") + std::string(p.name) + ": " + std::string(p.summary);
    described.add_options()("protocol", po::value(&c.protocol)->default_value("gtp"),
                            protocols.c_str())(
        "listen", po::value(&c.listen), "serve over TCP at HOST:PORT (HOST defaults to 127.0.0.1)")(
        "max-clients", po::value(&c.max_clients)->default_value(c.max_clients),
        ("most concurrent TCP connections; more are closed at once (with --exec: " +
         std::to_string(exec_server_options().max_clients) + " unless given)")
            .c_str())("idle-timeout", po::value(&c.idle_seconds)->default_value(c.idle_seconds),
                      "seconds of silence before a TCP connection is closed (0: never)")(
        "max-line-length", po::value(&c.max_line_length)->default_value(c.max_line_length),
        "longest accepted input line in bytes")(
        "max-clients-per-address",
        po::value(&c.max_clients_per_address)->default_value(c.max_clients_per_address),
        ("most concurrent TCP connections from one client address, an IPv6 /64 counting as one "
         "(0: no limit; with --exec: " +
         std::to_string(exec_server_options().max_clients_per_address) + " unless given)")
            .c_str())(
        "max-startups", po::value(&c.max_startups)->default_value(c.max_startups),
        ("TCP connections not yet past their first line (with --token: the right token): from "
         "START of them on a new one is refused with probability RATE%, rising to 100% at FULL "
         "(as sshd's MaxStartups; N alone: refused from N on; with --exec: " +
         exec_server_options().max_startups.text() + " unless given)")
            .c_str())(
        "per-source-max-startups",
        po::value(&c.per_source_max_startups)->default_value(c.per_source_max_startups),
        ("most of those from one network (an IPv4 /24, an IPv6 /48); within it the address (the "
         "/56, then the /64) holding the most gives way to a newcomer (0: no limit; with --exec: " +
         std::to_string(exec_server_options().per_source_max_startups) + " unless given)")
            .c_str())(
        "per-source-penalties", po::value(&c.penalties)->default_value(c.penalties),
        "seconds of penalty a failure before the first line adds to its source's networks (a "
        "wrong token, a hang-up, no first line in time, coming back while refused); a source "
        "whose penalty reaches min is refused at once until it runs out (at most max); none: "
        "no penalties")(
        "first-line-timeout", po::value(&c.first_line_seconds)->default_value(c.first_line_seconds),
        "seconds a TCP connection has for its first line (the token's with --token); "
        "0: the idle timeout")(
        "exec-stderr-lines", po::value(&c.exec_stderr_lines)->default_value(c.exec_stderr_lines),
        "with --exec: lines of each child's stderr shown in the log; the rest are counted")(
        "token", po::value(&server.token),
        "shared secret: a TCP client's first line must be 'othello-token SECRET'; at least 128 "
        "bits (othello-token makes one), or a warning says so; no whitespace")(
        "exec", po::value(&c.exec),
        "with --listen: run this stdio engine command per connection and relay to it (give "
        "--token too: without one, every connection starts a child before it proves anything)");
}

po::options_description describe(EngineCommandLine& c) {
    po::options_description described(
        "Usage: othello-engine [OPTION]...                    speak a protocol on stdin/stdout\n"
        "  or:  othello-engine --listen HOST:PORT [OPTION]...  serve it over TCP\n"
        "  or:  othello-engine perft DEPTH | bench\n\nOptions");
    described.add_options()("help,h", "print this help")("version",
                                                         "print 'othello-engine VERSION'")(
        "print-data-dir",
        "print the folder of the default book and weights (book.db, weights.bin) and exit")(
        "list-policies", "print the policies, one per line: name, then description")(
        "policy", po::value(&c.settings.policy)->default_value("mobility"),
        "policy name or fallback chain, e.g. mobility or book,mobility")(
        "name", po::value(&c.settings.name),
        "what the engine calls itself to GUIs and runners (GTP name, NBoard set myname); "
        "default 'othello POLICY', e.g. 'othello book,mobility'");
    add_policy_options(described);
    add_serving_options(described, c);
    return described;
}

// --help, --version, --print-data-dir and --list-policies print and end the program: true when
// one of them did.
bool printed_and_done(const po::variables_map& vm, const po::options_description& described) {
    if (vm.count("help")) {
        std::cout << gnu_help(described) << "\n";
    } else if (vm.count("version")) {
        std::cout << "othello-engine " << kVersion << "\n";
    } else if (vm.count("print-data-dir")) {
        std::cout << data_dir().string() << "\n";
    } else if (vm.count("list-policies")) {
        for (const auto& info : policy_catalogue())
            std::cout << info.name << "  " << info.description << "\n";
    } else {
        return false;
    }
    return true;
}

// Under --exec, the limits not given take --exec's defaults.
void use_exec_defaults(const po::variables_map& vm, TcpServerOptions& server) {
    const TcpServerOptions exec = exec_server_options();
    if (vm["max-clients"].defaulted()) server.max_clients = exec.max_clients;
    if (vm["max-clients-per-address"].defaulted())
        server.max_clients_per_address = exec.max_clients_per_address;
    if (vm["max-startups"].defaulted()) server.max_startups = exec.max_startups;
    if (vm["per-source-max-startups"].defaulted())
        server.per_source_max_startups = exec.per_source_max_startups;
}

// The options that were replaced: refused, saying what replaced them.
void refuse_removed_options(const po::variables_map& vm) {
    for (const RemovedOption& removed : kRemovedOptions) {
        if (vm.count(removed.name)) {
            throw std::invalid_argument(std::string("--") + removed.name +
                                        " was removed: " + removed.replaced_by);
        }
    }
}

// Reads the policy options and checks what the flags say together; the server's options take
// their values (and --exec's defaults). Throws std::invalid_argument for what is refused.
void settle_options(const po::variables_map& vm, EngineCommandLine& c) {
    TcpServerOptions& server = c.server;
    refuse_removed_options(vm);
    read_policy_options(vm, c.settings.policy_options);
    check_name(vm, c.settings.name);
    if (vm.count("token") && server.token.empty()) {
        throw std::invalid_argument(
            "--token: the secret is empty, which would let every client in; give one");
    }
    // The gate splits the first line into words (token_gate.h): such a secret never matches.
    if (std::any_of(server.token.begin(), server.token.end(),
                    [](char ch) { return std::isspace(static_cast<unsigned char>(ch)); })) {
        throw std::invalid_argument(
            "--token: the secret holds whitespace, which no first line can present (the line is "
            "split into words); give one without (othello-token makes one)");
    }
    server.max_clients = c.max_clients.value;
    server.max_clients_per_address = c.max_clients_per_address.value;
    server.per_source_max_startups = c.per_source_max_startups.value;
    c.settings.max_line_length = c.max_line_length.value;
    c.relay.stderr_lines = c.exec_stderr_lines.value;
    if (c.idle_seconds < 0) throw std::invalid_argument("--idle-timeout: give seconds from 0");
    server.max_startups = parse_max_startups(c.max_startups);
    server.penalties = parse_penalty_settings(c.penalties);
    if (!c.exec.empty()) use_exec_defaults(vm, server);  // each connection is a process
    if (!(c.first_line_seconds >= 0 && c.first_line_seconds <= 86400)) {
        throw std::invalid_argument("--first-line-timeout: give seconds from 0 to 86400");
    }
    server.max_line_length = c.settings.max_line_length;
    server.idle_timeout = std::chrono::seconds(c.idle_seconds);
    server.first_line_timeout =
        std::chrono::milliseconds(static_cast<long>(c.first_line_seconds * 1000 + 0.5));
    if (!c.exec.empty() && c.listen.empty()) throw std::invalid_argument("--exec needs --listen");
}

// A remote peer (a TCP client, or the client of an --exec server whose child this process is)
// makes the engine read no file of this machine, and a failure's text, which may name this
// machine's files, stays on this side (stderr, which --exec logs).
void serve_remote_peer(SessionSettings& settings) {
    settings.may_read_files = false;
    settings.internal_errors = [](const std::string& what) {
        std::cerr << "othello-engine: " + what + "\n" << std::flush;
    };
}

bool is_exec_child() {
    const char* peer = std::getenv(kRemotePeerVariable);
    return peer != nullptr && *peer != '\0';
}

// Serves over TCP at --listen until stopped: a session per connection, or with --exec a child
// process per connection.
int serve_tcp(EngineCommandLine& c) {
    parse_listen(c.listen, c.server);
    warn_if_reachable(c.server);
    warn_if_short(c.server.token);
    warn_if_exec_without_token(c);
    serve_remote_peer(c.settings);
    std::unique_ptr<TcpServer> tcp;
    if (!c.exec.empty()) {
        tcp = std::make_unique<TcpServer>(c.server,
                                          exec_relay_handler(parse_exec_command(c.exec), c.relay));
    } else {
        tcp = std::make_unique<TcpServer>(c.server, make_session_factory(c.protocol, c.settings));
    }
    // Announced on stderr so scripts and tests that asked for port 0 learn the real one.
    const bool ipv6 = c.server.host.find(':') != std::string::npos;
    std::cerr << "othello-engine: listening on " << (ipv6 ? "[" : "") << c.server.host
              << (ipv6 ? "]" : "") << ":" << tcp->port() << "\n";
    tcp->run(true);
    tcp.reset();  // closes every connection, ending its engine's process group
    if (!c.exec.empty()) end_exec_relay_orphans();
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    const std::string first = argc > 1 ? argv[1] : "";
    if (first == "perft") return run_perft(argc, argv);
    if (first == "bench") return run_bench_command(argc, argv);

    EngineCommandLine c;
    const po::options_description described = describe(c);
    // The removed options are read (to be refused by name) but not shown in --help.
    po::options_description readable;
    readable.add(described);
    // With or without values: given alone, one still gets the message saying what replaced it.
    for (const RemovedOption& removed : kRemovedOptions) {
        readable.add_options()(removed.name,
                               po::value<std::vector<std::string>>()->multitoken()->zero_tokens());
    }
    po::variables_map vm;
    try {
        po::store(parse_strictly(po::command_line_parser(argc, argv), readable), vm);
        po::notify(vm);
    } catch (const std::exception& e) {  // Boost's errors, and a word that is no option
        std::cerr << "othello-engine: " << printable(e.what()) << "\n(see othello-engine --help)\n";
        return 2;
    }
    if (printed_and_done(vm, described)) return 0;
    std::signal(SIGPIPE, SIG_IGN);  // a vanished reader is an error code, not a dead engine
    try {
        settle_options(vm, c);
        if (c.listen.empty()) {
            if (is_exec_child()) serve_remote_peer(c.settings);
            const auto session = make_session_factory(c.protocol, c.settings)();
            return serve_stdio(*session, 0, 1, c.settings.max_line_length);
        }
        return serve_tcp(c);
    } catch (const std::exception& e) {
        std::cerr << "othello-engine: " << printable(e.what()) << "\n";
        return 2;
    }
}
