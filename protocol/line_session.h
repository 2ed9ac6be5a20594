// LineSession: a text protocol session (GTP, NBoard) that turns one input line into the text to
// send back. Transports (stdio, TCP) only move lines; they share every session type through this.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace othello {

class LineSession {
  public:
    virtual ~LineSession() = default;
    // Handles one line (without its line ending). Returns what to send back: zero or more complete
    // lines, each ending in '\n' (GTP responses end with the empty line).
    virtual std::string handle(std::string_view line) = 0;
    // What to send when the connection opens (NBoard-style greetings); usually nothing.
    virtual std::string greeting() { return {}; }
    // True once the peer asked to end the session (quit): the transport closes after sending.
    virtual bool closed() const = 0;
};

using SessionFactory = std::function<std::unique_ptr<LineSession>()>;

// Where a session reports an unexpected failure (a policy that throws). Empty: the failure's text
// goes to the peer (on stdio, the user who started the engine). Set (TCP): the text may name
// server-side files, so it goes here and the peer is only told that an internal error happened.
using InternalErrorLog = std::function<void(const std::string&)>;

// What to tell the peer about `what`, reporting it to `log` when one is set.
inline std::string internal_error_message(const std::string& what, const InternalErrorLog& log) {
    if (!log) return "internal error: " + what;
    log("internal error: " + what);
    return "internal error (reported in the server's log)";
}

}  // namespace othello
