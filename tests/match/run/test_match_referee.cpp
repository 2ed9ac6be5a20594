// The referee and runner against scripted fake engines: every misbehaviour gives the right result
// and reason, the offender loses, the engine is restarted, and the match completes.
#include <doctest/doctest.h>
#include <unistd.h>

#include <bit>
#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>

#include "match/players/engine_spec.h"
#include "match/players/human_player.h"
#include "match/players/policy_player.h"
#include "match/run/match_runner.h"
#include "match/run/openings.h"
#include "match/run/referee.h"
#include "protocol/engine_process.h"
#include "tests/support/programs.h"

using namespace othello;

namespace {

using othello::testing::kFake;

std::vector<GameRecord> play(const std::string& fake_spec, int games, TimeControl time = {}) {
    MatchSetup setup;
    setup.engines = {parse_engine_spec("name=fake," + fake_spec),
                     parse_engine_spec("policy:random")};
    setup.openings = load_openings("start", 1, 1);
    setup.time = time;
    setup.concurrency = 1;
    MatchRunner runner(setup);
    std::vector<GameRecord> records;
    runner.run(make_schedule(2, TournamentKind::RoundRobin, games, 1), [&](const GameRecord& r) {
        records.push_back(r);
        return true;
    });
    CHECK(runner.start_failures().empty());
    return records;
}

// Every game was played, the fake lost each one for `reason`, and the board is consistent.
void check_fake_lost_all(const std::vector<GameRecord>& records, int games,
                         const std::string& reason) {
    REQUIRE(records.size() == static_cast<std::size_t>(games));
    for (const auto& r : records) {
        CAPTURE(r.detail);
        CHECK(to_string(r.reason) == reason);
        CHECK(r.winner == (r.black == "fake" ? Winner::White : Winner::Black));
        const Game replay = Game::from_transcript(r.moves);
        CHECK(replay.current().disc_count(Color::Black) == r.black_discs);
        CHECK(replay.current().disc_count(Color::White) == r.white_discs);
        CHECK(r.detail.find("fake") != std::string::npos);
    }
}

}  // namespace

TEST_CASE("a well-behaved GTP engine plays complete legal games") {
    const auto records = play("cmd:" + kFake, 4);
    REQUIRE(records.size() == 4);
    for (const auto& r : records) {
        CHECK(r.reason == Outcome::Normal);
        const Game replay = Game::from_transcript(r.moves);
        CHECK(replay.is_over());
        CHECK(replay.current().disc_count(Color::Black) == r.black_discs);
        const int d = r.black_discs - r.white_discs;
        CHECK(r.winner == (d > 0 ? Winner::Black : d < 0 ? Winner::White : Winner::Draw));
    }
}

TEST_CASE("an illegal move loses, with the move and where") {
    const auto records = play("cmd:" + kFake + " --mode illegal --at 3", 4);
    check_fake_lost_all(records, 4, "illegal move");
    CHECK(records[0].detail.find("played d4 at move 5") != std::string::npos);
}

TEST_CASE("a garbage reply loses as malformed, and the engine is restarted") {
    // Each restarted process misbehaves at its 3rd genmove again: every game is lost the same way.
    const auto records = play("cmd:" + kFake + " --mode garbage --at 3", 4);
    check_fake_lost_all(records, 4, "malformed reply");
    CHECK(records[2].detail.find("at move 5") != std::string::npos);  // fresh process: counts anew
}

TEST_CASE("a crash at move k loses as crash, and the engine is restarted") {
    const auto records = play("cmd:" + kFake + " --mode crash --at 2", 4);
    check_fake_lost_all(records, 4, "crash");
    CHECK(records[0].detail.find("at move 3") != std::string::npos);
    CHECK(records[1].detail.find("at move 4") != std::string::npos);
}

TEST_CASE("a hung engine loses on the move timeout") {
    TimeControl time;
    time.move_timeout = 0.2;
    const auto records = play("cmd:" + kFake + " --mode hang --at 2", 2, time);
    check_fake_lost_all(records, 2, "timeout");
}

TEST_CASE("a game time budget turns a slow engine into a loss on time") {
    TimeControl time;
    time.move_timeout = 5;
    time.game_time = 0.2;
    time.margin = 0.05;
    const auto records = play("cmd:" + kFake + " --mode hang --at 2", 2, time);
    check_fake_lost_all(records, 2, "time forfeit");
    CHECK(records[0].detail.find("loses on time") != std::string::npos);
}

TEST_CASE("refusing the opponent's move loses") {
    const auto records = play("cmd:" + kFake + " --mode refuse-play --at 2", 2);
    check_fake_lost_all(records, 2, "malformed reply");
    CHECK(records[0].detail.find("refused 'play") != std::string::npos);
}

TEST_CASE(
    "an engine that never answers protocol_version is a start failure; its games are skipped") {
    MatchSetup setup;
    setup.engines = {parse_engine_spec("name=mute,cmd:" + kFake + " --mode silent"),
                     parse_engine_spec("policy:random"), parse_engine_spec("policy:mobility")};
    setup.openings = load_openings("start", 1, 1);
    setup.time.start_timeout = 0.3;
    setup.concurrency = 2;
    MatchRunner runner(setup);
    std::vector<GameRecord> records;
    runner.run(make_schedule(3, TournamentKind::RoundRobin, 2, 1), [&](const GameRecord& r) {
        records.push_back(r);
        return true;
    });
    REQUIRE(runner.start_failures().size() == 1);
    CHECK(runner.start_failures()[0].find("mute") != std::string::npos);
    CHECK(runner.start_failures()[0].find("did not reply in time") != std::string::npos);
    CHECK(runner.skipped_games() == 4);
    // The games between the other two engines are played.
    REQUIRE(records.size() == 2);
    for (const auto& r : records) CHECK(r.reason == Outcome::Normal);
}

TEST_CASE("a TCP engine that disconnects loses that game; the runner reconnects and goes on") {
    EngineProcess server(
        ProcessOptions{{kFake, "--tcp", "0", "--mode", "disconnect", "--at", "3"}, "", false});
    const std::string port = server.read_line(deadline_after(5));
    const auto records = play("tcp://127.0.0.1:" + port, 4);
    REQUIRE(records.size() == 4);
    CHECK(records[0].reason == Outcome::Disconnection);
    CHECK(records[0].winner == Winner::White);
    for (int i = 1; i < 4; ++i) CHECK(records[i].reason == Outcome::Normal);
    server.stop(std::chrono::milliseconds(1000));
}

TEST_CASE("openings: the referee starts from the opening and keeps it in the transcript") {
    MatchSetup setup;
    setup.engines = {parse_engine_spec("cmd:" + kFake), parse_engine_spec("policy:mobility")};
    setup.openings = load_openings(OTHELLO_TEST_DATA "/openings/named-openings.tsv", 1, 3);
    setup.concurrency = 2;
    MatchRunner runner(setup);
    std::vector<GameRecord> records;
    runner.run(
        make_schedule(2, TournamentKind::RoundRobin, 6, static_cast<int>(setup.openings.size())),
        [&](const GameRecord& r) {
            records.push_back(r);
            return true;
        });
    REQUIRE(records.size() == 6);
    for (const auto& r : records) {
        CHECK(r.reason == Outcome::Normal);
        CHECK(r.moves.starts_with(r.opening));
        CHECK(r.opening == setup.openings[r.pair].transcript);
    }
}

TEST_CASE("a human at the terminal: the board, the legal moves, and a bad entry asked again") {
    std::istringstream in("zz\nd4\n  d3 \n");
    std::ostringstream out;
    HumanPlayer human("you", in, out);
    const Game start;
    CHECK(human.choose(start, Deadline::max(), nullptr) == Move(*Square::parse("d3")));
    const std::string shown = out.str();
    CHECK(shown.find("Legal moves: d3 c4 f5 e6") != std::string::npos);
    CHECK(shown.find("Move 1, black to play") != std::string::npos);
    CHECK(shown.find("'zz' is not a legal move here") != std::string::npos);
    CHECK(shown.find("'d4' is not a legal move here") != std::string::npos);
    CHECK_THROWS_AS(human.choose(start, Deadline::max(), nullptr),
                    PlayerError);  // input ended
}

TEST_CASE("a failing results callback stops the match with the reason") {
    MatchSetup setup;
    setup.engines = {parse_engine_spec("policy:random"), parse_engine_spec("policy:mobility")};
    setup.openings = load_openings("start", 1, 1);
    setup.concurrency = 2;
    MatchRunner runner(setup);
    int seen = 0;
    CHECK_THROWS_WITH(runner.run(make_schedule(2, TournamentKind::RoundRobin, 100, 1),
                                 [&](const GameRecord&) -> bool {
                                     if (++seen == 3) throw std::runtime_error("disk full");
                                     return true;
                                 }),
                      "disk full");
    CHECK(seen == 3);  // the callback is not called again once it has failed
}

TEST_CASE("what engines are sent: handshake, clear_board, time commands, never a pass, quit") {
    const std::string log = "/tmp/othello_fake_log_" + std::to_string(::getpid()) + ".txt";
    std::remove(log.c_str());
    TimeControl time;
    time.game_time = 100;
    const auto records = play("cmd:" + kFake + " --log " + log, 40, time);
    REQUIRE(records.size() == 40);
    int games_with_passes = 0;
    for (const auto& r : records) {
        CHECK(r.reason == Outcome::Normal);
        const Game game = Game::from_transcript(r.moves);
        for (Move m : game.moves()) {
            if (m.is_pass()) {
                ++games_with_passes;
                break;
            }
        }
    }
    std::ifstream in(log);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    REQUIRE(lines.size() > 5);
    // The first command numbered, to learn whether ids are echoed; this engine takes "1" for a
    // command, refuses it, and is asked again.
    CHECK(lines[0] == "1 protocol_version");
    CHECK(lines[1] == "protocol_version");
    CHECK(lines[2] == "name");
    CHECK(lines[3] == "boardsize 8");
    CHECK(lines[4] == "clear_board");
    CHECK(lines[5] == "time_settings 100 0 0");
    CHECK(lines.back() == "quit");
    int clear_boards = 0, time_lefts = 0;
    for (const auto& line : lines) {
        CAPTURE(line);
        CHECK(line.find("pass") == std::string::npos);
        clear_boards += line == "clear_board";
        time_lefts += line.starts_with("time_left ");
    }
    CHECK(clear_boards == 40);  // one process, reused for every game
    CHECK(time_lefts > 40 * 20);
    MESSAGE(games_with_passes << " of 40 games had a pass the referee kept implicit");
    std::remove(log.c_str());
}

namespace {

// An in-process player whose policy throws at its `fail_at`-th move, as a book whose file went
// bad in the middle of a match would (std::invalid_argument: not a start failure either).
class ThrowingPlayer : public Player {
  public:
    explicit ThrowingPlayer(int fail_at) : fail_at_(fail_at) {}
    const std::string& name() const override { return name_; }
    void new_game(const Game&, const TimeControl&, std::uint64_t) override { moves_ = 0; }
    void opponent_played(const Game&, Move, const Deadline&) override {}
    Move choose(const Game& game, const Deadline&, const GameClock*) override {
        if (++moves_ == fail_at_)
            throw std::invalid_argument("book.db: database disk image is malformed");
        return Square::from_index(std::countr_zero(game.current().legal_moves()));
    }
    bool is_timed() const override { return false; }

  private:
    std::string name_ = "thrower";
    int fail_at_;
    int moves_ = 0;
};

}  // namespace

TEST_CASE(
    "a policy that throws mid-game forfeits that game as a policy error, not a start failure") {
    ThrowingPlayer thrower(3);
    PolicyOptions options;
    PolicyPlayer random("random", "random", options);
    const Opening start = load_openings("start", 1, 1).front();
    for (bool thrower_black : {true, false}) {
        const GameRecord r = thrower_black ? referee_game(thrower, random, start, {}, 7)
                                           : referee_game(random, thrower, start, {}, 7);
        CAPTURE(r.detail);
        CHECK(r.reason == Outcome::PolicyError);
        CHECK(to_string(r.reason) == "policy error");
        CHECK(r.winner == (thrower_black ? Winner::White : Winner::Black));
        CHECK(r.detail == std::string(thrower_black ? "black" : "white") +
                              " (thrower) failed at move " + (thrower_black ? "5" : "6") +
                              ": book.db: database disk image is malformed");
        CHECK(Game::from_transcript(r.moves).moves().size() == (thrower_black ? 4u : 5u));
    }
}
