// ProgressBar: one self-overwriting line on stderr for long matches — games done, W/L/D so far,
// games per second and ETA — shown only when stderr is a terminal.
#pragma once

#include <chrono>
#include <string>

namespace othello {

class ProgressBar {
  public:
    // `total`: games to play in this run. Enabled only if stderr is a TTY and `wanted`.
    ProgressBar(long total, bool wanted);
    // W/L/D are from the first engine's side.
    void update(long done, long wins, long losses, long draws);
    void finish();  // clears the line

  private:
    bool enabled_;
    long total_;
    std::chrono::steady_clock::time_point started_;
    std::chrono::steady_clock::time_point last_draw_{};
};

}  // namespace othello
