// check_output_path: the kind of file looked at with stat (never open), then a probe file created
// and removed in the output's folder.
#include "match/results/output_paths.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include "match/results/new_file.h"

namespace othello {

namespace fs = std::filesystem;

namespace {

std::string kind_name(fs::file_type type) {
    switch (type) {
        case fs::file_type::regular:
            return "a regular file";
        case fs::file_type::directory:
            return "a directory";
        case fs::file_type::fifo:
            return "a FIFO";
        case fs::file_type::character:
            return "a character device";
        case fs::file_type::block:
            return "a block device";
        case fs::file_type::socket:
            return "a socket";
        case fs::file_type::symlink:
            return "a symbolic link";
        case fs::file_type::not_found:
            return "missing";
        default:
            return "a file of unknown kind";
    }
}

}  // namespace

std::string kind_of_file_at(const std::string& path) {
    std::error_code error;
    return kind_name(fs::status(path, error).type());
}

bool output_exists(const std::string& path) {
    std::error_code error;
    return fs::exists(fs::symlink_status(path, error));
}

bool same_output(const std::string& a, const std::string& b) {
    std::error_code error;
    if (fs::equivalent(a, b, error)) return true;
    std::error_code error_a, error_b;
    // Absolute first: weakly_canonical leaves a relative path none of which exists as it is.
    const fs::path where_a = fs::weakly_canonical(fs::absolute(a, error_a), error_a);
    const fs::path where_b = fs::weakly_canonical(fs::absolute(b, error_b), error_b);
    return !error_a && !error_b && where_a == where_b;
}

std::string replaceable_file_behind(const std::string& path) {
    const auto refuse = [&](const std::string& why) {
        throw std::runtime_error("cannot write '" + path + "': " + why);
    };
    std::error_code error;
    const fs::file_status link = fs::symlink_status(path, error);
    if (link.type() == fs::file_type::not_found || link.type() == fs::file_type::regular)
        return path;
    if (link.type() != fs::file_type::symlink)
        refuse("it is " + kind_name(link.type()) + ", not a regular file");
    const fs::path target = fs::canonical(path, error);
    if (error) refuse("it is a symbolic link to a missing file");
    const fs::file_status status = fs::status(target, error);
    if (status.type() != fs::file_type::regular)
        refuse("it links to " + kind_name(status.type()) + ", not a regular file");
    return target.string();
}

void check_output_path(const std::string& option, const std::string& path, OutputKinds kinds) {
    if (path.empty()) return;
    const auto fail = [&](const std::string& why) {
        throw std::runtime_error(option + " '" + path + "': " + why);
    };
    std::error_code error;
    const fs::file_status link = fs::symlink_status(path, error);
    const fs::file_status status = fs::status(path, error);
    if (fs::is_symlink(link) && status.type() == fs::file_type::not_found)
        fail("is a symbolic link to a missing file");
    fs::path file = path;
    switch (status.type()) {
        case fs::file_type::not_found:
            break;
        case fs::file_type::regular:
            file = fs::canonical(path, error);  // the new file is made beside the link's target
            if (error) fail("cannot be examined: " + error.message());
            break;
        case fs::file_type::directory:
            fail("is a directory");
            break;
        case fs::file_type::fifo:
        case fs::file_type::character:
            // Written to in place, never replaced; whether it takes the writes shows when opened.
            if (kinds == OutputKinds::RegularFileOrStream) return;
            fail("is " + kind_name(status.type()) + ", not a regular file");
            break;
        case fs::file_type::none:
        case fs::file_type::unknown:
            fail("cannot be examined: " + error.message());
            break;
        default:
            fail("is " + kind_name(status.type()) + ", not a regular file");
    }
    const fs::path folder = file.parent_path();
    if (!folder.empty() && !fs::is_directory(folder, error))
        fail("folder '" + folder.string() + "' does not exist");
    // Permissions alone do not tell (root, read-only mounts, full quotas): try it.
    // A new file of a random name (new_file.h): a link planted at a name it could guess is
    // neither followed nor in the way.
    const NewFile probe = try_create_new_file(file.string() + ".probe-");
    if (probe.fd < 0) fail(std::string("cannot create a file there: ") + std::strerror(errno));
    ::close(probe.fd);
    ::unlink(probe.path.c_str());
}

}  // namespace othello
