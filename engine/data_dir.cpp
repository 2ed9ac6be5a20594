// The data folder: chosen from where the running program lies, so an installed program reads
// what was installed with it and never the source tree it was built from.
#include "engine/data_dir.h"

#include <cstdlib>
#include <system_error>

namespace othello {

namespace {

std::filesystem::path program_data_dir() {
    std::error_code error;
    const auto program = std::filesystem::read_symlink("/proc/self/exe", error);
    if (error) return OTHELLO_SOURCE_DATA_DIR;  // no way to know where it lies: a build's default
    const auto folder = program.parent_path();
    if (std::filesystem::equivalent(folder, OTHELLO_BUILD_BIN_DIR, error))
        return OTHELLO_SOURCE_DATA_DIR;
    return (folder / OTHELLO_DATA_DIR_FROM_BIN).lexically_normal();
}

}  // namespace

std::filesystem::path data_dir() {
    if (const char* env = std::getenv("OTHELLO_DATA_DIR"); env && *env) return env;
    static const std::filesystem::path from_program = program_data_dir();
    return from_program;
}

}  // namespace othello
