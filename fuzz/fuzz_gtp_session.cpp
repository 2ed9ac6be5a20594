// libFuzzer target: a GTP session fed arbitrary lines (what a TCP or stdio peer can send). Every
// line must get a well-formed response; nothing may crash or hang.
#include <cstdlib>

#include "fuzz/fuzz_input_lines.h"
#include "protocol/session_factory.h"

using namespace othello;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const SessionFactory factory = [] {
        SessionSettings settings;
        settings.policy = "mobility";
        settings.max_line_length = 1000;
        settings.may_read_files = false;  // as over TCP: loadsgf /dev/zero must not hang a run
        return make_session_factory("gtp", settings);
    }();
    const auto session = factory();
    for (const std::string& line : fuzz_input_lines(data, size)) {
        const std::string response = session->handle(line);
        // A GTP response is empty (blank or comment line) or "=..." / "?..." ending in a blank
        // line.
        if (!response.empty()) {
            const bool framed = (response[0] == '=' || response[0] == '?') &&
                                response.size() >= 2 &&
                                response.compare(response.size() - 2, 2, "\n\n") == 0;
            if (!framed) std::abort();
        }
        if (session->closed()) break;
    }
    return 0;
}
