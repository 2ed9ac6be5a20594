// MatchRunner: a shared index into the game list; each worker owns one player per engine.
#include "match/match_runner.h"

#include <algorithm>
#include <mutex>
#include <thread>

#include "match/engine_protocols.h"
#include "match/human_player.h"
#include "match/policy_player.h"
#include "match/referee.h"

namespace othello {

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
                      const GamePlayed& on_played) {
    const std::size_t engine_count = setup_.engines.size();
    std::mutex lock;
    std::atomic<std::size_t> next{0};
    std::atomic<bool> stop{false};
    // Read without the lock before every game (a game of policy:random takes microseconds: a
    // lock per game would make the threads queue); set under it.
    const auto failed = std::make_unique<std::atomic<bool>[]>(engine_count);
    std::string fatal;  // guarded by lock
    const bool board_openings =
        std::any_of(setup_.openings.begin(), setup_.openings.end(),
                    [](const Opening& o) { return !start_board_of(o).empty(); });

    auto note_failure = [&](int engine, const std::string& message) {  // under lock
        if (failed[engine]) return;
        failed[engine] = true;
        start_failures_.push_back(setup_.engines[engine].name + ": " + message);
    };

    auto play_games = [&](int worker_index, std::vector<std::unique_ptr<Player>>& players) {
        for (;;) {
            if (stop.load(std::memory_order_relaxed)) break;
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
            GameRecord r;
            try {
                // The game's seed depends on --seed and the game's number only, never on the
                // thread: in-process matches replay identically at any --concurrency.
                r = referee_game(*players[g.black], *players[g.white], setup_.openings[g.opening],
                                 setup_.time,
                                 setup_.seed * 1000003 + static_cast<std::uint64_t>(g.id),
                                 setup_.adjudicate_empties);
            } catch (const PlayerStartError& e) {
                std::lock_guard guard(lock);
                ++skipped_;
                for (int e2 : {g.black, g.white}) {
                    if (setup_.engines[e2].name == e.engine()) note_failure(e2, e.what());
                }
                continue;
            }
            r.id = g.id;
            r.pair = g.pair;
            if (on_played) {
                try {
                    on_played(r);
                } catch (const std::exception& e) {
                    // The results could not be kept (a full disk): stop rather than lose games.
                    std::lock_guard guard(lock);
                    if (fatal.empty()) fatal = e.what();
                    stop = true;
                    continue;
                }
            }
            std::lock_guard guard(lock);
            try {
                if (!on_finished(r)) stop = true;
            } catch (const std::exception& e) {
                // The results could not be kept (a full disk): stop rather than lose games.
                if (fatal.empty()) fatal = e.what();
                stop = true;
            }
        }
    };

    auto worker = [&](int worker_index) {
        std::vector<std::unique_ptr<Player>> players(engine_count);
        try {
            play_games(worker_index, players);
        } catch (const std::exception& e) {
            // Nothing may escape a worker thread (std::terminate would lose every result): stop
            // the match and say why; the games already reported are kept.
            std::lock_guard guard(lock);
            if (fatal.empty()) fatal = e.what();
            stop = true;
        }
        for (auto& p : players) {
            if (!p) continue;
            try {
                p->shut_down();
            } catch (const std::exception&) {
                // Ending an engine that is already gone: nothing left to save.
            }
        }
    };

    const int threads =
        std::max(1, std::min<int>(setup_.concurrency, static_cast<int>(games.size())));
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(worker, t);
    worker(0);
    for (auto& t : pool) t.join();
    if (!fatal.empty()) throw std::runtime_error(fatal);
}

}  // namespace othello
