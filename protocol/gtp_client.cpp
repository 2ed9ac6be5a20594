// GtpClient: GTP response framing, strict in what it sends and lenient in what it accepts.
#include "protocol/gtp_client.h"

#include <cctype>
#include <charconv>

#include "engine/ascii_text.h"

namespace othello {

namespace {

bool is_blank(std::string_view s) {
    return trim(s).empty();
}

// A multi-line result (list_commands, showboard) is a few KB; an engine that never ends its
// response must cost its game, not the runner's memory.
constexpr std::size_t kMaxResponseBytes = 1 << 20;

// How a second answer is named, whichever way it was caught.
ChannelError answered_twice(std::string_view answered, const GtpResponse& second) {
    return ChannelError(ChannelFailure::Malformed, "answered '" + std::string(answered) +
                                                       "' twice: the second reply was '" +
                                                       (second.success ? "= " : "? ") +
                                                       printable(second.text.substr(0, 80)) + "'");
}

}  // namespace

GtpResponse GtpClient::open(std::string_view command, Deadline deadline) {
    const std::string id = std::to_string(next_id_);
    channel_->write_line(id + " " + std::string(command));
    GtpResponse r = read_response(command, deadline);
    if (r.id == id) {
        echoes_ids_ = true;
        numbered_[next_id_++ % kNumberedKept] = command;
        return r;
    }
    if (!r.id.empty()) {
        throw ChannelError(ChannelFailure::Malformed, "reply to '" + id + " " +
                                                          std::string(command) + "' carries id " +
                                                          r.id + ", not " + id);
    }
    // "= 1 2": the id after a space, then the answer (a refusal "? 1 unknown command" is an
    // engine that took the id for the command's name: sent again below, without it).
    if (r.success && r.text.size() > id.size() + 1 && r.text.starts_with(id + " ")) {
        stale_id_ = id;
        r.text = std::string(trim(std::string_view(r.text).substr(id.size())));
        return r;
    }
    return r.success ? r : send(command, deadline);
}

GtpResponse GtpClient::send(std::string_view command, Deadline deadline, bool numbered) {
    std::string id;
    if (numbered && echoes_ids_) {
        id = std::to_string(next_id_);
        numbered_[next_id_++ % kNumberedKept] = command;
        channel_->write_line(id + " " + std::string(command));
    } else {
        channel_->write_line(command);
    }
    check_probe(deadline);
    GtpResponse r = read_response(command, deadline);
    if (echoes_ids_) check_id(command, id, r);
    return r;
}

void GtpClient::check_id(std::string_view command, const std::string& id,
                         const GtpResponse& response) {
    if (response.id == id) return;
    // The id of a command whose answer was read already (one below the current command's): a
    // second answer to it.
    long old = 0;
    const char* digits = response.id.data();
    const auto [end, error] = std::from_chars(digits, digits + response.id.size(), old);
    const long answered_below = id.empty() ? next_id_ : next_id_ - 1;
    if (!response.id.empty() && error == std::errc() && old >= 1 && old < answered_below &&
        next_id_ - old <= kNumberedKept)
        throw answered_twice(numbered_[old % kNumberedKept], response);
    throw ChannelError(ChannelFailure::Malformed,
                       "reply to '" + (id.empty() ? "" : id + " ") + std::string(command) +
                           "' carries " +
                           (response.id.empty() ? std::string("no id") : "id " + response.id) +
                           ": '" + printable(response.text.substr(0, 80)) + "'");
}

GtpResponse GtpClient::read_response(std::string_view command, Deadline deadline) {
    // Engines may print blank lines before a response; skip them.
    std::string first;
    do {
        first = channel_->read_line(deadline);
    } while (is_blank(first));
    if (first[0] != '=' && first[0] != '?') {
        throw ChannelError(ChannelFailure::Malformed, "reply to '" + std::string(command) +
                                                          "' is not GTP: '" +
                                                          printable(first.substr(0, 80)) + "'");
    }
    GtpResponse response;
    response.success = first[0] == '=';
    std::size_t i = 1;
    while (i < first.size() && std::isdigit(static_cast<unsigned char>(first[i])))
        ++i;  // optional id
    response.id = first.substr(1, std::min<std::size_t>(i - 1, 18));
    response.text = std::string(trim(std::string_view(first).substr(i)));
    // Edax's stale id before every answer: "= 1 f5", and "= 1" alone for an empty one.
    if (!stale_id_.empty() && response.id.empty() &&
        (response.text == stale_id_ || response.text.starts_with(stale_id_ + " ")))
        response.text = std::string(trim(std::string_view(response.text).substr(stale_id_.size())));
    // A response ends with an empty line; further lines belong to a multi-line result.
    for (;;) {
        std::string line = channel_->read_line(deadline);
        if (is_blank(line)) break;
        response.text += '\n';
        response.text += trim(line);
        if (response.text.size() > kMaxResponseBytes) {
            throw ChannelError(ChannelFailure::Malformed,
                               "reply to '" + std::string(command) + "' is longer than " +
                                   std::to_string(kMaxResponseBytes) +
                                   " bytes without the empty line that ends it");
        }
    }
    return response;
}

std::string GtpClient::ask(std::string_view command, Deadline deadline, bool numbered) {
    GtpResponse r = send(command, deadline, numbered);
    if (!r.success) {
        throw ChannelError(ChannelFailure::Malformed,
                           "engine refused '" + std::string(command) + "': " + printable(r.text));
    }
    return r.text;
}

void GtpClient::send_probe(std::string_view answered, std::string_view probe,
                           std::string probe_answer, Deadline deadline) {
    check_probe(deadline);
    channel_->write_line(probe);
    probe_ = Probe{std::string(answered), std::string(probe), std::move(probe_answer)};
}

void GtpClient::check_probe(Deadline deadline) {
    if (!probe_) return;
    const Probe probe = std::move(*probe_);
    probe_.reset();
    const GtpResponse r = read_response(probe.command, deadline);
    if (r.success && r.text == probe.answer) return;
    // The probe's response is still to come: what came first answered nothing asked.
    throw answered_twice(probe.answered, r);
}

void GtpClient::quit(std::chrono::milliseconds grace) {
    channel_->stop_after("quit", grace);
}

}  // namespace othello
