// The source the tests' precompiled header is built with (tests/support/CMakeLists.txt); every
// test program reuses that header.
