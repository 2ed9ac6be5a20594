// Whole-file outputs (results, game records, a resumed journal) replace the old file only once the
// new one is complete and on disk: written to a temporary next to it, fsync'ed, renamed over it,
// and the folder fsync'ed. A crash at any moment leaves either the old file or the new one.
#pragma once

#include <functional>
#include <ostream>
#include <string>

namespace othello {

// Calls `write` with a stream to a temporary file in the same folder as `path` (a new file of a
// random name: match/results/new_file.h), then makes it
// `path` (for a symbolic link, its target). Throws std::runtime_error naming `path` (the temporary
// is removed), also before writing anything when `path` is not a regular file: a FIFO, a device.
void write_file_atomically(const std::string& path,
                           const std::function<void(std::ostream&)>& write);
// As write_file_atomically, but the file stays open: returns a descriptor of the file just made,
// for appending (O_APPEND), which the caller closes. Opening `path` again after the rename would
// open whatever stands at that name by then, a link planted in the meantime included.
int write_file_atomically_for_appending(const std::string& path,
                                        const std::function<void(std::ostream&)>& write);

}  // namespace othello
