// libFuzzer target: the runner's side of GTP. The real GtpClient reads whatever an engine could
// print (the input, cut into lines as the transports cut them) while it is asked what the match
// runner asks: the handshake, then genmove after genmove, each reply read as a move. No input
// may crash it; a reply is either a response or a ChannelError, and a response's lines are
// trimmed.
#include <algorithm>
#include <cstdlib>
#include <memory>

#include "engine/ascii_text.h"
#include "engine/square.h"
#include "fuzz/fuzz_input_lines.h"
#include "fuzz/scripted_line_channel.h"
#include "protocol/gtp_client.h"

using namespace othello;

namespace {

// Every line of a response's text is trimmed, as GtpResponse promises.
void check_trimmed(std::string_view text) {
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t end = std::min(text.find('\n', start), text.size());
        const std::string_view line = text.substr(start, end - start);
        if (trim(line) != line) std::abort();
        start = end + 1;
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    auto script = std::make_unique<ScriptedLineChannel>(fuzz_input_lines(data, size));
    const ScriptedLineChannel& channel = *script;
    GtpClient client(std::move(script));
    const Deadline deadline = deadline_after(1.0);
    for (const char* command : {"protocol_version", "name", "boardsize 8", "known_command x"}) {
        try {
            check_trimmed(client.send(command, deadline).text);
        } catch (const ChannelError&) {
        }
    }
    while (!channel.exhausted()) {
        try {
            const std::string reply = client.ask("genmove b", deadline);
            check_trimmed(reply);
            (void)Move::parse(reply);
        } catch (const ChannelError&) {
        }
    }
    return 0;
}
