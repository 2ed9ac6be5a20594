// ChannelError: why talking to an engine over a line channel failed.
#pragma once

#include <stdexcept>
#include <string>

namespace othello {

// The referee turns each failure into a game result reason.
enum class ChannelFailure {
    StartFailed,  // the process could not be started or the connection not made
    Timeout,      // no complete reply before the deadline
    Closed,       // EOF: the process exited or crashed, or the peer closed the connection
    Malformed,    // the reply is not GTP
};

class ChannelError : public std::runtime_error {
  public:
    ChannelError(ChannelFailure failure, const std::string& message)
        : std::runtime_error(message), failure_(failure) {}
    ChannelFailure failure() const { return failure_; }

  private:
    ChannelFailure failure_;
};

}  // namespace othello
