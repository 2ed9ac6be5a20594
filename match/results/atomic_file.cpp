// write_file_atomically: temporary (written through a buffer) + fsync + rename + fsync of the
// folder.
#include "match/results/atomic_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <ostream>
#include <stdexcept>
#include <streambuf>
#include <string_view>
#include <vector>

#include "io/fd_write.h"
#include "match/results/new_file.h"
#include "match/results/output_paths.h"

namespace othello {

namespace {

// The temporary's stream: written through a buffer of its own, so that a file of any size (the
// results of a million games) never stands whole in memory. The first failed write is kept, with
// its errno, and the rest are dropped.
class FileBuffer : public std::streambuf {
  public:
    explicit FileBuffer(int fd) : fd_(fd), buffer_(1 << 16) { reset(); }

    // Writes what is buffered; false (errno set) once any write has failed.
    bool flush() {
        const auto size = static_cast<std::size_t>(pptr() - pbase());
        if (size > 0 && error_ == 0) {
            errno = 0;
            if (!write_all(fd_, std::string_view(pbase(), size))) error_ = errno ? errno : EIO;
        }
        reset();
        if (error_ != 0) errno = error_;
        return error_ == 0;
    }

  protected:
    int_type overflow(int_type c) override {
        if (!flush()) return traits_type::eof();
        if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
        *pptr() = traits_type::to_char_type(c);
        pbump(1);
        return c;
    }
    int sync() override { return flush() ? 0 : -1; }

  private:
    void reset() { setp(buffer_.data(), buffer_.data() + buffer_.size()); }

    int fd_;
    std::vector<char> buffer_;
    int error_ = 0;
};

}  // namespace

namespace {

// The temporary is written, made `path` and, when `keep_open`, returned open for appending;
// otherwise closed (-1).
int replace_file(const std::string& path, const std::function<void(std::ostream&)>& write,
                 bool keep_open) {
    // A link stays a link: its target is replaced. Anything but a regular file is refused before
    // the rename could turn a device node or FIFO into a plain file.
    const std::string file = replaceable_file_behind(path);
    // A new file of a random name, never one planted there (new_file.h).
    NewFile created;
    try {
        created = create_new_file(file + ".tmp-");
    } catch (const std::exception& e) {
        throw std::runtime_error("cannot write '" + path + "': " + e.what());
    }
    const int fd = created.fd;
    const std::string& temporary = created.path;
    const auto fail = [&](const std::string& what) {
        const std::string why = std::strerror(errno);
        ::unlink(temporary.c_str());
        throw std::runtime_error("cannot write '" + path + "': " + what + ": " + why);
    };
    bool written = false;
    try {
        FileBuffer buffer(fd);
        std::ostream out(&buffer);
        write(out);
        written = buffer.flush() && ::fsync(fd) == 0;
    } catch (...) {
        // What could not be written is not half written: the old file stays.
        ::close(fd);
        ::unlink(temporary.c_str());
        throw;
    }
    if (!written || (keep_open && ::fcntl(fd, F_SETFL, O_APPEND) != 0)) {
        const int error = errno;
        ::close(fd);
        errno = error;
        fail(written ? "cannot append to " + temporary : "cannot write " + temporary);
    }
    if (std::rename(temporary.c_str(), file.c_str()) != 0) {
        const int error = errno;
        ::close(fd);
        errno = error;
        fail("cannot rename " + temporary);
    }
    if (!keep_open) ::close(fd);
    // The rename itself is durable only once the folder is.
    const std::filesystem::path folder = std::filesystem::path(file).parent_path();
    const int dir =
        ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir >= 0) {
        ::fsync(dir);
        ::close(dir);
    }
    return keep_open ? fd : -1;
}

}  // namespace

void write_file_atomically(const std::string& path,
                           const std::function<void(std::ostream&)>& write) {
    replace_file(path, write, false);
}

int write_file_atomically_for_appending(const std::string& path,
                                        const std::function<void(std::ostream&)>& write) {
    return replace_file(path, write, true);
}

}  // namespace othello
