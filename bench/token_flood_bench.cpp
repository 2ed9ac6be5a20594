// othello-flood-bench: what honest clients with the right token get while floods of every shape
// hold an `othello-engine --listen --token` server, by default and behind --exec. Prints one
// Markdown table: a row per flood (one address; one /24 of many addresses; 20, 40 and 150 /24s;
// an IPv6 /56 of 256 /64s; each silent, sending wrong tokens, or sending a wrong token and
// hanging up at once, all reconnecting as soon as they can, or sending a wrong token and holding
// the connection open unread for 1.5 s, each time from a fresh address of its network), and for
// each server the share of
// tries served, and the median and 99th-percentile wait from connecting to "=" of those served,
// for a client in another network (127.200.0.1) and for a neighbour in the flood's first /24
// (token_flood_driver.h says which addresses stand for what).
//   othello-flood-bench [--rows TEXT] [--servers default|exec|both] [--tries N] [--warm-up S]
//                       [--patience S] [--old]
// --rows: only the rows whose name contains TEXT. --old: the server is an othello-engine from
// before per-source penalties (OTHELLO_BIN_DIR=... names its folder): it cannot count loopback
// peers as IPv6 sources, and it grouped IPv6 at /64 only, so the /56 rows run as 256 /24s of one
// address each, the neighbour in a /24 of its own. The IPv6 rows of this build run the server in
// this process, counting each peer as an IPv6 address (the only way on one machine).
// Each row floods for --warm-up seconds (6: past the 5 s first-line timeout, so that silent
// floods have been penalised), then each client tries --tries times (10), a try a tenth of a
// second after the last; a try not answered within --patience seconds (5) is not served.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "protocol/exec_relay.h"
#include "protocol/session_factory.h"
#include "protocol/tcp_server.h"
#include "tests/protocol/token_flood_driver.h"
#include "tests/support/engine_server_process.h"

using namespace othello;
using namespace othello::testing;

namespace {

const std::string kToken = "0123456789abcdef0123456789abcdef";

struct BenchOptions {
    std::string rows;
    bool default_server = true, exec_server = true, old = false;
    int tries = 10;
    double warm_up = 6, patience = 5;
};

struct Row {
    std::string name;
    FloodShape shape;
};

std::vector<Row> rows_of(const BenchOptions& options) {
    struct Shape {
        const char* name;
        FloodShape shape;
        bool held_only = false;  // a row of the held kind alone
    };
    const Shape shapes[] = {
        {"one address, 256 connections", {1, 1, 256, FloodKind::Silent, false}},
        {"one /24: 200 addresses x 2", {1, 200, 2, FloodKind::Silent, false}},
        {"20 /24s x 4 addresses x 2", {20, 4, 2, FloodKind::Silent, false}},
        {"40 /24s x 1", {40, 1, 1, FloodKind::Silent, false}},
        {"150 /24s x 1 x 2", {150, 1, 2, FloodKind::Silent, false}},
        {"IPv6 /56: 256 /64s x 1", {1, 256, 1, FloodKind::Silent, true}},
        // More held at once than the default server's 1100 places (800 connections a second).
        {"150 /24s x 8", {150, 8, 1, FloodKind::Silent, false}, true},
    };
    const std::pair<FloodKind, const char*> kinds[] = {
        {FloodKind::Silent, "silent"},
        {FloodKind::WrongToken, "wrong token"},
        {FloodKind::HangUp, "hang-up after token"},
        {FloodKind::WrongTokenHeld, "wrong token held open"}};
    std::vector<Row> rows;
    for (const Shape& s : shapes) {
        for (const auto& [kind, kind_name] : kinds) {
            if (s.held_only && kind != FloodKind::WrongTokenHeld) continue;
            Row row{std::string(s.name) + ", " + kind_name, s.shape};
            row.shape.kind = kind;
            if (row.name.find(options.rows) != std::string::npos) rows.push_back(row);
        }
    }
    return rows;
}

// A server with `source_of` counting loopback peers as IPv6 sources, in this process; its
// destruction ends it and, behind --exec, every process it started.
class InProcessServer {
  public:
    explicit InProcessServer(bool exec)
        : exec_(exec),
          server_(std::make_unique<TcpServer>(options(exec), handler(exec))),
          thread_([this] { server_->run(); }) {}
    ~InProcessServer() {
        server_->stop();
        thread_.join();
        server_.reset();  // closes every connection, ending its engine's process group
        if (exec_) end_exec_relay_orphans();
    }
    unsigned short port() const { return server_->port(); }

  private:
    static TcpServerOptions options(bool exec) {
        TcpServerOptions o = exec ? exec_server_options() : TcpServerOptions{};
        o.token = kToken;
        o.source_of = ipv6_source;
        o.log = [](const std::string&) {};
        return o;
    }
    static ConnectionHandler handler(bool exec) {
        if (exec) return exec_relay_handler(parse_exec_command(engine_path() + " --policy random"));
        SessionSettings settings;
        settings.policy = "random";
        return session_connection_handler(make_session_factory("gtp", settings));
    }

    bool exec_;
    std::unique_ptr<TcpServer> server_;
    std::thread thread_;
};

// The clients' outcomes of one row on one server.
FloodResult run_row(const BenchOptions& options, Row row, bool exec) {
    FloodTries tries;
    tries.token = kToken;
    tries.tries = options.tries;
    tries.warm_up = std::chrono::milliseconds(static_cast<long>(options.warm_up * 1000));
    tries.patience = std::chrono::milliseconds(static_cast<long>(options.patience * 1000));
    tries.clients = {kOtherNetworkClient, neighbour_address(row.shape)};
    if (row.shape.ipv6 && options.old) {
        // The old server counted each /64 as a network: 256 networks of one address each.
        row.shape = FloodShape{256, 1, 1, row.shape.kind, false};
        tries.clients[1] = "127.201.0.1";
    }
    if (row.shape.ipv6) {
        InProcessServer server(exec);
        return run_token_flood(server.port(), row.shape, tries);
    }
    std::vector<std::string> args = {"--token", kToken, "--policy", "random"};
    if (exec) args = {"--token", kToken, "--exec", engine_path() + " --policy random"};
    EngineServerProcess server(args);
    FloodResult result = run_token_flood(server.port(), row.shape, tries);
    server.stop();
    return result;
}

// "10/10 | 1.2 | 3.4": the share served, the median and 99th-percentile waits in ms.
std::string cells(const ClientOutcome& outcome, int tries) {
    std::vector<double> waits = outcome.waits;
    std::sort(waits.begin(), waits.end());
    char text[96];
    if (waits.empty()) {
        std::snprintf(text, sizeof text, "0/%d | - | -", tries);
        return text;
    }
    const std::size_t p99 = static_cast<std::size_t>(std::ceil(0.99 * waits.size())) - 1;
    std::snprintf(text, sizeof text, "%zu/%d | %.1f | %.1f", waits.size(), tries,
                  waits[(waits.size() - 1) / 2] * 1000, waits[p99] * 1000);
    return text;
}

bool parse(int argc, char** argv, BenchOptions& options) {
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        const bool has_value = i + 1 < argc;
        if (arg == "--rows" && has_value) {
            options.rows = argv[++i];
        } else if (arg == "--servers" && has_value) {
            const std::string which = argv[++i];
            if (which != "default" && which != "exec" && which != "both") return false;
            options.default_server = which != "exec";
            options.exec_server = which != "default";
        } else if (arg == "--tries" && has_value) {
            options.tries = std::atoi(argv[++i]);
        } else if (arg == "--warm-up" && has_value) {
            options.warm_up = std::atof(argv[++i]);
        } else if (arg == "--patience" && has_value) {
            options.patience = std::atof(argv[++i]);
        } else if (arg == "--old") {
            options.old = true;
        } else {
            return false;
        }
    }
    return options.tries >= 1 && options.warm_up >= 0 && options.patience > 0;
}

}  // namespace

int main(int argc, char** argv) {
    BenchOptions options;
    if (!parse(argc, argv, options)) {
        std::fprintf(stderr,
                     "usage: othello-flood-bench [--rows TEXT] [--servers default|exec|both] "
                     "[--tries N] [--warm-up SECONDS] [--patience SECONDS] [--old]\n");
        return 2;
    }
    std::printf(
        "server: %s, othello-engine from %s; %d tries per client after %.1f s of flood, each "
        "served if answered within %.1f s\n\n",
        options.old ? "before (--old)" : "this build", kBin.c_str(), options.tries, options.warm_up,
        options.patience);
    std::string header = "| flood |", rule = "|---|";
    for (const char* server : {"default", "--exec"}) {
        if ((server[0] == 'd' && !options.default_server) ||
            (server[0] == '-' && !options.exec_server))
            continue;
        for (const char* who : {"other network", "neighbour"}) {
            header += std::string(" ") + server + ", " + who + ": served | median ms | p99 ms |";
            rule += "---|---|---|";
        }
    }
    std::printf("%s\n%s\n", header.c_str(), rule.c_str());
    std::fflush(stdout);
    for (const Row& row : rows_of(options)) {
        std::string line = "| " + row.name + " |";
        for (const bool exec : {false, true}) {
            if ((!exec && !options.default_server) || (exec && !options.exec_server)) continue;
            const FloodResult result = run_row(options, row, exec);
            for (const ClientOutcome& client : result.clients) {
                line += ' ';  // not " " + cells(...): GCC 12's -Wrestrict misfires on it
                line += cells(client, options.tries) + " |";
            }
        }
        std::printf("%s\n", line.c_str());
        std::fflush(stdout);
    }
    return 0;
}
