// The session's game loop (play_games) against an output that records what it is told: each game
// is handed to the outputs to be recorded before it counts, and counted once; an output that
// cannot record a game stops the match with that game uncounted; a decided SPRT test stops it.
#include <doctest/doctest.h>

#include <algorithm>
#include <mutex>
#include <numeric>
#include <optional>
#include <set>
#include <stdexcept>
#include <vector>

#include "match/cli/match_output.h"
#include "match/cli/match_session.h"
#include "match/players/engine_spec.h"
#include "match/run/openings.h"

using namespace othello;

namespace {

// Keeps the ids it is told of; after `accepted_batches` calls to on_games_played it refuses to
// record any more, as the journal does on a full disk.
class RecordingOutput : public MatchOutput {
  public:
    explicit RecordingOutput(int accepted_batches = -1,
                             std::optional<SprtParameters> watched = std::nullopt)
        : accepted_batches_(accepted_batches), watched_(watched) {}

    void on_games_played(const std::vector<GameRecord>& games) override {
        std::lock_guard guard(lock_);
        if (batches_ == accepted_batches_)
            throw std::runtime_error("journal: No space left on device");
        ++batches_;
        for (const auto& g : games) {
            if (!recorded.insert(g.id).second) ++recorded_twice;
        }
    }

    void on_game(GameRecord& game, const Standings& standings) override {
        std::lock_guard guard(lock_);
        counted.push_back(game.id);
        if (!recorded.count(game.id)) ++counted_unrecorded;
        if (standings.games() != static_cast<long>(counted.size())) ++standings_disagree;
        if (watched_ && !first_decided && decided(standings, *watched_))
            first_decided = counted.size();
    }

    bool finish(const Standings&) override {
        ++finished;
        return true;
    }

    std::set<int> recorded;
    std::vector<int> counted;  // in the order told
    int recorded_twice = 0;
    int counted_unrecorded = 0;
    int standings_disagree = 0;  // on_game told of standings that do not count the games told
    int finished = 0;
    // How many games had been counted when the watched SPRT test first decided.
    std::optional<std::size_t> first_decided;

  private:
    static bool decided(const Standings& standings, const SprtParameters& sprt) {
        const Pentanomial p = standings.pentanomial(0, 1);
        const double llr =
            p.pairs() > 0 ? sprt_llr(p, sprt) : sprt_llr(standings.head_to_head(0, 1), sprt);
        return sprt_decide(llr, sprt) != SprtDecision::Continue;
    }

    std::mutex lock_;
    int accepted_batches_;
    std::optional<SprtParameters> watched_;
    int batches_ = 0;
};

struct Match {
    std::vector<EngineSpec> engines{parse_engine_spec("policy:random"),
                                    parse_engine_spec("policy:mobility")};
    std::vector<ScheduledGame> schedule;
    MatchRunner runner;
    Standings standings;

    explicit Match(int games, int concurrency = 2, bool stops_early = false)
        : schedule(make_schedule(2, TournamentKind::RoundRobin, games, 1)),
          runner(MatchSetup{engines,
                            load_openings("start", 1, 1),
                            {},
                            concurrency,
                            1,
                            {},
                            nullptr,
                            false,
                            stops_early,
                            0,
                            {}}),
          standings({engines[0].name, engines[1].name}) {}
};

std::set<int> ids_of(const std::vector<int>& ids) {
    return {ids.begin(), ids.end()};
}

}  // namespace

TEST_CASE("play_games hands each game to the outputs to record before it counts, once") {
    Match match(100);
    RecordingOutput output;
    const std::string stopped =
        play_games(match.runner, match.schedule, match.standings, output, std::nullopt);
    CHECK(stopped.empty());
    std::vector<int> all(100);
    std::iota(all.begin(), all.end(), 0);
    std::vector<int> counted = output.counted;
    std::sort(counted.begin(), counted.end());
    CHECK(counted == all);
    CHECK(output.recorded == ids_of(all));
    CHECK(output.recorded_twice == 0);
    CHECK(output.counted_unrecorded == 0);
    CHECK(output.standings_disagree == 0);
    CHECK(match.standings.games() == 100);
    CHECK(output.finished == 0);  // the session finishes its outputs, after its own reports
}

TEST_CASE("play_games: an output that cannot record a game stops the match, that game uncounted") {
    Match match(400);
    RecordingOutput output(1);
    const std::string stopped =
        play_games(match.runner, match.schedule, match.standings, output, std::nullopt);
    CHECK(stopped == "journal: No space left on device");
    CHECK(!output.counted.empty());
    CHECK(output.counted.size() < 400);
    CHECK(ids_of(output.counted) == output.recorded);
    CHECK(output.counted_unrecorded == 0);
    CHECK(match.standings.games() == static_cast<long>(output.counted.size()));
}

TEST_CASE("play_games stops once the SPRT test of the first engine against the second decides") {
    // Two workers: the game still in play on the other worker when the test decides is finished
    // and counted (and may pull the test back inside its bounds), but no game is started after.
    Match match(2000, 2, true);
    const SprtParameters sprt;  // elo0 0, elo1 5: random against mobility is far outside
    RecordingOutput output(-1, sprt);
    const std::string stopped =
        play_games(match.runner, match.schedule, match.standings, output, sprt);
    CHECK(stopped.empty());
    CHECK(output.counted.size() < 2000);
    CHECK(match.standings.games() == static_cast<long>(output.counted.size()));
    REQUIRE(output.first_decided.has_value());
    CHECK(output.counted.size() - *output.first_decided <= 1);
}

TEST_CASE("a match that may stop early stops at the game that decides, not at a batch's end") {
    // One worker, games reported one at a time: the SPRT state of the games before the last is
    // still undecided (the same games, replayed without the test, say so).
    SprtParameters sprt;
    sprt.elo0 = 0;
    sprt.elo1 = 200;
    Match match(2000, 1, true);
    RecordingOutput output;
    CHECK(play_games(match.runner, match.schedule, match.standings, output, sprt).empty());
    const long n = match.standings.games();
    REQUIRE(n > 2);
    CHECK(n < 64);  // a batch would have been 64 games
    const auto decision = [&](long games) {
        Match replay(static_cast<int>(games), 1);
        RecordingOutput ignored;
        play_games(replay.runner, replay.schedule, replay.standings, ignored, std::nullopt);
        const Pentanomial p = replay.standings.pentanomial(0, 1);
        return sprt_decide(
            p.pairs() > 0 ? sprt_llr(p, sprt) : sprt_llr(replay.standings.head_to_head(0, 1), sprt),
            sprt);
    };
    CHECK(decision(n) != SprtDecision::Continue);
    CHECK(decision(n - 1) == SprtDecision::Continue);
}
