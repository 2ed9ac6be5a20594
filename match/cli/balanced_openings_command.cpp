// `othello-match balanced-openings`: Boost.Program_options for the arguments; the set on stdout.
#include "match/cli/balanced_openings_command.h"

#include <boost/program_options.hpp>
#include <iostream>
#include <thread>

#include "engine/gnu_help.h"
#include "engine/strict_command_line.h"
#include "match/run/balanced_openings.h"
#include "match/run/opening_enumeration.h"

namespace othello {

namespace po = boost::program_options;

int run_balanced_openings_command(int argc, char** argv) {
    int plies = kShippedBalancedPlies;
    int threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    po::options_description desc(
        "othello-match balanced-openings: every position after K plies (up to symmetry) whose\n"
        "random playouts end near even, one transcript a line; with K = 8 (the default) the\n"
        "file the default --openings balanced draws from:\n"
        "  othello-match balanced-openings > data/balanced-openings-8.txt\n\nOptions");
    desc.add_options()("help,h", "this help")(
        "plies", po::value(&plies)->default_value(plies),
        ("plies played, at most " + std::to_string(kMostEnumeratedPlies)).c_str())(
        "threads", po::value(&threads)->default_value(threads), "threads playing out positions");
    try {
        po::variables_map vm;
        po::store(parse_strictly(po::command_line_parser(argc, argv), desc), vm);
        po::notify(vm);
        if (vm.count("help")) {
            std::cout << gnu_help(desc) << "\n";
            return 0;
        }
        if (plies < 0 || plies > kMostEnumeratedPlies) {
            throw std::invalid_argument("--plies takes a number from 0 to " +
                                        std::to_string(kMostEnumeratedPlies));
        }
        if (threads < 1) throw std::invalid_argument("--threads must be at least 1");
    } catch (const std::exception& e) {
        std::cerr << "othello-match balanced-openings: " << e.what()
                  << "\n(see othello-match balanced-openings --help)\n";
        return 2;
    }
    const std::vector<std::string> set = compute_balanced_openings(plies, threads);
    std::cout << "# Balanced openings after " << plies
              << " plies: the positions (up to symmetry) whose 64 random playouts,\n"
                 "# seeded by the position, end within 2 discs on average: "
              << set.size() << " of the " << *distinct_opening_count(plies)
              << " distinct positions.\n# Written by: othello-match balanced-openings --plies "
              << plies << "\n";
    for (const std::string& t : set) std::cout << t << "\n";
    return std::cout.flush() ? 0 : 1;
}

}  // namespace othello
