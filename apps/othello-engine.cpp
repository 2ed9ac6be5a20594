// othello-engine: the engine process. Speaks GTP (or another protocol) on stdin/stdout or, with
// --listen, over TCP; subcommands `perft DEPTH` and `bench` print speed figures.
#include <algorithm>
#include <boost/program_options.hpp>
#include <charconv>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <string_view>

#include "engine/ascii_text.h"
#include "engine/benchmark.h"
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

namespace po = boost::program_options;
using namespace othello;

namespace {

// With --exec every connection is a child process: a much lower bound than for sessions, and per
// address a quarter of it, so that one address cannot hold every place.
constexpr std::size_t kDefaultMaxExecClients = 32;
constexpr std::size_t kDefaultMaxExecClientsPerAddress = 8;
constexpr std::size_t kDefaultMaxExecUnprovenPerNetwork = 8;

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

// "HOST:PORT" or ":PORT" or "PORT" (host 127.0.0.1).
void parse_listen(const std::string& text, TcpServerOptions& options) {
    const auto colon = text.rfind(':');
    const std::string host = colon == std::string::npos ? "" : text.substr(0, colon);
    const std::string port = colon == std::string::npos ? text : text.substr(colon + 1);
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
              << (server.token.empty() ? "; consider --token SECRET and --max-clients-per-address"
                                       : "")
              << "\n";
}

// What the command line sets: the sessions' settings, and how they are served.
struct EngineCommandLine {
    SessionSettings settings;
    TcpServerOptions server;
    std::string protocol, listen, exec;
    long idle_seconds = 600;
    double first_line_seconds = 10;
    ExecRelayOptions relay;
};

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
        "max-clients", po::value(&server.max_clients)->default_value(server.max_clients),
        ("most concurrent TCP connections; more are closed at once (with --exec: " +
         std::to_string(kDefaultMaxExecClients) + " unless given)")
            .c_str())("idle-timeout", po::value(&c.idle_seconds)->default_value(c.idle_seconds),
                      "seconds of silence before a TCP connection is closed (0: never)")(
        "max-line-length",
        po::value(&c.settings.max_line_length)->default_value(c.settings.max_line_length),
        "longest accepted input line in bytes")(
        "max-clients-per-address",
        po::value(&server.max_clients_per_address)->default_value(server.max_clients_per_address),
        ("most concurrent TCP connections from one client address, an IPv6 /64 counting as one "
         "(0: no limit; with --exec: " +
         std::to_string(kDefaultMaxExecClientsPerAddress) + " unless given)")
            .c_str())(
        "max-unproven-per-network",
        po::value(&server.max_unproven_per_network)->default_value(server.max_unproven_per_network),
        ("most TCP connections from one client network (an IPv4 /24, an IPv6 /64) that have not "
         "yet sent their first line (with --token: the right token); when the server is full such "
         "a connection gives its place to a newcomer from a network that holds fewer (0: no "
         "limit; with --exec: " +
         std::to_string(kDefaultMaxExecUnprovenPerNetwork) + " unless given)")
            .c_str())("first-line-timeout",
                      po::value(&c.first_line_seconds)->default_value(c.first_line_seconds),
                      "seconds a TCP connection has for its first line (the token's with --token); "
                      "0: the idle timeout")(
        "token-checks-per-second",
        po::value(&server.token_checks_per_second)->default_value(server.token_checks_per_second),
        "with --token: most token checks a second on the whole server (0: no limit)")(
        "exec-stderr-lines", po::value(&c.relay.stderr_lines)->default_value(c.relay.stderr_lines),
        "with --exec: lines of each child's stderr shown in the log; the rest are counted")(
        "token", po::value(&server.token),
        "shared secret: a TCP client's first line must be 'othello-token SECRET'")(
        "exec", po::value(&c.exec),
        "with --listen: run this stdio engine command per connection and relay to it");
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

// Reads the policy options and checks what the flags say together; the server's options take
// their values (and --exec's defaults). Throws std::invalid_argument for what is refused.
void settle_options(const po::variables_map& vm, EngineCommandLine& c) {
    TcpServerOptions& server = c.server;
    read_policy_options(vm, c.settings.policy_options);
    check_name(vm, c.settings.name);
    if (vm.count("token") && server.token.empty()) {
        throw std::invalid_argument(
            "--token: the secret is empty, which would let every client in; give one");
    }
    if (!c.exec.empty() && vm["max-clients"].defaulted()) {
        server.max_clients = kDefaultMaxExecClients;  // each connection is a process
    }
    if (!c.exec.empty() && vm["max-clients-per-address"].defaulted()) {
        server.max_clients_per_address = kDefaultMaxExecClientsPerAddress;
    }
    if (!c.exec.empty() && vm["max-unproven-per-network"].defaulted()) {
        server.max_unproven_per_network = kDefaultMaxExecUnprovenPerNetwork;
    }
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
    serve_remote_peer(c.settings);
    std::unique_ptr<TcpServer> tcp;
    if (!c.exec.empty()) {
        tcp = std::make_unique<TcpServer>(c.server,
                                          exec_relay_handler(parse_exec_command(c.exec), c.relay));
    } else {
        tcp = std::make_unique<TcpServer>(c.server, make_session_factory(c.protocol, c.settings));
    }
    // Announced on stderr so scripts and tests that asked for port 0 learn the real one.
    std::cerr << "othello-engine: listening on " << c.server.host << ":" << tcp->port() << "\n";
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
    po::variables_map vm;
    try {
        po::store(parse_strictly(po::command_line_parser(argc, argv), described), vm);
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
