// The refusal log: a client that is refused at once can come back at once, thousands of times a
// second, so its refusals are logged at most once a second in all; each line that follows a quiet
// spell carries the count of those left out, and a count still pending is logged alone a second
// later.
#pragma once

#include <utility>  // before Asio: Boost 1.74's awaitable.hpp uses std::exchange without it
// clang-format off
#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>
// clang-format on
#include <chrono>
#include <functional>
#include <memory>
#include <string>

namespace othello {

// What a log's counts count, singular and plural.
struct RefusalNoun {
    std::string one = "refusal", many = "refusals";
};

class RefusalLog : public std::enable_shared_from_this<RefusalLog> {
  public:
    using Clock = std::chrono::steady_clock;
    // Lines go to `log`; the timer that logs a pending count runs on `executor` (the server's
    // event loop, the only thread that calls refuse()). `what`: what the counts count, singular
    // and plural ("N more refusals not logged").
    RefusalLog(boost::asio::any_io_executor executor, std::function<void(const std::string&)> log,
               std::chrono::milliseconds every = std::chrono::seconds(1), RefusalNoun what = {})
        : timer_(std::move(executor)),
          log_(std::move(log)),
          every_(every),
          what_(std::move(what)) {}

    // Logs "<line>" now, or counts it when a line went out less than a second ago.
    void refuse(const std::string& line);
    // Logs the pending count at once (when the server stops).
    void flush();
    // Refusals so far, logged or not.
    long total() const { return total_; }

  private:
    std::string not_logged(long count) const;

    boost::asio::steady_timer timer_;
    std::function<void(const std::string&)> log_;
    std::chrono::milliseconds every_;
    RefusalNoun what_;
    Clock::time_point last_logged_{};
    bool logged_once_ = false;
    bool timer_armed_ = false;
    long pending_ = 0;
    long total_ = 0;
};

}  // namespace othello
