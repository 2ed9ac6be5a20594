// NboardClient: line matching for NBoard replies, lenient in the forms real engines use.
#include "protocol/nboard_client.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <vector>

#include "engine/ascii_text.h"
#include "protocol/engine_connection.h"

namespace othello {

namespace {

// Splits on spaces and on '/': "f5/1.2/0.3" and "c6 0.00 0.0" give the same fields, "f5//0.3"
// an empty eval.
std::vector<std::string_view> fields_of(std::string_view s) {
    std::vector<std::string_view> fields;
    const bool slashes = s.find('/') != std::string_view::npos;
    const char separator = slashes ? '/' : ' ';
    while (true) {
        s = slashes ? s : trim(s);
        const auto at = s.find(separator);
        fields.push_back(trim(s.substr(0, at)));
        if (at == std::string_view::npos) break;
        s.remove_prefix(at + 1);
        if (!slashes && trim(s).empty()) break;
    }
    return fields;
}

// A field's number, or nullopt when it is empty, not a number, out of range or not finite
// ("abc", "1e999", "nan", "inf"): such a field is dropped, and the move it came with still stands.
std::optional<double> number_in(std::string_view text) {
    if (!text.empty() && text.front() == '+') text.remove_prefix(1);
    if (text.empty()) return std::nullopt;
    double value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(value))
        return std::nullopt;
    return value;
}

}  // namespace

std::optional<NboardMoveReply> parse_nboard_move_reply(std::string_view text) {
    text = trim(text);
    if (text.empty()) return std::nullopt;
    const std::vector<std::string_view> fields = fields_of(text);
    NboardMoveReply reply;
    reply.move = std::string(fields[0]);
    if (reply.move.empty() || reply.move.find(' ') != std::string::npos) return std::nullopt;
    if (fields.size() > 1) reply.eval = number_in(fields[1]);
    // An eval is in discs: beyond the board's 64 it is no eval at all.
    if (reply.eval && std::abs(*reply.eval) > 64) reply.eval.reset();
    if (fields.size() > 2) reply.seconds = number_in(fields[2]);
    if (reply.seconds && *reply.seconds < 0) reply.seconds.reset();
    return reply;
}

std::string NboardClient::handshake(Deadline deadline, std::string_view engine) {
    channel_->write_line("nboard 2");
    std::string name;
    await_pong(deadline, &name, engine);
    return name;
}

std::string NboardClient::set_depth(int depth, Deadline deadline) {
    channel_->write_line("set depth " + std::to_string(depth));
    std::string name;
    await_pong(deadline, &name);
    return name;
}

void NboardClient::synchronise(Deadline deadline) {
    await_pong(deadline, nullptr);
}

void NboardClient::await_pong(Deadline deadline, std::string* name, std::string_view engine) {
    const std::string ping = std::to_string(next_ping_++);
    try {
        channel_->write_line("ping " + ping);
    } catch (const ChannelError& e) {
        // A token gate that refused "nboard 2" may have closed already: its answer is still to
        // be read.
        if (engine.empty() || e.failure() != ChannelFailure::Closed) throw;
    }
    for (;;) {
        const std::string line = channel_->read_line(deadline);
        const std::string_view t = trim(line);
        if (!engine.empty()) {
            if (const auto reason = token_refusal(t)) {
                throw ChannelError(ChannelFailure::StartFailed,
                                   std::string(engine) + " refused the token (" + *reason +
                                       "): the server wants token=SECRET in the engine spec");
            }
        }
        if (t.starts_with("pong") && trim(t.substr(4)) == ping) return;
        if (name && t.starts_with("set myname ")) *name = printable(trim(t.substr(11)));
    }
}

NboardMoveReply NboardClient::go(Deadline deadline) {
    channel_->write_line("go");
    for (;;) {
        const std::string line = channel_->read_line(deadline);
        const std::string_view t = trim(line);
        if (!t.starts_with("===")) continue;  // status, nodestats, search, book, ...
        if (auto reply = parse_nboard_move_reply(t.substr(3))) return *reply;
        throw ChannelError(ChannelFailure::Malformed,
                           "reply '" + printable(t.substr(0, 80)) + "' to go is not a move");
    }
}

void NboardClient::quit(std::chrono::milliseconds grace) {
    channel_->stop_after("quit", grace);
}

}  // namespace othello
