// ProgressBar: one self-overwriting line on stderr for long matches — games done, W/L/D so far,
// games per second and ETA — shown only when stderr is a terminal.
#pragma once

#include <chrono>
#include <string>

namespace othello {

class ProgressBar {
  public:
    // `total`: the match's games, of which `already_done` were played before this run (kept by
    // --resume). Enabled only if stderr is a TTY and `wanted`.
    ProgressBar(long total, long already_done, bool wanted);
    // `done` of the match's games, with their W/L/D from the first engine's side.
    void update(long done, long wins, long losses, long draws);
    void finish();  // clears the line

  private:
    bool enabled_;
    long total_;
    long already_done_;
    std::chrono::steady_clock::time_point started_;
    std::chrono::steady_clock::time_point last_draw_{};
};

}  // namespace othello
