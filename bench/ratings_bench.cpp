// othello-ratings-bench: what `othello-match ratings` costs for many engines. Writes a results
// file of ENGINES engines (hidden strengths drawn from a normal law of 200 Elo), each paired with
// OPPONENTS others at random for 2 games (with --chain: each engine plays the previous one
// OPPONENTS pairings of 2 games, a chain of versions); the games are real random games whose winner
// seat is given to the stronger engine as the Elo model says. Then runs each given othello-match's
// `ratings` on it under /usr/bin/time -v and prints its wall time and peak memory (maximum
// resident set size), so that two builds are compared on the same file in the same run.
#include <unistd.h>

#include <boost/program_options.hpp>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/rng.h"
#include "match/results/results_file.h"

using namespace othello;
namespace fs = std::filesystem;
namespace po = boost::program_options;

namespace {

// A random game from the start: its moves and its final position.
Game random_game(Rng& rng) {
    Game game;
    while (!game.is_over()) {
        const Bitboard moves = game.current().legal_moves();
        game.play(moves ? Move(Square::from_index(rng.pick_bit(moves))) : Move::pass());
    }
    return game;
}

std::vector<GameRecord> tournament(int engines, int opponents, bool chain, std::uint64_t seed) {
    Rng rng(seed);
    std::mt19937_64 normal_source(seed);
    std::normal_distribution<double> strength_law(0, 200);
    std::vector<double> strength(static_cast<std::size_t>(engines));
    for (double& s : strength) s = strength_law(normal_source);
    auto name = [](int e) {
        char text[16];
        std::snprintf(text, sizeof text, "e%04d", e);
        return std::string(text);
    };
    std::vector<GameRecord> games;
    for (int a = chain ? 1 : 0; a < engines; ++a) {
        for (int k = 0; k < (chain ? opponents : (opponents + 1) / 2); ++k) {
            int b = chain ? a - 1
                          : static_cast<int>(rng.below(static_cast<std::uint32_t>(engines - 1)));
            if (!chain && b >= a) ++b;
            const double a_wins = 1 / (1 + std::pow(10.0, (strength[b] - strength[a]) / 400));
            const int pair = static_cast<int>(games.size() / 2);
            for (int g = 0; g < 2; ++g) {
                const Game game = random_game(rng);
                GameRecord r;
                r.id = static_cast<int>(games.size());
                r.pair = pair;
                r.moves = game.transcript();
                r.black_discs = game.current().disc_count(Color::Black);
                r.white_discs = game.current().disc_count(Color::White);
                const int margin = game.current().final_disc_difference(Color::Black);
                r.winner = margin > 0 ? Winner::Black : margin < 0 ? Winner::White : Winner::Draw;
                // The winning seat goes to a with the model's probability.
                const bool a_black = (r.winner == Winner::White) != (rng.uniform() < a_wins);
                r.black = name(a_black ? a : b);
                r.white = name(a_black ? b : a);
                games.push_back(std::move(r));
            }
        }
    }
    return games;
}

// "Elapsed (wall clock) time" and "Maximum resident set size" from /usr/bin/time -v's report.
void report(const std::string& match, const fs::path& results, const fs::path& dir) {
    const fs::path log = dir / "time.txt", out = dir / "ratings.json";
    fs::remove(out);
    const std::string command = "/usr/bin/time -v '" + match + "' ratings --results '" +
                                out.string() + "' '" + results.string() + "' >'" +
                                (dir / "out.txt").string() + "' 2>'" + log.string() + "'";
    const int status = std::system(command.c_str());
    std::ifstream in(log);
    std::string line, wall, rss;
    while (std::getline(in, line)) {
        if (line.find("Elapsed (wall clock)") != std::string::npos)
            wall = line.substr(line.rfind(' ') + 1);
        if (line.find("Maximum resident set size") != std::string::npos)
            rss = line.substr(line.rfind(' ') + 1);
    }
    std::printf("%s ratings: exit %d, wall %s (m:ss), peak memory %.0f MB\n", match.c_str(),
                WEXITSTATUS(status), wall.c_str(), std::atof(rss.c_str()) / 1024);
    std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
    int engines = 1600, opponents = 10;
    bool chain = false;
    std::vector<std::string> matches;
    po::options_description options(
        "othello-ratings-bench [--engines N] [--opponents K] [--chain] [--match OTHELLO_MATCH]...");
    options.add_options()("help", "this help")(
        "engines", po::value(&engines)->default_value(engines), "engines in the results file")(
        "opponents", po::value(&opponents)->default_value(opponents),
        "pairings (of 2 games) each engine starts, with opponents drawn at random")(
        "chain", po::bool_switch(&chain),
        "a chain of versions: each engine plays only the previous one, K pairings of 2 games")(
        "match", po::value(&matches)->composing(),
        "othello-match to time (give it several times to compare builds); default: the one "
        "beside this program");
    po::variables_map vm;
    try {
        po::store(po::parse_command_line(argc, argv, options), vm);
        po::notify(vm);
        if (engines < 2 || opponents < 1)
            throw std::invalid_argument("--engines 2+, --opponents 1+");
    } catch (const std::exception& e) {
        std::cerr << "othello-ratings-bench: " << e.what() << "\n" << options;
        return 2;
    }
    if (vm.count("help")) {
        std::cout << options;
        return 0;
    }
    if (matches.empty())
        matches.push_back(
            (fs::canonical("/proc/self/exe").parent_path() / "othello-match").string());
    const fs::path dir =
        fs::temp_directory_path() / ("othello-ratings-bench-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const std::vector<GameRecord> games = tournament(engines, opponents, chain, 1);
    const fs::path results = dir / "games.json";
    write_results(results.string(), games, nlohmann::json::object(), nullptr);
    std::printf("%zu games of %d engines, %d pairings of 2 games started per engine%s: %s\n",
                games.size(), engines, chain ? opponents : (opponents + 1) / 2,
                chain ? " (a chain: each against the previous one)" : "", results.c_str());
    std::fflush(stdout);
    for (const std::string& match : matches) report(match, results, dir);
    fs::remove_all(dir);
    return 0;
}
