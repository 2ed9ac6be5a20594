// ProgressBar: redrawn at most ten times a second so it never slows a fast match.
#include "match/cli/progress_bar.h"

#include <unistd.h>

#include <cstdio>

namespace othello {

ProgressBar::ProgressBar(long total, long already_done, bool wanted)
    : enabled_(wanted && ::isatty(STDERR_FILENO)),
      total_(total),
      already_done_(already_done),
      started_(std::chrono::steady_clock::now()) {}

void ProgressBar::update(long done, long wins, long losses, long draws) {
    if (!enabled_) return;
    const auto now = std::chrono::steady_clock::now();
    if (done < total_ && now - last_draw_ < std::chrono::milliseconds(100)) return;
    last_draw_ = now;
    const double elapsed = std::chrono::duration<double>(now - started_).count();
    // The rate of this run's games: a resumed match's earlier games took no time here.
    const double rate = elapsed > 0 ? static_cast<double>(done - already_done_) / elapsed : 0;
    const double eta = rate > 0 ? (total_ - done) / rate : 0;
    constexpr int kWidth = 30;
    const int filled = total_ ? static_cast<int>(kWidth * done / total_) : kWidth;
    std::string bar(filled, '#');
    bar.resize(kWidth, '.');
    std::fprintf(stderr, "\r[%s] %ld/%ld  +%ld -%ld =%ld  %.1f games/s  ETA %.0fs   ", bar.c_str(),
                 done, total_, wins, losses, draws, rate, eta);
    std::fflush(stderr);
}

void ProgressBar::finish() {
    if (!enabled_) return;
    std::fprintf(stderr, "\r%*s\r", 100, "");
    std::fflush(stderr);
}

}  // namespace othello
