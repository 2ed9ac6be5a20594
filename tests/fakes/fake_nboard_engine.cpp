// fake-nboard-engine: a quirky NBoard-protocol engine for the match runner's tests. It complains
// about "nboard 2" and carries on, never sends "set myname", talks (status, nodestats, search)
// before each reply, and answers `go` in turn as "=== F5", "=== f5/EVAL/0.01" and
// "=== f5 EVAL 0.0", EVAL being the number of discs on the board less 4. --mode stale adds a
// second, stale reply at the --at'th go; --mode illegal answers a1 there; --mode odd answers
// every go with a legal move and an eval or time that is no usable number (1e999, abc, nan, inf),
// calls itself and talks in Latin-1 bytes; --mode bad-eval gives eval 99 from the --at'th go on.
// --myname NAME answers "nboard" with "set myname NAME" (with --mode name-after-depth, the first
// "set depth" instead, as Edax does). --log FILE appends every line it receives. --eval E answers
// every go as "=== f5/E/0.01" (for --resign and --draw).
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>

#include "engine/ggf.h"
#include "engine/rng.h"

using namespace othello;

namespace {

// A move with the odd fields real engines have been seen to send, in turn.
std::string odd_reply(const std::string& move, int go) {
    static const char* const kFields[] = {"/1e999",    "/+5/abc",   "/nan/0.01", "/inf",
                                          " -inf nan", "/1e300/-2", "/-99/1e999"};
    return "=== " + move + kFields[go % std::size(kFields)];
}

// What the command line asks of it.
struct Quirks {
    std::string mode = "normal", log_path, myname, fixed_eval;
    int at = 1;
};

void answer_nboard(const std::string& line, const Quirks& quirks) {
    if (line != "nboard 1") std::cout << "? I only know nboard 1, carrying on\n";
    if (!quirks.myname.empty() && quirks.mode != "name-after-depth")
        std::cout << "set myname " << quirks.myname << "\n";
    if (quirks.mode == "odd")
        std::cout << "set myname r\xe9"
                     "fl\xe9"
                     "chi\n";
}

// The talk and the reply to the `gos`'th go.
void answer_go(const Game& game, Rng& rng, const Quirks& quirks, int gos) {
    const Bitboard moves = game.current().legal_moves();
    if (!moves) {
        std::cout << "=== PA\n";
        return;
    }
    const std::string m = Square::from_index(rng.pick_bit(moves)).to_string();
    const int eval = 60 - game.current().empty_count() + 0;
    std::cout << "status thinking\nnodestats 1234 0.01\nsearch " << m << " " << eval << ".00 0 1\n";
    if (quirks.mode == "odd") {
        std::cout << "status r\xe9"
                     "flexion\n"
                  << odd_reply(m, gos) << "\n";
        return;
    }
    if (gos >= quirks.at && quirks.mode == "bad-eval") {
        std::cout << "=== " << m << "/99.00/0.01\n";
        return;
    }
    if (!quirks.fixed_eval.empty()) {
        std::cout << "=== " << m << "/" << quirks.fixed_eval << "/0.01\n";
        return;
    }
    if (gos == quirks.at && quirks.mode == "illegal") {
        std::cout << "=== a1\n";
        return;
    }
    switch (gos % 3) {
        case 0:
            std::cout << "=== " << char(m[0] - 'a' + 'A') << m[1] << "\n";
            break;
        case 1:
            std::cout << "=== " << m << "/" << eval << ".00/0.01\n";
            break;
        default:
            std::cout << "=== " << m << " " << eval << ".00 0.0\n";
    }
    if (gos == quirks.at && quirks.mode == "stale") std::cout << "=== a1/0/0\n";
}

}  // namespace

int main(int argc, char** argv) {
    Quirks quirks;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string key = argv[i], value = argv[i + 1];
        if (key == "--mode")
            quirks.mode = value;
        else if (key == "--at")
            quirks.at = std::atoi(value.c_str());
        else if (key == "--log")
            quirks.log_path = value;
        else if (key == "--myname")
            quirks.myname = value;
        else if (key == "--eval")
            quirks.fixed_eval = value;
        else {
            std::cerr << "fake-nboard-engine: unknown option " << key << "\n";
            return 2;
        }
    }
    std::ofstream log;
    if (!quirks.log_path.empty()) log.open(quirks.log_path, std::ios::app);
    Game game;
    Rng rng(7);
    int gos = 0;
    bool named = false;  // --mode name-after-depth: named at the first set depth
    std::string line;
    while (std::getline(std::cin, line)) {
        if (log.is_open()) log << line << std::endl;
        if (line.rfind("nboard ", 0) == 0) {
            answer_nboard(line, quirks);
        } else if (line.rfind("set depth ", 0) == 0) {
            if (quirks.mode == "name-after-depth" && !named && !quirks.myname.empty())
                std::cout << "set myname " << quirks.myname << "\n";
            named = true;
        } else if (line.rfind("ping ", 0) == 0) {
            std::cout << "pong " << line.substr(5) << "\n";
        } else if (line.rfind("set game ", 0) == 0) {
            try {
                game = parse_ggf(line.substr(9)).game();
            } catch (const std::exception& e) {
                std::cout << "status bad game: " << e.what() << "\n";
            }
        } else if (line == "go") {
            answer_go(game, rng, quirks, ++gos);
        } else if (line == "quit") {
            return 0;
        }
        std::cout << std::flush;
    }
    return 0;
}
