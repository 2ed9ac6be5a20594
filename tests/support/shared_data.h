// The full shared data (../shared/data: all 124,326 WTHOR games) for the test cases that need all
// of it, which sit in the doctest suite "shared_data". A clone without that folder skips them:
// their test (NAME_shared_data, othello_test(... SHARED_DATA) in tests/CMakeLists.txt) exits 77,
// which ctest reports as skipped. Cases that only need some games read tests/data instead.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string>

namespace othello::testing {

// OTHELLO_SHARED_DATA/relative where it exists; otherwise says what is missing and ends the
// program with 77, as the whole suite needs the data.
inline std::filesystem::path shared_data_path(const std::string& relative) {
    const std::filesystem::path path = std::filesystem::path(OTHELLO_SHARED_DATA) / relative;
    if (!std::filesystem::exists(path)) {
        std::cout << "SKIPPED: " << path.string()
                  << " not found: these cases need the full data of ../shared/data (clone beside "
                     "it, or configure -DOTHELLO_SHARED_DATA=DIR)"
                  << std::endl;
        std::exit(77);
    }
    return path;
}

}  // namespace othello::testing
