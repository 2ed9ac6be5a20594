// Where the shipped data (default opening book, trained weights) lives: $OTHELLO_DATA_DIR if set;
// else, for a program of the build tree, the repository's data/ folder; else (an installed
// program) the share/othello folder beside the program's bin/ folder, e.g. /usr/share/othello.
#pragma once

#include <filesystem>

namespace othello {

std::filesystem::path data_dir();

}  // namespace othello
