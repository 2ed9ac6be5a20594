// MatchRunner: a shared index into the game list; each worker owns one player per engine and
// keeps and reports its games in batches when they take microseconds (one at a time when the
// match may stop early).
#include "match/run/match_runner.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <mutex>
#include <optional>
#include <thread>

#include "match/players/engine_protocols.h"
#include "match/players/human_player.h"
#include "match/players/policy_player.h"
#include "match/run/cpu_affinity.h"
#include "match/run/referee.h"
#include "protocol/interruption.h"

namespace othello {

namespace {

// Now, UTC, as GGF's DT field writes a date.
std::string utc_now_text() {
    const std::time_t now = std::time(nullptr);
    std::tm utc{};
    gmtime_r(&now, &utc);
    char text[32];
    std::strftime(text, sizeof text, "%Y.%m.%d_%H:%M:%S.UTC", &utc);
    return text;
}

// --wait: a pause a Ctrl-C or a stop of the match cuts short.
void pause_between_games(int wait_ms, const std::atomic<bool>& stop) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(wait_ms);
    while (std::chrono::steady_clock::now() < until && !stop.load() && !interrupting_signal())
        std::this_thread::sleep_for(std::chrono::milliseconds(std::min(wait_ms, 20)));
}

}  // namespace

std::unique_ptr<Player> make_player(const EngineSpec& spec, std::uint64_t seed, ProtocolLog* log,
                                    bool board_openings, InstructionSet set) {
    switch (spec.kind) {
        case EngineSpec::Kind::Policy: {
            PolicyOptions options = spec.policy_options;
            if (options.seed == 0) options.seed = seed;
            return std::make_unique<PolicyPlayer>(spec.name, spec.policy, options, set);
        }
        case EngineSpec::Kind::Engine:
            // parse_engine_spec accepts only the protocols the table knows.
            return find_engine_protocol(spec.protocol)->make_player(spec, log, board_openings);
        case EngineSpec::Kind::Human:
            return std::make_unique<HumanPlayer>(spec.name);
    }
    return nullptr;
}

// A worker's games pass through two steps: kept (on_played, e.g. journalled, on the worker's
// thread) and reported (on_finished, under the lock). Games of microseconds are batched for both:
// one journal write and one lock for many games, and a worker that finds the lock taken plays on
// rather than waits for it, so workers play side by side instead of taking turns. A batch is at
// most kBatchGames games or kBatchTime old; a slower game goes through on its own at once.
class MatchRunner::Run {
  public:
    Run(MatchRunner& runner, const std::vector<ScheduledGame>& games,
        const GameFinished& on_finished, const GamesPlayed& on_played)
        : runner_(runner),
          setup_(runner.setup_),
          games_(games),
          on_finished_(on_finished),
          on_played_(on_played),
          failed_(std::make_unique<std::atomic<bool>[]>(setup_.engines.size())),
          board_openings_(std::any_of(setup_.openings.begin(), setup_.openings.end(),
                                      [](const Opening& o) { return !start_board_of(o).empty(); })),
          batch_games_(setup_.stops_early ? 1 : kBatchGames),
          threads_(std::max(1, std::min<int>(setup_.concurrency, static_cast<int>(games.size())))),
          cpus_(setup_.affinity ? allowed_cpus() : std::vector<int>{}) {}

    void play() {
        std::vector<std::thread> pool;
        for (int t = 1; t < threads_; ++t) pool.emplace_back([this, t] { worker(t); });
        worker(0);
        for (auto& t : pool) t.join();
        if (!fatal_.empty()) throw std::runtime_error(fatal_);
    }

  private:
    static constexpr std::size_t kBatchGames = 64;
    static constexpr auto kBatchTime = std::chrono::milliseconds(2);

    struct Pending {
        std::vector<GameRecord> played;    // not yet kept
        std::vector<GameRecord> finished;  // kept, not yet reported
        std::chrono::steady_clock::time_point batch_started;
    };
    using Players = std::vector<std::shared_ptr<Player>>;

    void worker(int worker_index);
    void play_games(int worker_index, Players& players, Pending& pending);
    bool start_players(const ScheduledGame& g, int worker_index, Players& players);
    std::shared_ptr<Player> take_started(int engine, int worker_index);
    std::optional<GameRecord> play_game(const ScheduledGame& g, Players& players);
    void keep(Pending& p);
    void report(Pending& p, bool wait);
    void note_failure(int engine, const std::string& message);  // under lock_
    void fail(const std::exception& e);
    bool stopping() const { return stop_.load(std::memory_order_relaxed) || interrupting_signal(); }

    MatchRunner& runner_;
    const MatchSetup& setup_;
    const std::vector<ScheduledGame>& games_;
    const GameFinished& on_finished_;
    const GamesPlayed& on_played_;
    std::mutex lock_;
    // The one value every game writes, on a cache line of its own: the rest of what the workers
    // share is only read between batches.
    alignas(64) std::atomic<std::size_t> next_{0};
    alignas(64) std::atomic<bool> stop_{false};
    // Read without the lock before every game (a game of policy:random takes microseconds: a
    // lock per game would make the threads queue); set under it.
    std::unique_ptr<std::atomic<bool>[]> failed_;
    std::string fatal_;              // guarded by lock_
    bool reporting_failed_ = false;  // guarded by lock_
    const bool board_openings_;
    const std::size_t batch_games_;
    const int threads_;
    const std::vector<int> cpus_;
};

void MatchRunner::Run::worker(int worker_index) {
    Players players(setup_.engines.size());
    Pending pending;
    try {
        // Before any player exists: the engines this thread starts inherit its CPUs.
        std::optional<ThreadPinning> pinned;
        if (setup_.affinity) pinned.emplace(cpus_for_slot(cpus_, worker_index, threads_));
        play_games(worker_index, players, pending);
    } catch (const std::exception& e) {
        // Nothing may escape a worker thread (std::terminate would lose every result): stop the
        // match and say why; the games already played are kept and reported.
        fail(e);
    }
    keep(pending);
    report(pending, true);
    for (auto& p : players) {
        if (!p) continue;
        try {
            p->shut_down();
        } catch (const std::exception&) {
            // Ending an engine that is already gone: nothing left to save.
        }
    }
}

// Once the program is interrupted (protocol/interruption.h) no game starts, and a game that ends
// after it is not reported: its engines were stopped in the middle of it.
void MatchRunner::Run::play_games(int worker_index, Players& players, Pending& pending) {
    bool played_one = false;
    for (;;) {
        if (stopping()) break;
        if (setup_.wait_ms > 0 && played_one) {
            // The game before the pause is reported before it, not after.
            keep(pending);
            report(pending, true);
            pause_between_games(setup_.wait_ms, stop_);
            if (stopping()) break;
        }
        const std::size_t i = next_.fetch_add(1, std::memory_order_relaxed);
        if (i >= games_.size()) break;
        const ScheduledGame& g = games_[i];
        if (failed_[g.black].load(std::memory_order_relaxed) ||
            failed_[g.white].load(std::memory_order_relaxed)) {
            std::lock_guard guard(lock_);
            ++runner_.skipped_;
            continue;
        }
        if (!start_players(g, worker_index, players)) {
            if (interrupting_signal()) return;
            continue;
        }
        if (pending.played.empty()) pending.batch_started = std::chrono::steady_clock::now();
        std::optional<GameRecord> r = play_game(g, players);
        if (interrupting_signal()) return;
        if (!r) continue;
        pending.played.push_back(std::move(*r));
        played_one = true;
        const bool slow = std::chrono::steady_clock::now() - pending.batch_started >= kBatchTime;
        if (!slow && pending.played.size() < batch_games_) continue;
        keep(pending);
        report(pending, slow);
    }
}

// An engine the match started to ask its name goes to the first worker that needs it, so it
// plays rather than idles beside a worker that never meets it; with --affinity, only to the
// first worker, whose CPUs it was started on.
std::shared_ptr<Player> MatchRunner::Run::take_started(int engine, int worker_index) {
    if (setup_.affinity && worker_index != 0) return nullptr;
    std::lock_guard guard(lock_);
    const auto e = static_cast<std::size_t>(engine);
    return e < runner_.started_.size() ? std::move(runner_.started_[e]) : nullptr;
}

// Building a player is its start: a policy the registry does not know or a book that cannot be
// opened means that engine cannot play at all (its games are skipped). False when one failed.
bool MatchRunner::Run::start_players(const ScheduledGame& g, int worker_index, Players& players) {
    for (int e : {g.black, g.white}) {
        if (players[e]) continue;
        if ((players[e] = take_started(e, worker_index))) continue;
        try {
            players[e] =
                make_player(setup_.engines[e], setup_.seed * 1000003 + worker_index * 1009 + e + 1,
                            setup_.log, board_openings_, setup_.instruction_set);
        } catch (const std::exception& error) {
            if (interrupting_signal()) return false;
            std::lock_guard guard(lock_);
            ++runner_.skipped_;
            note_failure(e, error.what());
            return false;
        }
    }
    players[g.black]->set_game_id(g.id);
    players[g.white]->set_game_id(g.id);
    return true;
}

// The game's record; nullopt when an engine could not be started for it (skipped).
std::optional<GameRecord> MatchRunner::Run::play_game(const ScheduledGame& g, Players& players) {
    GameRecord r;
    try {
        // The game's seed depends on --seed and the game's number only, never on the thread:
        // in-process matches replay identically at any --concurrency.
        r = referee_game(*players[g.black], *players[g.white], setup_.openings[g.opening],
                         setup_.time, setup_.seed * 1000003 + static_cast<std::uint64_t>(g.id),
                         setup_.adjudication, setup_.instruction_set);
    } catch (const PlayerStartError& e) {
        if (interrupting_signal()) return std::nullopt;
        std::lock_guard guard(lock_);
        ++runner_.skipped_;
        for (int engine : {g.black, g.white}) {
            if (setup_.engines[engine].name == e.engine()) note_failure(engine, e.what());
        }
        return std::nullopt;
    }
    r.id = g.id;
    r.pair = g.pair;
    r.finished_at = utc_now_text();
    return r;
}

void MatchRunner::Run::keep(Pending& p) {
    if (p.played.empty()) return;
    try {
        if (on_played_) on_played_(p.played);
    } catch (const std::exception& e) {
        fail(e);  // these games are not reported: they were not kept
        p.played.clear();
        return;
    }
    for (GameRecord& r : p.played) p.finished.push_back(std::move(r));
    p.played.clear();
}

void MatchRunner::Run::report(Pending& p, bool wait) {
    if (p.finished.empty()) return;
    std::unique_lock guard(lock_, std::defer_lock);
    if (wait || p.finished.size() >= batch_games_) {
        guard.lock();
    } else if (!guard.try_lock()) {
        return;  // reported with a later batch
    }
    // Once reporting has failed the match is over: the rest were kept (journalled) and come back
    // with --resume, but are not handed to a callback that has already failed.
    for (GameRecord& r : p.finished) {
        if (reporting_failed_) break;
        try {
            if (!on_finished_(r)) stop_ = true;
        } catch (const std::exception& e) {
            if (fatal_.empty()) fatal_ = e.what();
            reporting_failed_ = true;
            stop_ = true;
        }
    }
    p.finished.clear();
}

void MatchRunner::Run::note_failure(int engine, const std::string& message) {
    if (failed_[engine]) return;
    failed_[engine] = true;
    runner_.failed_engines_.push_back(engine);
    runner_.start_failures_.push_back(setup_.engines[engine].name + ": " + message);
}

// The results could not be kept (a full disk): stop rather than lose games.
void MatchRunner::Run::fail(const std::exception& e) {
    std::lock_guard guard(lock_);
    if (fatal_.empty()) fatal_ = e.what();
    stop_ = true;
}

void MatchRunner::run(const std::vector<ScheduledGame>& games, const GameFinished& on_finished,
                      const GamesPlayed& on_played) {
    Run(*this, games, on_finished, on_played).play();
}

}  // namespace othello
