// The doctest runner shared by every test program. Each test folder is one program, and each of
// its ctest tests runs part of it (--source-file=..., tests/CMakeLists.txt): a filter that
// matches no test case fails the run, so a renamed or misspelt source cannot pass by running
// nothing.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <iostream>

namespace {

// How many test cases the run's filters let through; -1 until a run (not a query) ends.
int test_cases_run = -1;

struct CountingListener : doctest::IReporter {
    explicit CountingListener(const doctest::ContextOptions&) {}
    void report_query(const doctest::QueryData&) override {}
    void test_run_start() override {}
    void test_run_end(const doctest::TestRunStats& stats) override {
        test_cases_run = static_cast<int>(stats.numTestCasesPassingFilters);
    }
    void test_case_start(const doctest::TestCaseData&) override {}
    void test_case_reenter(const doctest::TestCaseData&) override {}
    void test_case_end(const doctest::CurrentTestCaseStats&) override {}
    void test_case_exception(const doctest::TestCaseException&) override {}
    void subcase_start(const doctest::SubcaseSignature&) override {}
    void subcase_end() override {}
    void log_assert(const doctest::AssertData&) override {}
    void log_message(const doctest::MessageData&) override {}
    void test_case_skipped(const doctest::TestCaseData&) override {}
};

}  // namespace

DOCTEST_REGISTER_LISTENER("counting", 0, CountingListener);

int main(int argc, char** argv) {
    doctest::Context context(argc, argv);
    const int result = context.run();
    if (context.shouldExit() || result != 0 || test_cases_run != 0) return result;
    std::cerr << "doctest: no test case matches this run's filters\n";
    return 1;
}
