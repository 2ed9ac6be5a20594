// Output paths checked before the first game: a results, records, log or report file that could
// not be written is an error at the start of a match, not after its last game.
#pragma once

#include <string>

namespace othello {

// Throws std::runtime_error naming `option` and `path` if `path` is a directory, its folder does
// not exist, or a file cannot be created in that folder (outputs are written to a temporary next
// to them, then renamed). An empty path (the option not given) passes. Leaves nothing behind.
void check_output_path(const std::string& option, const std::string& path);

}  // namespace othello
