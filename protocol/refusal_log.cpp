// The refusal log: one line a second at most, the rest counted.
#include "protocol/refusal_log.h"

namespace othello {

std::string RefusalLog::not_logged(long count) const {
    return std::to_string(count) + " more " + (count == 1 ? what_.one : what_.many) + " not logged";
}

void RefusalLog::refuse(const std::string& line) {
    ++total_;
    const auto now = Clock::now();
    if (!logged_once_ || now - last_logged_ >= every_) {
        log_(pending_ > 0 ? line + " (and " + not_logged(pending_) + ")" : line);
        pending_ = 0;
        last_logged_ = now;
        logged_once_ = true;
        return;
    }
    ++pending_;
    if (timer_armed_) return;
    timer_armed_ = true;
    timer_.expires_at(last_logged_ + every_);
    timer_.async_wait([self = shared_from_this()](boost::system::error_code error) {
        self->timer_armed_ = false;
        if (!error) self->flush();
    });
}

void RefusalLog::flush() {
    if (pending_ == 0) return;
    log_(not_logged(pending_));
    pending_ = 0;
    last_logged_ = Clock::now();
}

}  // namespace othello
