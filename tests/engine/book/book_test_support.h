// Helpers for the book tests: scratch files that remove themselves, and the fixture files.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "engine/square.h"

namespace othello::testing {

// A path in the temporary folder, unique to this process and name; removed (with SQLite's
// journal) when the object goes.
class ScratchFile {
  public:
    explicit ScratchFile(const std::string& name)
        : path_(std::filesystem::temp_directory_path() /
                ("othello-book-test-" + std::to_string(::getpid()) + "-" + name)) {
        remove();
    }
    ~ScratchFile() { remove(); }
    ScratchFile(const ScratchFile&) = delete;
    ScratchFile& operator=(const ScratchFile&) = delete;

    const std::filesystem::path& path() const { return path_; }
    std::string str() const { return path_.string(); }
    void write(const std::string& text) const { std::ofstream(path_, std::ios::binary) << text; }

  private:
    void remove() const {
        std::error_code ignored;
        for (const char* suffix : {"", "-journal", ".building", ".building-journal"}) {
            std::filesystem::remove(path_.string() + suffix, ignored);
        }
    }
    std::filesystem::path path_;
};

// A fixture file of tests/data (a WTHOR year, the named openings: tests/data/README.md).
inline std::string test_data(const std::string& relative) {
    return std::string(OTHELLO_TEST_DATA) + "/" + relative;
}

// The square named `name` ("d3"), which the test knows to be valid.
inline Square sq(const char* name) {
    return *Square::parse(name);
}

}  // namespace othello::testing
