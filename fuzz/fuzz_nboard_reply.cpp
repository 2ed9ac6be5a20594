// libFuzzer target: the runner's side of NBoard. The real NboardClient reads whatever an engine
// could print (the input, cut into lines as the transports cut them) through the handshake and
// then `go` after `go`, each with its ping/pong resynchronisation; the whole input is also read
// as the text after "===". No input may crash it; a move reply names one word.
#include <cstdlib>
#include <memory>

#include "engine/square.h"
#include "fuzz/fuzz_input_lines.h"
#include "fuzz/scripted_line_channel.h"
#include "protocol/nboard_client.h"

using namespace othello;

namespace {

void check_reply(const NboardMoveReply& reply) {
    if (reply.move.empty() || reply.move.find_first_of(" /") != std::string::npos) std::abort();
    (void)Move::parse(reply.move);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (const auto reply =
            parse_nboard_move_reply(std::string_view(reinterpret_cast<const char*>(data), size)))
        check_reply(*reply);

    auto script = std::make_unique<ScriptedLineChannel>(fuzz_input_lines(data, size));
    const ScriptedLineChannel& channel = *script;
    NboardClient client(std::move(script));
    const Deadline deadline = deadline_after(1.0);
    try {
        (void)client.handshake(deadline);
    } catch (const ChannelError&) {
    }
    while (!channel.exhausted()) {
        try {
            client.send(
                "set game (;GM[Othello]PC[fuzz]TY[8]BO[8 ---------------------------O*"
                "------*O--------------------------- *];)");
            client.synchronise(deadline);
            check_reply(client.go(deadline));
        } catch (const ChannelError&) {
        }
    }
    return 0;
}
