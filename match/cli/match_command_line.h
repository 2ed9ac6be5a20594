// The command line of `othello-match` (a match, not a subcommand), read with
// Boost.Program_options into MatchOptions: every option's bounds and combinations checked, the
// engines' specs parsed and the schedule file read.
#pragma once

#include <optional>
#include <string_view>

#include "match/config/match_options.h"

namespace othello {

// Returns nullopt after printing --help (followed by `help_end`, the subcommands) or
// --list-policies. Throws std::invalid_argument (or a Boost.Program_options error) with a message
// naming the bad option.
std::optional<MatchOptions> parse_match_options(int argc, char** argv,
                                                std::string_view help_end = {});

}  // namespace othello
