// ProtocolLog: timestamped lines under a lock; LoggedChannel: a LineChannel that notes each line;
// EngineLines: one engine's LoggedChannels across restarts.
#include "match/players/protocol_log.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <iostream>
#include <stdexcept>
#include <thread>

#include "engine/ascii_text.h"
#include "io/fd_write.h"

namespace othello {

namespace {

// Lines in a record stay readable: an engine's 64 KiB garbage line is cut.
constexpr std::size_t kKeptLineLength = 200;

// How every line of the log starts: utc_timestamp()'s digits ('d') and separators.
constexpr std::string_view kStampPattern = "dddd-dd-ddTdd:dd:dd.dddZ";

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

// True when the file at `path` is empty or starts with a protocol log's line: appending to it
// loses nothing.
bool holds_a_protocol_log(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::string start(kStampPattern.size() + 6, '\0');
    in.read(start.data(), static_cast<std::streamsize>(start.size()));
    if (in.gcount() == 0) return true;
    if (in.gcount() < static_cast<std::streamsize>(start.size())) return false;
    for (std::size_t i = 0; i < kStampPattern.size(); ++i) {
        const bool ok = kStampPattern[i] == 'd' ? std::isdigit(static_cast<unsigned char>(start[i]))
                                                : start[i] == kStampPattern[i];
        if (!ok) return false;
    }
    return start.substr(kStampPattern.size()) == " game ";
}

}  // namespace

ProtocolLog::ProtocolLog(const std::string& path, bool overwrite) : path_(path) {
    const auto fail = [&](const std::string& why) {
        throw std::runtime_error("cannot write the protocol log '" + path + "': " + why);
    };
    struct stat before {};
    const bool exists = ::stat(path.c_str(), &before) == 0;
    const bool regular = exists && S_ISREG(before.st_mode);
    if (regular && !overwrite && !holds_a_protocol_log(path)) {
        fail("it exists and is not a protocol log (--overwrite replaces it)");
    }
    // O_NONBLOCK: a FIFO nobody reads fails (ENXIO) instead of blocking; its reader, started
    // beside the match, gets a moment to open it, then the log is refused rather than waited on.
    int flags = O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NONBLOCK;
    if (regular && overwrite) flags |= O_TRUNC;
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(2);
    while ((fd_ = ::open(path.c_str(), flags, 0644)) < 0 && errno == ENXIO &&
           std::chrono::steady_clock::now() < give_up) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    if (fd_ < 0) {
        if (errno == ENXIO) fail("it is a FIFO that nobody reads");
        fail(std::strerror(errno));
    }
    struct stat opened {};
    if (::fstat(fd_, &opened) == 0 && S_ISFIFO(opened.st_mode)) {
        ::fcntl(fd_, F_SETFL, ::fcntl(fd_, F_GETFL) & ~O_NONBLOCK);
        // A reader that goes away is a failed write (said once), not the runner's death.
        ::signal(SIGPIPE, SIG_IGN);
    }
}

ProtocolLog::~ProtocolLog() {
    if (fd_ >= 0) ::close(fd_);
}

void ProtocolLog::write(std::string_view engine, int game_id, char direction,
                        std::string_view line) {
    std::string text = utc_timestamp();
    text += " game ";
    text += std::to_string(game_id);
    text += ' ';
    text += engine;
    text += ' ';
    text += direction;
    text += ' ';
    text += line;
    text += '\n';
    std::lock_guard guard(lock_);
    if (!failure_.empty()) return;
    errno = 0;
    if (write_all(fd_, text)) return;
    // A full disk may take part of the line first (a short write, errno untouched).
    failure_ = std::strerror(errno ? errno : ENOSPC);
    std::cerr << "othello-match: warning: cannot write the protocol log '" << path_
              << "': " << failure_ << "; it stops here and the games go on\n";
}

std::string ProtocolLog::failure() const {
    std::lock_guard guard(lock_);
    return failure_;
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

void EngineLines::rename(std::string engine) {
    engine_ = std::move(engine);
    if (current_) current_->rename(engine_);
}

std::vector<std::string> EngineLines::last_lines() const {
    return current_ ? current_->last_lines() : lines_of_last_channel_;
}

}  // namespace othello
