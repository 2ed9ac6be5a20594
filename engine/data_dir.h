// Where the shipped data (default opening book, trained weights) lives: $OTHELLO_DATA_DIR if set,
// else the repository's data/ folder, whose path is fixed when the project is configured.
#pragma once

#include <cstdlib>
#include <filesystem>

namespace othello {

inline std::filesystem::path data_dir() {
    if (const char* env = std::getenv("OTHELLO_DATA_DIR"); env && *env) return env;
    return OTHELLO_DEFAULT_DATA_DIR;
}

}  // namespace othello
