// Data files read whole: only regular files, at most the bytes their format can hold, every byte
// of a file under that (a file longer than one read's buffer included).
#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "engine/data_file.h"

using namespace othello;
namespace fs = std::filesystem;

namespace {

fs::path written(const std::string& name, const std::string& bytes) {
    const fs::path path = fs::temp_directory_path() / (name + "-" + std::to_string(::getpid()));
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
}

}  // namespace

TEST_CASE("read_regular_file: every byte, with no bound or within it") {
    std::string bytes(200000, '\0');
    for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<char>(i * 7);
    const fs::path path = written("data-file", bytes);
    CHECK(read_regular_file(path, "test file") == bytes);
    CHECK(read_regular_file(path, "test file", bytes.size()) == bytes);
    CHECK_THROWS_WITH_AS(
        read_regular_file(path, "test file", bytes.size() - 1),
        (path.string() + ": 200000 bytes, more than a test file holds (at most 199999)").c_str(),
        DataFileError);
    const fs::path empty = written("data-file-empty", "");
    CHECK(read_regular_file(empty, "test file", 0).empty());
    fs::remove(path);
    fs::remove(empty);
}

TEST_CASE("read_regular_file: a file that grows past the bound while it is read is refused") {
    // procfs files are regular but say 0 bytes, then read as many: as a file that grew between
    // the size check and the read.
    const fs::path status = "/proc/self/status";
    if (!fs::is_regular_file(status) || fs::file_size(status) != 0) {
        MESSAGE("skipped: no procfs file that reads longer than its size");
        return;
    }
    CHECK_THROWS_WITH_AS(read_regular_file(status, "test file", 16),
                         "/proc/self/status: grew while it was read, more than a test file holds "
                         "(at most 16)",
                         DataFileError);
    CHECK(read_regular_file(status, "test file", 1 << 20).find("Name:") == 0);
}
