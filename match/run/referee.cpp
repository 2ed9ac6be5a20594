// Referee: the game loop. The board here is the only truth; players are asked and told, and every
// request goes through one place (GameReferee::ask) that turns its failure into a forfeit.
#include "match/run/referee.h"

#include <algorithm>
#include <chrono>
#include <optional>

#include "engine/ascii_text.h"
#include "engine/instruction_set.h"
#include "engine/search/endgame_solver.h"
#include "match/record/record_bounds.h"

namespace othello {

namespace {

using Clock = std::chrono::steady_clock;

Outcome reason_of(PlayerFault fault) {
    switch (fault) {
        case PlayerFault::Crash:
            return Outcome::Crash;
        case PlayerFault::Disconnect:
            return Outcome::Disconnection;
        case PlayerFault::Timeout:
            return Outcome::Timeout;
        case PlayerFault::Malformed:
            return Outcome::MalformedReply;
    }
    return Outcome::Crash;
}

double seconds_since(Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
}

int index_of(Color c) {
    return static_cast<int>(c);
}

// A request to a player, named only when it failed: the in-process fast path builds no strings.
struct Request {
    enum class Kind { SetUp, Move, Told };
    Color side;
    Kind kind;
    int number = 0;  // the move asked for or told, counted from the game's start, passes included
};

// One game: both players, their clocks, the board and the record being written.
class GameReferee {
  public:
    GameReferee(Player& black, Player& white, const TimeControl& time,
                const Adjudication& adjudication, Game& game);
    // `set`: the instruction set the moves are played on (engine/instruction_set.h).
    GameRecord play(const Opening& opening, std::uint64_t game_seed, InstructionSet set);

  private:
    // The game loop on the instruction set Isa, chosen once a game: the board's rules (legal
    // moves, flips) inline there.
    struct PlayMoves {
        template <InstructionSet Isa>
        [[gnu::always_inline]] static void run(GameReferee& referee) {
            referee.play_moves<Isa>();
        }
    };

    void set_up(Color side, std::uint64_t game_seed);
    // Plays from the set-up position until the game ends or is ended.
    template <InstructionSet Isa>
    void play_moves();
    // Asks the side to move for its move and plays it; returns the move.
    template <InstructionSet Isa>
    Move take_move(Color side);
    void judge_evals(Color mover, std::optional<double> eval);
    void tell(Color listener, Move move, int number);
    template <class Call, class LostOnTime>
    bool ask(const Request& request, Call&& call, LostOnTime&& lost_on_time);

    // Charges a side's answer to a command other than its move; false when its flag fell.
    bool spend(int s, double seconds);
    double limit_of(int s) const;
    std::string who(const Request& request) const;
    static std::string when(const Request& request);
    void forfeit(const Request& request, Outcome reason, std::string detail);
    void lose_on_time(const Request& request);
    void adjudicate();
    void record_board();
    GameRecord finished();

    Player* players_[2];
    TimeControl time_;
    const Adjudication& adjudication_;
    Game& game_;
    EvalAdjudicator evals_;
    // Each side's clock: its engine's own tc=/st=, else --game-time as sudden death.
    std::optional<GameClock> clocks_[2];
    double used_[2] = {0, 0};
    // Seconds a side spent answering commands since its last move: recorded with its next move,
    // so that a side's move times add up to its total.
    double unrecorded_[2] = {0, 0};
    // Games between in-process players have no times or evals to record: their records stay
    // small and their loop fast.
    bool per_move_records_;
    int placed_ = 0;  // moves on the board since the start position, passes not counted
    bool ended_ = false;
    GameRecord r_;
};

GameReferee::GameReferee(Player& black, Player& white, const TimeControl& time,
                         const Adjudication& adjudication, Game& game)
    : players_{&black, &white},
      time_(time),
      adjudication_(adjudication),
      game_(game),
      evals_(adjudication.evals),
      per_move_records_(black.is_timed() || white.is_timed()) {
    // Made before the game is set up: every answer an engine gives during its game counts.
    for (int s = 0; s < 2; ++s) {
        if (!players_[s]->is_timed()) continue;
        const ClockRules rules = clock_rules_for(players_[s]->clock_rules(), time.game_time);
        if (rules.active())
            clocks_[s].emplace(rules, rules.margin >= 0 ? rules.margin : time.margin);
    }
}

GameRecord GameReferee::play(const Opening& opening, std::uint64_t game_seed, InstructionSet set) {
    r_.black = players_[0]->name();
    r_.white = players_[1]->name();
    r_.opening = opening.transcript;
    r_.opening_name = opening.name;
    r_.start_board = start_board_of(opening);
    for (const Move& m : game_.moves()) placed_ += m.is_pass() ? 0 : 1;
    for (Color c : {Color::Black, Color::White}) {
        set_up(c, game_seed);
        if (ended_) return finished();
    }
    dispatch<PlayMoves>(set, *this);
    if (ended_) return finished();
    record_board();
    const int diff = r_.black_discs - r_.white_discs;
    r_.winner = diff > 0 ? Winner::Black : diff < 0 ? Winner::White : Winner::Draw;
    r_.reason = Outcome::Normal;
    r_.detail = "game over: black " + std::to_string(r_.black_discs) + ", white " +
                std::to_string(r_.white_discs);
    return finished();
}

void GameReferee::set_up(Color side, std::uint64_t game_seed) {
    const int s = index_of(side);
    Player& p = *players_[s];
    TimeControl own = time_;
    own.move_timeout = limit_of(s);
    const Request request{side, Request::Kind::SetUp};
    const bool ready = ask(
        request, [&] { p.new_game(game_, own, game_seed * 2 + static_cast<std::uint64_t>(side)); },
        [&](const PlayerError& e) {
            const bool in_time = spend(s, p.setup_seconds());
            // A timeout while setting up (not while restarting: that spends nothing on the game)
            // is the clock's when there is one.
            return !in_time ||
                   (e.fault() == PlayerFault::Timeout && clocks_[s] && p.setup_seconds() > 0);
        });
    if (ready && p.is_timed() && !spend(s, p.setup_seconds())) lose_on_time(request);
}

template <InstructionSet Isa>
[[gnu::always_inline]] inline void GameReferee::play_moves() {
    while (!ended_ && !game_.is_over<Isa>()) {
        const Position& now = game_.current();
        if (adjudication_.empties >= 0 && now.empty_count() <= adjudication_.empties) {
            adjudicate();
            break;
        }
        if (!now.has_legal_move<Isa>()) {
            game_.play<Isa>(Move::pass());  // implicit: the other side is simply asked next
            continue;
        }
        const Color side = now.side_to_move();
        const int number = static_cast<int>(game_.moves().size()) + 1;
        const Move move = take_move<Isa>(side);
        if (ended_ || game_.is_over<Isa>()) break;
        if (per_move_records_ && adjudication_.evals.active())
            judge_evals(side, r_.move_records.back().eval);
        if (!ended_) tell(opposite(side), move, number);
    }
}

template <InstructionSet Isa>
[[gnu::always_inline]] inline Move GameReferee::take_move(Color side) {
    const int s = index_of(side);
    Player& mover = *players_[s];
    const Request request{side, Request::Kind::Move, static_cast<int>(game_.moves().size()) + 1};
    GameClock* clock = clocks_[s] ? &*clocks_[s] : nullptr;
    const auto started = mover.is_timed() ? Clock::now() : Clock::time_point{};
    const Deadline deadline = mover.is_timed() ? deadline_after(limit_of(s)) : Deadline::max();
    Move move = Move::pass();
    const bool answered = ask(
        request, [&] { move = mover.choose(game_, deadline, clock); },
        [&](const PlayerError& e) {
            if (mover.is_timed()) used_[s] += seconds_since(started);
            return e.fault() == PlayerFault::Timeout && clock;
        });
    if (!answered) return move;
    double took = 0;
    if (mover.is_timed()) {
        took = seconds_since(started);
        used_[s] += took;
        if (clock && !clock->charge(took)) {
            lose_on_time(request);
            return move;
        }
    }
    const Position& now = game_.current();
    if (move.is_pass() || !now.is_legal<Isa>(move)) {
        const auto why = now.illegality(move);
        forfeit(request, Outcome::IllegalMove,
                who(request) + " played " + move.to_string() + " " + when(request) + ": " +
                    (why ? *why : std::string("passed with legal moves")));
        return move;
    }
    game_.play<Isa>(move);
    ++placed_;
    if (per_move_records_) {
        r_.move_records.push_back({took + unrecorded_[s], mover.last_eval()});
        unrecorded_[s] = 0;
    }
    return move;
}

void GameReferee::judge_evals(Color mover, std::optional<double> eval) {
    const auto verdict = evals_.after_move(mover, eval, placed_);
    if (!verdict) return;
    record_board();
    r_.winner = verdict->winner;
    r_.reason = verdict->reason;
    r_.detail = verdict->detail;
    ended_ = true;
}

void GameReferee::tell(Color listener, Move move, int number) {
    const int o = index_of(listener);
    Player& other = *players_[o];
    const Request request{listener, Request::Kind::Told, number};
    const auto heard = other.is_timed() ? Clock::now() : Clock::time_point{};
    const bool heeded = ask(
        request,
        [&] {
            other.opponent_played(game_, move,
                                  other.is_timed() ? deadline_after(limit_of(o)) : Deadline::max());
        },
        [&](const PlayerError& e) {
            if (other.is_timed()) used_[o] += seconds_since(heard);
            return e.fault() == PlayerFault::Timeout && clocks_[o].has_value();
        });
    if (heeded && other.is_timed() && !spend(o, seconds_since(heard))) lose_on_time(request);
}

// Runs one request; any failure is the asked side's forfeit (false). `lost_on_time` charges what
// a failed request cost and says whether it lost the game on time. A PlayerStartError
// propagates: the game could not be played at all. Any other exception is not a protocol fault:
// an in-process policy threw (its book went bad, say); it costs this game and the match goes on.
template <class Call, class LostOnTime>
bool GameReferee::ask(const Request& request, Call&& call, LostOnTime&& lost_on_time) {
    try {
        call();
        return true;
    } catch (const PlayerError& e) {
        if (lost_on_time(e)) {
            lose_on_time(request);
        } else {
            const bool setting_up = request.kind == Request::Kind::SetUp;
            forfeit(
                request, reason_of(e.fault()),
                who(request) + (setting_up ? " failed " : " ") + when(request) + ": " + e.what());
        }
    } catch (const PlayerStartError&) {
        throw;
    } catch (const std::exception& e) {
        forfeit(request, Outcome::PolicyError,
                who(request) + " failed " + when(request) + ": " + e.what());
    }
    return false;
}

bool GameReferee::spend(int s, double seconds) {
    used_[s] += seconds;
    unrecorded_[s] += seconds;
    return !clocks_[s] || clocks_[s]->spend(seconds);
}

// The limit of one answer: the side's clock when it has one (a clock of an hour is not cut short
// by --move-timeout), else --move-timeout.
double GameReferee::limit_of(int s) const {
    return clocks_[s] ? std::max(0.0, clocks_[s]->limit()) : time_.move_timeout;
}

std::string GameReferee::who(const Request& request) const {
    const Player& p = *players_[index_of(request.side)];
    if (request.kind == Request::Kind::SetUp) return p.name();
    return std::string(othello::to_string(request.side)) + " (" + p.name() + ")";
}

std::string GameReferee::when(const Request& request) {
    switch (request.kind) {
        case Request::Kind::SetUp:
            return "while setting up the game";
        case Request::Kind::Move:
            return "at move " + std::to_string(request.number);
        case Request::Kind::Told:
            return "when told move " + std::to_string(request.number);
    }
    return "";
}

// The offender loses; it is restarted before its next game (a stray reply or a confused engine
// must not cost that game too), and its last protocol lines go into the record. The detail may
// quote what an engine sent: it is kept escaped, as results and journals hold UTF-8 only.
void GameReferee::forfeit(const Request& request, Outcome reason, std::string detail) {
    Player& offender = *players_[index_of(request.side)];
    offender.mark_broken();
    record_board();
    r_.winner = request.side == Color::Black ? Winner::White : Winner::Black;
    r_.reason = reason;
    r_.detail = printable(detail);
    r_.last_lines = offender.last_lines();
    ended_ = true;
}

void GameReferee::lose_on_time(const Request& request) {
    forfeit(request, Outcome::TimeForfeit, who(request) + " loses on time " + when(request));
}

// Ends the game with its perfect-play result: the solver's disc difference, the empty squares
// going to the winner as in the final score, so the counts add up to 64.
void GameReferee::adjudicate() {
    const Position& p = game_.current();
    const int for_mover = search::solve_endgame(p);
    const int for_black = p.side_to_move() == Color::Black ? for_mover : -for_mover;
    r_.moves = game_.transcript();
    r_.black_discs = (64 + for_black) / 2;
    r_.white_discs = 64 - r_.black_discs;
    r_.winner = for_black > 0 ? Winner::Black : for_black < 0 ? Winner::White : Winner::Draw;
    r_.reason = Outcome::Adjudicated;
    r_.detail = "adjudicated at " + std::to_string(p.empty_count()) +
                " empty squares: perfect play gives black " + std::to_string(r_.black_discs) +
                ", white " + std::to_string(r_.white_discs);
    ended_ = true;
}

void GameReferee::record_board() {
    r_.moves = game_.transcript();
    r_.black_discs = game_.current().disc_count(Color::Black);
    r_.white_discs = game_.current().disc_count(Color::White);
}

// Every result, a forfeit's too, carries the time each side used.
GameRecord GameReferee::finished() {
    r_.black_seconds = used_[0];
    r_.white_seconds = used_[1];
    bound_texts(r_);  // what an engine sent is cut to what the journal's readers take
    return std::move(r_);
}

}  // namespace

GameRecord referee_game(Player& black, Player& white, const Opening& opening,
                        const TimeControl& time, std::uint64_t game_seed,
                        const Adjudication& adjudication, InstructionSet set) {
    // Reused per thread: copy-assignment keeps the vectors' capacity, so the in-process fast path
    // does not reallocate the game's history every game.
    thread_local Game game;
    game = opening.game;
    GameReferee referee(black, white, time, adjudication, game);
    return referee.play(opening, game_seed, set);
}

}  // namespace othello
