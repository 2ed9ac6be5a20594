// Output paths checked before the first game: a results, records, log or report file that could
// not be written is an error at the start of a match, not after its last game; and what is at an
// output's path is looked at before anything opens it, so a FIFO or a device node is neither
// waited on nor replaced by a file.
#pragma once

#include <string>

namespace othello {

// What an output may be written to besides a regular file (symbolic links are followed).
enum class OutputKinds {
    RegularFile,         // replaced by renaming a new file over it (results, records, pages)
    RegularFileOrStream  // also a character device or FIFO, written to in place (the log)
};

// Throws std::runtime_error naming `option` and `path` if `path` is a directory, its folder does
// not exist, a file cannot be created in that folder (outputs are written to a temporary next to
// them, then renamed), it is a symbolic link to nothing, or it is something `kinds` does not
// allow (a FIFO, a device, a socket). An empty path (the option not given) passes. Leaves nothing
// behind and opens nothing at `path` itself.
void check_output_path(const std::string& option, const std::string& path,
                       OutputKinds kinds = OutputKinds::RegularFile);

// The file a whole-file output replaces: `path` with its symbolic links resolved, so a link stays
// a link and its target gets the new contents. Throws std::runtime_error naming `path` when that
// is not a regular file (nor missing): nothing but a regular file is ever renamed over.
std::string replaceable_file_behind(const std::string& path);

// True when anything is at `path`: a file, a device, a FIFO, even a symbolic link to nothing.
bool output_exists(const std::string& path);

// True when `a` and `b` are the same file, also when neither exists yet ("r.json", "./r.json").
bool same_output(const std::string& a, const std::string& b);

// "a FIFO", "a character device", ... for what is at `path` (links followed).
std::string kind_of_file_at(const std::string& path);

}  // namespace othello
