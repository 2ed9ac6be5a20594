// MatchRunner: plays scheduled games on N worker threads, each with its own players so engines
// are reused across games; reports each finished game through a callback, stops early on request,
// and skips (with a clear message) the games of an engine that cannot be started.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/instruction_set.h"
#include "match/players/engine_spec.h"
#include "match/players/player.h"
#include "match/players/protocol_log.h"
#include "match/record/game_record.h"
#include "match/run/openings.h"
#include "match/run/referee.h"
#include "match/run/schedule.h"

namespace othello {

// Builds the player for `spec` used by one worker; `seed` differs per worker and engine. Engines'
// protocol lines go to `log` when it is not null. `board_openings`: the match has openings given
// as boards (a GTP engine must then take othello-set_position). `set`: the instruction set an
// in-process policy chooses on.
std::unique_ptr<Player> make_player(const EngineSpec& spec, std::uint64_t seed,
                                    ProtocolLog* log = nullptr, bool board_openings = false,
                                    InstructionSet set = best_instruction_set());

struct MatchSetup {
    std::vector<EngineSpec> engines;
    std::vector<Opening> openings;
    TimeControl time;
    int concurrency = 1;
    std::uint64_t seed = 1;
    Adjudication adjudication;   // --adjudicate N, --resign, --draw
    ProtocolLog* log = nullptr;  // --log FILE
    // --affinity: worker slot i runs on cpus_for_slot(allowed_cpus(), i, workers), and so do the
    // engine processes it starts.
    bool affinity = false;
    // The GameFinished callback may stop the match (an SPRT decision): games are then reported
    // one at a time, not in batches, so the match stops at the game that decides, with at most
    // the games still in play (concurrency - 1) after it.
    bool stops_early = false;
    // --wait MS: each worker pauses this long after a game before it starts its next.
    int wait_ms = 0;
    // Players already started (reported_names.h: asked their names at the match's start), by
    // engine, null for the others: each is played on by the first worker that needs it.
    std::vector<std::shared_ptr<Player>> started;
    // The instruction set the referees' game loops and the in-process policies run on
    // (engine/instruction_set.h); every set plays the same games.
    InstructionSet instruction_set = best_instruction_set();
};

class MatchRunner {
  public:
    // Called under the runner's lock, each worker's games in the order it finished them (a worker
    // of games of microseconds reports them in small batches). Return false to stop scheduling
    // games; the games already played are still reported.
    using GameFinished = std::function<bool(GameRecord&)>;  // may move from the record
    // Called on the thread that played the games, without the runner's lock, before
    // GameFinished: for work that takes time and is safe to do from several threads at once
    // (serialising and writing the journal lines). Work done under the lock is what keeps
    // threads waiting. Games of microseconds come in batches (at most 64 games, 2 ms), so that
    // a batch is one write; a game that took longer comes alone, as soon as it ends.
    using GamesPlayed = std::function<void(const std::vector<GameRecord>&)>;

    explicit MatchRunner(MatchSetup setup)
        : setup_(std::move(setup)), started_(std::move(setup_.started)) {}

    // Plays `games` (ids already done left out by the caller). Returns when all are played, a
    // callback asked to stop, or the program was interrupted (protocol/interruption.h: the
    // games finished before are reported, those in play are not). Throws std::runtime_error if a
    // callback threw (the games finished before that were reported; the games of an `on_played`
    // call that threw are not reported).
    void run(const std::vector<ScheduledGame>& games, const GameFinished& on_finished,
             const GamesPlayed& on_played = {});

    // Engines that could not be started, with the reason; their games were not played.
    const std::vector<std::string>& start_failures() const { return start_failures_; }
    // Their indices in the setup's engines, in the same order.
    const std::vector<int>& failed_engines() const { return failed_engines_; }
    long skipped_games() const { return skipped_; }

  private:
    class Run;  // one call of run(): what its worker threads share

    MatchSetup setup_;
    std::vector<std::shared_ptr<Player>> started_;  // each taken by the first worker needing it
    std::vector<std::string> start_failures_;
    std::vector<int> failed_engines_;
    long skipped_ = 0;
};

}  // namespace othello
