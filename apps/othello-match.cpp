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
#include "match/cli/report_command.h"
#include "match/record/game_record_schema.h"
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

std::string padded(std::string text, std::size_t width) {
    text.resize(std::max(text.size(), width), ' ');
    return text;
}

// `lead` then `text`, broken at spaces into lines of at most `width` characters, the lines after
// the first indented as far as `text` starts (a hanging paragraph).
std::string hanging(const std::string& lead, const std::string& text, std::size_t width) {
    std::string out, line = lead;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find(' ', start);
        if (end == std::string::npos) end = text.size();
        const std::string word = text.substr(start, end - start);
        const bool first_word = line.size() == lead.size() && out.empty();
        if (!first_word && line.size() + 1 + word.size() > width) {
            out += line + "\n";
            line = std::string(lead.size(), ' ');
        }
        line += (line.size() == lead.size() ? "" : " ") + word;
        start = end + 1;
    }
    return out + line;
}

// Before the subcommands in --help: a game record's fields, from the schema table, for people
// whose tools read the results.
std::string record_fields_help() {
    std::string text =
        "Game record fields (CSV: also a column of CSV results; ?: may be absent):\n";
    for (const GameRecordField& f : game_record_fields()) {
        std::string flags;
        if (f.csv) flags = "CSV";
        if (f.presence != FieldPresence::Required) flags += flags.empty() ? "?" : ", ?";
        const std::string tag = std::string(f.name) + (flags.empty() ? "" : " (" + flags + ")");
        text += hanging("  " + padded(tag, 22) + "  ", std::string(f.meaning), 100) + "\n";
    }
    return text +
           "\nEach game in --results FILE.json, and each game line of the match's journal "
           "(FILE.jsonl;\nFILE.csv.jsonl beside --results FILE.csv), is a JSON object of those "
           "fields; CSV results\nhold the CSV ones, in that order. A field may be absent from "
           "files written before it\nexisted, and some are left out of a record when empty.\n\n";
}

// The end of --help: every subcommand, one line each.
std::string subcommands_help() {
    std::string text = "Subcommands (othello-match SUBCOMMAND --help for their options):\n";
    for (const Subcommand& s : kSubcommands) {
        text += "  " + padded(s.name, 19) + s.summary + "\n";
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
    std::optional<MatchOptions> options;
    try {
        options = parse_match_options(argc, argv, record_fields_help() + subcommands_help());
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
