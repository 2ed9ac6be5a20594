// ProtocolLog: the --log file, every line sent to and received from every engine with a
// timestamp, the engine's name and the game id; LoggedChannel, which feeds it and keeps an
// engine's last lines for the record of a game it forfeits; and EngineLines, which does that for
// an engine player across its restarts.
#pragma once

#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/gtp_client.h"

namespace othello {

class ProtocolLog {
  public:
    // Opens `path` to append to: an earlier protocol log there (a resumed match's) goes on, and a
    // FIFO or character device (/dev/stderr) is written to in place. With `overwrite` an existing
    // regular file starts afresh. Throws std::runtime_error naming the path when it cannot be
    // written, is a FIFO nobody reads, or (without `overwrite`) is a file other than a protocol
    // log: the log never destroys a file it did not write.
    ProtocolLog(const std::string& path, bool overwrite);
    ~ProtocolLog();
    ProtocolLog(const ProtocolLog&) = delete;
    ProtocolLog& operator=(const ProtocolLog&) = delete;

    // One line: "2026-11-23T20:50:01.123Z game 3 NAME > LINE" ('>' sent to the engine, '<'
    // received). Thread-safe; written at once so a killed match keeps its log. The first write
    // that fails (a full disk) is said once on stderr with the system's reason; the log stops
    // there and the games go on.
    void write(std::string_view engine, int game_id, char direction, std::string_view line);

    // Why the log stopped short ("No space left on device"), or "" while it holds every line.
    std::string failure() const;

  private:
    mutable std::mutex lock_;
    int fd_ = -1;
    std::string path_;
    std::string failure_;
};

class LoggedChannel : public LineChannel {
  public:
    static constexpr std::size_t kKeptLines = 20;

    // `log` may be null (no --log): the last lines are kept all the same.
    LoggedChannel(std::unique_ptr<LineChannel> inner, std::string engine, ProtocolLog* log)
        : inner_(std::move(inner)), engine_(std::move(engine)), log_(log) {}

    void write_line(std::string_view line) override;
    std::string read_line(Deadline deadline) override;
    void stop(std::chrono::milliseconds grace) override { inner_->stop(grace); }

    void set_game_id(int id) { game_id_ = id; }
    // The name its lines carry from now on (the engine was named as it answered).
    void rename(std::string engine) { engine_ = std::move(engine); }
    // "> sent" and "< received" lines, oldest first.
    std::vector<std::string> last_lines() const { return {last_.begin(), last_.end()}; }

  private:
    void note(char direction, std::string_view line);

    std::unique_ptr<LineChannel> inner_;
    std::string engine_;
    ProtocolLog* log_;
    int game_id_ = -1;
    std::deque<std::string> last_;
};

// The logging side of an engine player (GTP or NBoard): each (re)started connection is wrapped in
// a LoggedChannel tagged with the current game, and the last lines stay readable after the
// connection is gone (the record of the game it forfeited wants them).
class EngineLines {
  public:
    EngineLines(std::string engine, ProtocolLog* log) : engine_(std::move(engine)), log_(log) {}

    // Wraps a new connection to the engine.
    std::unique_ptr<LineChannel> attach(std::unique_ptr<LineChannel> channel);
    // The connection is about to close: keep its last lines.
    void detach();
    void set_game_id(int id);
    void rename(std::string engine);
    std::vector<std::string> last_lines() const;

  private:
    std::string engine_;
    ProtocolLog* log_;
    int game_id_ = -1;
    LoggedChannel* current_ = nullptr;  // owned by the player's client
    std::vector<std::string> lines_of_last_channel_;
};

}  // namespace othello
