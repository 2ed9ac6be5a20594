// othello-match: runs a match or tournament from the command line and prints the result table;
// `merge`, `report`, `ratings` and `balanced-openings` are its other subcommands.
#include <exception>
#include <iostream>
#include <optional>
#include <string>

#include "engine/ascii_text.h"
#include "match/cli/balanced_openings_command.h"
#include "match/cli/match_session.h"
#include "match/cli/merge_command.h"
#include "match/cli/ratings_command.h"
#include "match/cli/report_command.h"
#include "match/results/match_options.h"
#include "protocol/interruption.h"
#include "protocol/process_groups.h"

using namespace othello;

int main(int argc, char** argv) {
    // Engines run in process groups of their own, out of reach of the terminal's Ctrl-C: the
    // runner ends them itself, whether it finishes, fails or is interrupted.
    kill_process_groups_at_exit();
    if (argc > 1 && std::string(argv[1]) == "merge")
        return run_merge_command(argc - 1, argv + 1, std::cout, std::cerr);
    if (argc > 1 && std::string(argv[1]) == "report") return run_report_command(argc - 1, argv + 1);
    if (argc > 1 && std::string(argv[1]) == "ratings")
        return run_ratings_command(argc - 1, argv + 1, std::cout, std::cerr);
    if (argc > 1 && std::string(argv[1]) == "balanced-openings")
        return run_balanced_openings_command(argc - 1, argv + 1);
    std::optional<MatchOptions> options;
    try {
        options = parse_match_options(argc, argv);
        if (!options) return 0;
    } catch (const std::exception& e) {
        std::cerr << "othello-match: " << printable_lines(e.what())
                  << "\n(see othello-match --help)\n";
        return 2;
    }
    // A match keeps its finished games when interrupted: the first Ctrl-C (or SIGTERM, SIGHUP)
    // stops the engines and the games in play, prints the table and how to resume, and then
    // ends the runner by that signal (exit status 128 + N: 130 for Ctrl-C). A second one ends it
    // at once.
    stop_on_first_signal();
    int status = 2;
    try {
        status = run_match_session(*options);
    } catch (const std::exception& e) {
        std::cerr << "othello-match: " << printable_lines(e.what()) << "\n";
    }
    std::cout.flush();
    if (const int signal = interrupting_signal()) end_by_signal(signal);
    return status;
}
