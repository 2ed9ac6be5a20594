// othello-flood-bench: how long a client with the right token waits to be served while
// connections from many addresses of a few networks hold every place of an --exec --token server
// (silent, or sending wrong tokens, reconnecting as soon as they are closed). Prints the right
// client's waits (min, median, max), what it got when it was not served, and what the server
// logged.
//   othello-flood-bench [ADDRESSES [NETWORKS [TRIES [CONNECTIONS_PER_ADDRESS [exec|plain]]]]]
// Defaults: 256 addresses of 20 networks (127.0.1.0/24 ...), 10 tries from 127.0.99.1, 2
// connections per address, against othello-engine --listen --token ... --exec "othello-engine"
// (plain: the engine's own sessions, 1,100 places, 32 per network not yet past a first line).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "tests/protocol/token_flood_driver.h"
#include "tests/support/engine_server_process.h"

using namespace othello::testing;

int main(int argc, char** argv) {
    TokenFlood flood;
    flood.addresses = argc > 1 ? std::atoi(argv[1]) : 256;
    flood.networks = argc > 2 ? std::atoi(argv[2]) : 20;
    flood.tries = argc > 3 ? std::atoi(argv[3]) : 10;
    flood.per_address = argc > 4 ? std::atoi(argv[4]) : 2;
    flood.token = "s3cret";
    const std::string kind = argc > 5 ? argv[5] : "exec";
    if (kind != "exec" && kind != "plain") flood.tries = 0;
    if (flood.addresses < 1 || flood.networks < 1 || flood.networks > 98 || flood.tries < 1 ||
        flood.per_address < 1) {
        std::fprintf(stderr,
                     "usage: othello-flood-bench [ADDRESSES [NETWORKS (1-98) [TRIES "
                     "[CONNECTIONS_PER_ADDRESS [exec|plain]]]]]\n");
        return 2;
    }
    std::vector<std::string> args = {"--token", flood.token, "--policy", "random"};
    if (kind == "exec")
        args = {"--token", flood.token, "--exec", engine_path() + " --policy random"};
    EngineServerProcess server(args);
    TokenFloodResult result = run_token_flood(server.port(), flood);
    const long peak = server.status_kb("VmHWM");
    const int exit_code = server.stop();

    std::sort(result.waits.begin(), result.waits.end());
    std::printf(
        "flood:            %d addresses of %d networks, %d connections each (%ld opened in "
        "all), silent or sending a wrong token\n",
        flood.addresses, flood.networks, flood.per_address, result.flood_connections);
    std::printf("server:           %s\n",
                kind == "exec" ? "--exec, --token, the defaults (32 places, 8 per address, 8 not "
                                 "yet past a first line per network)"
                               : "--token, the defaults (1,100 places, 64 per address, 32 not "
                                 "yet past a first line per network)");
    std::printf("right token:      %zu of %d tries served, from 127.0.99.1\n", result.waits.size(),
                flood.tries);
    if (!result.waits.empty()) {
        std::printf("wait to be served: min %.3f s, median %.3f s, max %.3f s\n",
                    result.waits.front(), result.waits[result.waits.size() / 2],
                    result.waits.back());
    }
    for (const auto& failure : result.failures) std::printf("  not served: %s\n", failure.c_str());
    std::printf(
        "server log:       %ld connections refused at once, %ld dropped for a newcomer "
        "(their places taken), %d wrong-token lines; peak memory %ld kB; exit code %d\n",
        server.refusals_counted("refused:"), server.evictions_counted(),
        server.log_lines_with("wrong or missing token"), peak, exit_code);
    const bool held = result.failures.empty() && !result.waits.empty() &&
                      result.waits.back() <= 2.0 && exit_code == 0;
    return held ? 0 : 1;
}
