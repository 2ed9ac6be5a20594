// ProtocolLog: timestamped lines under a lock; LoggedChannel: a LineChannel that notes each line;
// EngineLines: one engine's LoggedChannels across restarts.
#include "match/protocol_log.h"

#include <chrono>
#include <cstdio>
#include <ctime>
#include <stdexcept>

#include "engine/ascii_text.h"

namespace othello {

namespace {

// Lines in a record stay readable: an engine's 64 KiB garbage line is cut.
constexpr std::size_t kKeptLineLength = 200;

std::string utc_timestamp() {
    const auto now = std::chrono::system_clock::now();
    const std::time_t seconds = std::chrono::system_clock::to_time_t(now);
    const auto millis =
        std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count() %
        1000;
    std::tm utc{};
    gmtime_r(&seconds, &utc);
    char buffer[96];
    std::snprintf(buffer, sizeof buffer, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", utc.tm_year + 1900,
                  utc.tm_mon + 1, utc.tm_mday, utc.tm_hour, utc.tm_min, utc.tm_sec,
                  static_cast<int>(millis));
    return buffer;
}

}  // namespace

ProtocolLog::ProtocolLog(const std::string& path) : out_(path, std::ios::trunc), path_(path) {
    if (!out_) throw std::runtime_error("cannot write the protocol log '" + path + "'");
}

void ProtocolLog::write(std::string_view engine, int game_id, char direction,
                        std::string_view line) {
    const std::string stamp = utc_timestamp();
    std::lock_guard guard(lock_);
    out_ << stamp << " game " << game_id << ' ' << engine << ' ' << direction << ' ' << line << '\n'
         << std::flush;
}

// Engines may send any bytes (a Latin-1 message, binary garbage): the log and the kept lines hold
// them escaped (\xNN), so the results, journal and report built from them stay valid UTF-8.
void LoggedChannel::note(char direction, std::string_view line) {
    if (log_) log_->write(engine_, game_id_, direction, printable(line));
    std::string kept(1, direction);
    kept += ' ';
    kept += printable(line.substr(0, kKeptLineLength));
    if (line.size() > kKeptLineLength) kept += "...";
    last_.push_back(std::move(kept));
    if (last_.size() > kKeptLines) last_.pop_front();
}

void LoggedChannel::write_line(std::string_view line) {
    note('>', line);
    inner_->write_line(line);
}

std::string LoggedChannel::read_line(Deadline deadline) {
    std::string line = inner_->read_line(deadline);
    note('<', line);
    return line;
}

std::unique_ptr<LineChannel> EngineLines::attach(std::unique_ptr<LineChannel> channel) {
    auto logged = std::make_unique<LoggedChannel>(std::move(channel), engine_, log_);
    logged->set_game_id(game_id_);
    current_ = logged.get();
    return logged;
}

void EngineLines::detach() {
    if (current_) lines_of_last_channel_ = current_->last_lines();
    current_ = nullptr;
}

void EngineLines::set_game_id(int id) {
    game_id_ = id;
    if (current_) current_->set_game_id(id);
}

std::vector<std::string> EngineLines::last_lines() const {
    return current_ ? current_->last_lines() : lines_of_last_channel_;
}

}  // namespace othello
