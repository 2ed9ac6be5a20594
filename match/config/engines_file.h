// Engines files in cutechess-cli's engines.json format: a JSON array of engine configurations,
// each picked by `--engine conf=NAME[,key=value...]` and turned into this runner's engine spec.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace othello {

// The engine spec (match/players/engine_spec.h) that `conf_argument` ("conf=NAME" followed by
// ",key=value" overrides) names in the engines file at `engines_path`: the configuration's
// fields as spec keys, each override replacing the file's key of that name, then "cmd:COMMAND".
//
// The fields, cutechess's names: name (name=), command (cmd:, split like a shell; required),
// workingDirectory (dir=), protocol (protocol=: gtp or nboard; cutechess's uci and xboard are
// chess protocols and refused), stderrFile (stderr=), timemargin (timemargin=), restart
// (restart=), options (each {"name": K, "value": V, ...} as K=V: cutechess's other members,
// alias, default, min, max, type and choices, describe the option and are not read), and
// initStrings, ponder and whitepov only when empty or false (this runner has no use for them).
// An empty string means unset, as cutechess writes every field it knows ("workingDirectory": "").
// Any other field (cutechess's variants, validateClaims, debug) is ignored, with a note for the
// configuration named added to `notes`.
// Throws std::invalid_argument naming the file and the entry (or the line, for a file that is
// not JSON), or the conf name the file does not hold.
std::string engine_spec_from_engines_file(std::string_view conf_argument,
                                          const std::string& engines_path,
                                          std::vector<std::string>* notes = nullptr);

// Whether an --engine argument names a configuration of the engines file ("conf=...").
bool names_engine_configuration(std::string_view engine_argument);

}  // namespace othello
