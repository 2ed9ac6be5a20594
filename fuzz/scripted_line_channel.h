// ScriptedLineChannel: a LineChannel whose peer is a fixed list of lines, so a fuzz target can
// drive the real protocol clients with whatever an engine could print, without a process.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "protocol/line_channel.h"

namespace othello {

class ScriptedLineChannel : public LineChannel {
  public:
    explicit ScriptedLineChannel(std::vector<std::string> lines) : lines_(std::move(lines)) {}

    void write_line(std::string_view) override {}
    // The script's next line; its end is the engine closing its output.
    std::string read_line(Deadline) override {
        if (next_ == lines_.size()) throw ChannelError(ChannelFailure::Closed, "end of script");
        return lines_[next_++];
    }
    void stop(std::chrono::milliseconds) override {}

    bool exhausted() const { return next_ == lines_.size(); }

  private:
    std::vector<std::string> lines_;
    std::size_t next_ = 0;
};

}  // namespace othello
