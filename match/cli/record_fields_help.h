// The fields of a game record as othello-match --help lists them (and its man page, made from
// --help), for people whose tools read the results: each field's name, whether it is a CSV column
// and may be absent, and what it holds, from the schema table (match/record/game_record_schema.h).
#pragma once

#include <string>

namespace othello {

// "Game record fields (...):", a line per field, then what files hold them; ends with a blank line.
std::string record_fields_help();

}  // namespace othello
