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
                                    bool board_openings) {
    switch (spec.kind) {
        case EngineSpec::Kind::Policy: {
            PolicyOptions options = spec.policy_options;
            if (options.seed == 0) options.seed = seed;
            return std::make_unique<PolicyPlayer>(spec.name, spec.policy, options);
        }
        case EngineSpec::Kind::Engine:
            // parse_engine_spec accepts only the protocols the table knows.
            return find_engine_protocol(spec.protocol)->make_player(spec, log, board_openings);
        case EngineSpec::Kind::Human:
            return std::make_unique<HumanPlayer>(spec.name);
    }
    return nullptr;
}

void MatchRunner::run(const std::vector<ScheduledGame>& games, const GameFinished& on_finished,
                      const GamesPlayed& on_played) {
    const std::size_t engine_count = setup_.engines.size();
    std::mutex lock;
    // The one value every game writes, on a cache line of its own: the rest of what the workers
    // share is only read between batches.
    alignas(64) std::atomic<std::size_t> next{0};
    alignas(64) std::atomic<bool> stop{false};
    // Read without the lock before every game (a game of policy:random takes microseconds: a
    // lock per game would make the threads queue); set under it.
    const auto failed = std::make_unique<std::atomic<bool>[]>(engine_count);
    std::string fatal;              // guarded by lock
    bool reporting_failed = false;  // guarded by lock
    const bool board_openings =
        std::any_of(setup_.openings.begin(), setup_.openings.end(),
                    [](const Opening& o) { return !start_board_of(o).empty(); });

    auto note_failure = [&](int engine, const std::string& message) {  // under lock
        if (failed[engine]) return;
        failed[engine] = true;
        failed_engines_.push_back(engine);
        start_failures_.push_back(setup_.engines[engine].name + ": " + message);
    };

    auto fail = [&](const std::exception& e) {
        // The results could not be kept (a full disk): stop rather than lose games.
        std::lock_guard guard(lock);
        if (fatal.empty()) fatal = e.what();
        stop = true;
    };

    // A worker's games pass through two steps: kept (on_played, e.g. journalled, on the worker's
    // thread) and reported (on_finished, under the lock). Games of microseconds are batched for
    // both: one journal write and one lock for many games, and a worker that finds the lock
    // taken plays on rather than waits for it, so workers play side by side instead of taking
    // turns. A batch is at most kBatchGames games or kBatchTime old; a slower game goes through
    // on its own at once, as before.
    constexpr std::size_t kBatchGames = 64;
    constexpr auto kBatchTime = std::chrono::milliseconds(2);
    const std::size_t batch_games = setup_.stops_early ? 1 : kBatchGames;
    struct Pending {
        std::vector<GameRecord> played;    // not yet kept
        std::vector<GameRecord> finished;  // kept, not yet reported
        std::chrono::steady_clock::time_point batch_started;
    };
    auto keep = [&](Pending& p) {
        if (p.played.empty()) return;
        try {
            if (on_played) on_played(p.played);
        } catch (const std::exception& e) {
            fail(e);  // these games are not reported: they were not kept
            p.played.clear();
            return;
        }
        for (GameRecord& r : p.played) p.finished.push_back(std::move(r));
        p.played.clear();
    };
    auto report = [&](Pending& p, bool wait) {
        if (p.finished.empty()) return;
        std::unique_lock guard(lock, std::defer_lock);
        if (wait || p.finished.size() >= batch_games) {
            guard.lock();
        } else if (!guard.try_lock()) {
            return;  // reported with a later batch
        }
        // Once reporting has failed the match is over: the rest were kept (journalled) and
        // come back with --resume, but are not handed to a callback that has already failed.
        for (GameRecord& r : p.finished) {
            if (reporting_failed) break;
            try {
                if (!on_finished(r)) stop = true;
            } catch (const std::exception& e) {
                if (fatal.empty()) fatal = e.what();
                reporting_failed = true;
                stop = true;
            }
        }
        p.finished.clear();
    };

    auto play_games = [&](int worker_index, std::vector<std::unique_ptr<Player>>& players,
                          Pending& pending) {
        // Once the program is interrupted (protocol/interruption.h) no game starts, and a game
        // that ends after it is not reported: its engines were stopped in the middle of it.
        bool played_one = false;
        for (;;) {
            if (stop.load(std::memory_order_relaxed) || interrupting_signal()) break;
            if (setup_.wait_ms > 0 && played_one) {
                // The game before the pause is reported before it, not after.
                keep(pending);
                report(pending, true);
                pause_between_games(setup_.wait_ms, stop);
                if (stop.load(std::memory_order_relaxed) || interrupting_signal()) break;
            }
            const std::size_t i = next.fetch_add(1, std::memory_order_relaxed);
            if (i >= games.size()) break;
            const ScheduledGame& g = games[i];
            if (failed[g.black].load(std::memory_order_relaxed) ||
                failed[g.white].load(std::memory_order_relaxed)) {
                std::lock_guard guard(lock);
                ++skipped_;
                continue;
            }
            // Building a player is its start: a policy the registry does not know or a book that
            // cannot be opened means that engine cannot play at all.
            bool started = true;
            for (int e : {g.black, g.white}) {
                if (players[e]) continue;
                try {
                    players[e] = make_player(setup_.engines[e],
                                             setup_.seed * 1000003 + worker_index * 1009 + e + 1,
                                             setup_.log, board_openings);
                } catch (const std::exception& error) {
                    if (interrupting_signal()) return;
                    std::lock_guard guard(lock);
                    ++skipped_;
                    note_failure(e, error.what());
                    started = false;
                    break;
                }
            }
            if (!started) continue;
            players[g.black]->set_game_id(g.id);
            players[g.white]->set_game_id(g.id);
            if (pending.played.empty()) pending.batch_started = std::chrono::steady_clock::now();
            GameRecord r;
            try {
                // The game's seed depends on --seed and the game's number only, never on the
                // thread: in-process matches replay identically at any --concurrency.
                r = referee_game(
                    *players[g.black], *players[g.white], setup_.openings[g.opening], setup_.time,
                    setup_.seed * 1000003 + static_cast<std::uint64_t>(g.id), setup_.adjudication);
            } catch (const PlayerStartError& e) {
                if (interrupting_signal()) return;
                std::lock_guard guard(lock);
                ++skipped_;
                for (int e2 : {g.black, g.white}) {
                    if (setup_.engines[e2].name == e.engine()) note_failure(e2, e.what());
                }
                continue;
            }
            if (interrupting_signal()) return;
            r.id = g.id;
            r.pair = g.pair;
            r.finished_at = utc_now_text();
            pending.played.push_back(std::move(r));
            played_one = true;
            const bool slow =
                std::chrono::steady_clock::now() - pending.batch_started >= kBatchTime;
            if (!slow && pending.played.size() < batch_games) continue;
            keep(pending);
            report(pending, slow);
        }
    };

    const int threads =
        std::max(1, std::min<int>(setup_.concurrency, static_cast<int>(games.size())));
    const std::vector<int> cpus = setup_.affinity ? allowed_cpus() : std::vector<int>{};
    auto worker = [&](int worker_index) {
        std::vector<std::unique_ptr<Player>> players(engine_count);
        Pending pending;
        try {
            // Before any player exists: the engines this thread starts inherit its CPUs.
            std::optional<ThreadPinning> pinned;
            if (setup_.affinity) pinned.emplace(cpus_for_slot(cpus, worker_index, threads));
            play_games(worker_index, players, pending);
        } catch (const std::exception& e) {
            // Nothing may escape a worker thread (std::terminate would lose every result): stop
            // the match and say why; the games already played are kept and reported.
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
    };

    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(worker, t);
    worker(0);
    for (auto& t : pool) t.join();
    if (!fatal.empty()) throw std::runtime_error(fatal);
}

}  // namespace othello
