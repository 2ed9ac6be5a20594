// Where the tests find the programs they start, and how long they may wait for them.
//
// The folder of the built programs is read at run time: OTHELLO_BIN_DIR in the environment, else
// the build tree's own bin/. The sanitizer builds run the Release build's test programs against
// their own sanitized programs this way (tests/CMakeLists.txt, "driver" tests), so the programs a
// test starts are always the ones the sanitizers watch, and the test itself is compiled once.
#pragma once

#include <chrono>
#include <string>

namespace othello::testing {

// The folder of othello-engine, othello-match, the fake engines, ... (no trailing slash).
const std::string& program_dir();

// program_dir() + "/" + name.
std::string program(const std::string& name);

// The built othello-engine.
std::string engine_path();

// The programs the tests start, by path (program_dir() when the test program starts).
inline const std::string kBin = program_dir();
inline const std::string kMatch = program("othello-match");
inline const std::string kEngine = engine_path();
inline const std::string kFake = program("fake-gtp-engine");
inline const std::string kFakeNboard = program("fake-nboard-engine");

// How much slower than an idle Release build this run may be: OTHELLO_TEST_TIME_FACTOR in the
// environment (ctest sets it: larger under the sanitizers), else 1. Every wall-clock bound a test
// waits for (an answer within N seconds, a process gone after N seconds) is scaled by it; the
// limits a test gives the programs (a time control, a server's quotas) are not.
double time_factor();

// `bound` scaled by time_factor().
std::chrono::milliseconds scaled(std::chrono::milliseconds bound);

// scaled() in seconds, for bounds given to programs as numbers (e.g. a --timeout to wait with).
double scaled_seconds(double seconds);

}  // namespace othello::testing
