// LineFramer: cuts a byte stream into lines for the transports, with a bound on line length so a
// peer cannot make us buffer without limit.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace othello {

// Lines longer than this are cut (see LineFramer); the sessions reject what reaches this length.
inline constexpr std::size_t kDefaultMaxLineLength = 64 * 1024;

class LineFramer {
  public:
    explicit LineFramer(std::size_t max_line_length = kDefaultMaxLineLength)
        : max_line_length_(max_line_length) {}

    // Appends bytes and returns the lines they complete, without "\n" or "\r\n". A line longer
    // than the maximum is delivered cut to max_line_length + 1 bytes (so a session sees it is
    // too long) and the rest of it, up to its end, is dropped without being stored.
    std::vector<std::string> feed(std::string_view bytes);
    // At end of input: the unfinished last line, if any bytes of it arrived.
    bool has_partial() const { return !partial_.empty() || discarding_; }
    std::string take_partial();

  private:
    std::size_t max_line_length_;
    std::string partial_;
    bool discarding_ = false;  // inside an over-long line, dropping bytes until its end
};

}  // namespace othello
