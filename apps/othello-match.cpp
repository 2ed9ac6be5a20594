// othello-match: runs a match or tournament from the command line and prints the result table;
// the subcommands in the table below are its other tools.
#include <algorithm>
#include <exception>
#include <iostream>
#include <optional>
#include <string>

#include "engine/ascii_text.h"
#include "match/cli/balanced_openings_command.h"
#include "match/cli/compliance_command.h"
#include "match/cli/match_command_line.h"
#include "match/cli/match_session.h"
#include "match/cli/merge_command.h"
#include "match/cli/ratings_command.h"
#include "match/cli/record_fields_help.h"
#include "match/cli/report_command.h"
#include "protocol/interruption.h"
#include "protocol/process_groups.h"

using namespace othello;

namespace {

struct Subcommand {
    const char* name;
    const char* summary;  // one line of --help
    int (*run)(int argc, char** argv);
};

const Subcommand kSubcommands[] = {
    {"report", "write the HTML report page of a results file or journal",
     [](int argc, char** argv) { return run_report_command(argc, argv); }},
    {"ratings", "one joint rating list over the games of many matches",
     [](int argc, char** argv) { return run_ratings_command(argc, argv, std::cout, std::cerr); }},
    {"merge", "join the results of a match's shards into one results file",
     [](int argc, char** argv) { return run_merge_command(argc, argv, std::cout, std::cerr); }},
    {"balanced-openings", "print the balanced openings set (data/balanced-openings-8.txt)",
     [](int argc, char** argv) { return run_balanced_openings_command(argc, argv); }},
    {"compliance", "check that an engine (SPEC as for --engine) speaks its protocol correctly",
     [](int argc, char** argv) {
         return run_compliance_command(argc, argv, std::cout, std::cerr);
     }},
};

// The end of --help: every subcommand, one line each.
std::string subcommands_help() {
    std::string text = "Subcommands (othello-match SUBCOMMAND --help for their options):\n";
    for (const Subcommand& s : kSubcommands) {
        std::string name = s.name;
        name.resize(std::max<std::size_t>(name.size(), 19), ' ');
        text += "  " + name + s.summary + "\n";
    }
    return text;
}

}  // namespace

int main(int argc, char** argv) {
    // Engines run in process groups of their own, out of reach of the terminal's Ctrl-C: the
    // runner ends them itself, whether it finishes, fails or is interrupted.
    kill_process_groups_at_exit();
    for (const Subcommand& s : kSubcommands) {
        if (argc > 1 && std::string(argv[1]) == s.name) return s.run(argc - 1, argv + 1);
    }
    // A match keeps its finished games when interrupted: the first Ctrl-C (or SIGTERM, SIGHUP)
    // stops the engines and the games in play, prints the table and how to resume, and then
    // ends the runner by that signal (exit status 128 + N: 130 for Ctrl-C). A second one ends it
    // at once. Caught from the start, so that whenever it comes the runner says what happened.
    stop_on_first_signal();
    std::optional<MatchOptions> options;
    try {
        options = parse_match_options(argc, argv, record_fields_help() + subcommands_help());
    } catch (const std::exception& e) {
        std::cerr << "othello-match: " << printable_lines(e.what())
                  << "\n(see othello-match --help)\n";
        if (!interrupting_signal()) return 2;
    }
    if (const int signal = interrupting_signal()) {
        std::cerr << "othello-match: interrupted by " << signal_name(signal)
                  << " while the command line was read; no engine was started, nothing was "
                     "played or written\n";
        end_by_signal(signal);
    }
    if (!options) return 0;
    int status = 2;
    try {
        status = run_match_session(*options);
    } catch (const std::exception& e) {
        std::cerr << "othello-match: " << printable_lines(e.what()) << "\n";
    }
    std::cout.flush();
    if (const int signal = interrupting_signal()) {
        // The session says how far an interrupted match got (exit status 128 + N); a signal
        // that came after it had ended, or with the error it stopped on, is said here.
        if (status != 128 + signal) {
            std::cerr << "othello-match: interrupted by " << signal_name(signal)
                      << (status == 2 ? " as the match stopped on the error above\n"
                                      : " as the match ended; what is said above stands\n");
        }
        end_by_signal(signal);
    }
    return status;
}
