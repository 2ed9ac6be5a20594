// check_output_path: a probe file created and removed in the output's folder.
#include "match/output_paths.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <stdexcept>

namespace othello {

void check_output_path(const std::string& option, const std::string& path) {
    if (path.empty()) return;
    namespace fs = std::filesystem;
    const auto fail = [&](const std::string& why) {
        throw std::runtime_error(option + " '" + path + "': " + why);
    };
    std::error_code error;
    if (fs::is_directory(path, error)) fail("is a directory");
    const fs::path folder = fs::path(path).parent_path();
    if (!folder.empty() && !fs::is_directory(folder, error))
        fail("folder '" + folder.string() + "' does not exist");
    // Permissions alone do not tell (root, read-only mounts, full quotas): try it.
    const std::string probe = path + ".probe." + std::to_string(::getpid());
    const int fd = ::open(probe.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0) fail(std::string("cannot create a file there: ") + std::strerror(errno));
    ::close(fd);
    ::unlink(probe.c_str());
}

}  // namespace othello
