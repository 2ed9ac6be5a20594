// GtpClient: GTP response framing, strict in what it sends and lenient in what it accepts.
#include "protocol/gtp_client.h"

#include <cctype>

#include "engine/ascii_text.h"

namespace othello {

namespace {

bool is_blank(std::string_view s) {
    return trim(s).empty();
}

// A multi-line result (list_commands, showboard) is a few KB; an engine that never ends its
// response must cost its game, not the runner's memory.
constexpr std::size_t kMaxResponseBytes = 1 << 20;

}  // namespace

GtpResponse GtpClient::send(std::string_view command, Deadline deadline) {
    channel_->write_line(command);
    check_probe(deadline);
    return read_response(command, deadline);
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
    response.text = std::string(trim(std::string_view(first).substr(i)));
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

std::string GtpClient::ask(std::string_view command, Deadline deadline) {
    GtpResponse r = send(command, deadline);
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
    throw ChannelError(ChannelFailure::Malformed,
                       "answered '" + probe.answered + "' twice: the second reply was '" +
                           (r.success ? "= " : "? ") + printable(r.text.substr(0, 80)) + "'");
}

void GtpClient::quit(std::chrono::milliseconds grace) {
    channel_->stop_after("quit", grace);
}

}  // namespace othello
