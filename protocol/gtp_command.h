// GTP framing: turning one raw input line into a command, and responses into GTP's text form.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace othello {

struct GtpCommand {
    std::string id;  // the digits of the optional numeric id, echoed back; empty when absent
    std::string name;
    std::vector<std::string> args;
};

// Cleans a line as GTP 2 asks (control characters other than tab and newline dropped, tabs as
// spaces, everything from '#' on is a comment) and splits it. nullopt for a line left empty.
// A line with an id but no command gives a command with an empty name.
std::optional<GtpCommand> parse_gtp_command(std::string_view line);

// "=id result\n\n" (no space after '=' when the id is absent, none before an empty result).
std::string gtp_success(std::string_view id, std::string_view result);
// "?id message\n\n".
std::string gtp_failure(std::string_view id, std::string_view message);

}  // namespace othello
