// LineChannel: a bidirectional line transport to an engine (a child process's pipes or a TCP
// connection), with deadlines on reads.
#pragma once

#include <chrono>
#include <string>
#include <string_view>

#include "protocol/channel_error.h"
#include "protocol/deadline.h"

namespace othello {

class LineChannel {
  public:
    virtual ~LineChannel() = default;
    // Sends `line` plus '\n'. Throws ChannelError(Closed) if the peer is gone.
    virtual void write_line(std::string_view line) = 0;
    // The next line without its line ending ('\r' stripped). Throws ChannelError(Timeout) at the
    // deadline and ChannelError(Closed) at EOF.
    virtual std::string read_line(Deadline deadline) = 0;
    // Ends the connection: lets the engine exit by itself for up to `grace`, then forces it.
    virtual void stop(std::chrono::milliseconds grace) = 0;

    // Sends `farewell` (e.g. "quit") if the peer is still there, then stops.
    void stop_after(std::string_view farewell, std::chrono::milliseconds grace) {
        try {
            write_line(farewell);
        } catch (const ChannelError&) {
            // Already gone: nothing to ask politely.
        }
        stop(grace);
    }
};

}  // namespace othello
