// libFuzzer target: an NBoard session fed arbitrary lines; no input may crash it, and every
// answer is whole lines.
#include <cstdlib>

#include "fuzz/fuzz_input_lines.h"
#include "protocol/session_factory.h"

using namespace othello;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const SessionFactory factory = [] {
        SessionSettings settings;
        settings.policy = "mobility";
        return make_session_factory("nboard", settings);
    }();
    const auto session = factory();
    (void)session->greeting();
    for (const std::string& line : fuzz_input_lines(data, size)) {
        const std::string response = session->handle(line);
        if (!response.empty() && response.back() != '\n') std::abort();
        if (session->closed()) break;
    }
    return 0;
}
