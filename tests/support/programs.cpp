#include "tests/support/programs.h"

#include <cstdlib>
#include <stdexcept>

namespace othello::testing {

const std::string& program_dir() {
    static const std::string dir = [] {
        const char* given = std::getenv("OTHELLO_BIN_DIR");
        return std::string(given && *given ? given : OTHELLO_DEFAULT_BIN_DIR);
    }();
    return dir;
}

std::string program(const std::string& name) {
    return program_dir() + "/" + name;
}

std::string engine_path() {
    return program("othello-engine");
}

double time_factor() {
    static const double factor = [] {
        const char* given = std::getenv("OTHELLO_TEST_TIME_FACTOR");
        if (!given || !*given) return 1.0;
        char* end = nullptr;
        const double value = std::strtod(given, &end);
        if (*end != '\0' || !(value >= 1.0 && value <= 100.0))
            throw std::invalid_argument(std::string("OTHELLO_TEST_TIME_FACTOR is a number from 1 "
                                                    "to 100, not '") +
                                        given + "'");
        return value;
    }();
    return factor;
}

std::chrono::milliseconds scaled(std::chrono::milliseconds bound) {
    return std::chrono::milliseconds(static_cast<long long>(bound.count() * time_factor()));
}

double scaled_seconds(double seconds) {
    return seconds * time_factor();
}

}  // namespace othello::testing
