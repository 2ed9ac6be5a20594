// write_file_atomically: temporary + fsync + rename + fsync of the folder.
#include "match/results/atomic_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <sstream>
#include <stdexcept>

#include "match/results/output_paths.h"
#include "protocol/fd_write.h"

namespace othello {

void write_file_atomically(const std::string& path,
                           const std::function<void(std::ostream&)>& write) {
    // A link stays a link: its target is replaced. Anything but a regular file is refused before
    // the rename could turn a device node or FIFO into a plain file.
    const std::string file = replaceable_file_behind(path);
    std::ostringstream text;
    write(text);
    const std::string data = text.str();
    // The pid keeps two runners writing the same name from sharing a temporary.
    const std::string temporary = file + ".tmp." + std::to_string(::getpid());
    const auto fail = [&](const std::string& what) {
        const std::string why = std::strerror(errno);
        ::unlink(temporary.c_str());
        throw std::runtime_error("cannot write '" + path + "': " + what + ": " + why);
    };
    const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) fail("cannot create " + temporary);
    const bool written = write_all(fd, data) && ::fsync(fd) == 0;
    ::close(fd);
    if (!written) fail("cannot write " + temporary);
    if (std::rename(temporary.c_str(), file.c_str()) != 0) fail("cannot rename " + temporary);
    // The rename itself is durable only once the folder is.
    const std::filesystem::path folder = std::filesystem::path(file).parent_path();
    const int dir =
        ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir >= 0) {
        ::fsync(dir);
        ::close(dir);
    }
}

}  // namespace othello
