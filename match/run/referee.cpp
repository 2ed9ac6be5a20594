// Referee: the game loop. The board here is the only truth; players are asked and told.
#include "match/run/referee.h"

#include <algorithm>
#include <chrono>
#include <optional>

#include "engine/ascii_text.h"
#include "engine/search/endgame_solver.h"

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

void finish(GameRecord& r, const Game& game) {
    r.moves = game.transcript();
    r.black_discs = game.current().disc_count(Color::Black);
    r.white_discs = game.current().disc_count(Color::White);
}

// The offender loses; it is restarted before its next game (a stray reply or a confused engine
// must not cost that game too), and its last protocol lines go into the record. The detail may
// quote what an engine sent: it is kept escaped, as results and journals hold UTF-8 only.
void forfeit(GameRecord& r, const Game& game, Color offender, Player& player, Outcome reason,
             std::string detail) {
    player.mark_broken();
    finish(r, game);
    r.winner = offender == Color::Black ? Winner::White : Winner::Black;
    r.reason = reason;
    r.detail = printable(detail);
    r.last_lines = player.last_lines();
}

double seconds_since(Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
}

// Ends the game with its perfect-play result: the solver's disc difference, the empty squares
// going to the winner as in the final score, so the counts add up to 64.
void adjudicate(GameRecord& r, const Game& game) {
    const Position& p = game.current();
    const int for_mover = search::solve_endgame(p);
    const int for_black = p.side_to_move() == Color::Black ? for_mover : -for_mover;
    r.moves = game.transcript();
    r.black_discs = (64 + for_black) / 2;
    r.white_discs = 64 - r.black_discs;
    r.winner = for_black > 0 ? Winner::Black : for_black < 0 ? Winner::White : Winner::Draw;
    r.reason = Outcome::Adjudicated;
    r.detail = "adjudicated at " + std::to_string(p.empty_count()) +
               " empty squares: perfect play gives black " + std::to_string(r.black_discs) +
               ", white " + std::to_string(r.white_discs);
}

}  // namespace

GameRecord referee_game(Player& black, Player& white, const Opening& opening,
                        const TimeControl& time, std::uint64_t game_seed, int adjudicate_empties) {
    GameRecord r;
    r.black = black.name();
    r.white = white.name();
    r.opening = opening.transcript;
    r.opening_name = opening.name;
    r.start_board = start_board_of(opening);
    // Reused per thread: copy-assignment keeps the vectors' capacity, so the in-process fast path
    // does not reallocate the game's history every game.
    thread_local Game game;
    game = opening.game;

    Player* players[2] = {&black, &white};
    // Each side's clock: its engine's own tc=/st=, else --game-time as sudden death. Made before
    // the game is set up: every answer an engine gives during its game counts against it.
    std::optional<GameClock> clocks[2];
    for (int s = 0; s < 2; ++s) {
        if (!players[s]->is_timed()) continue;
        const ClockRules rules = clock_rules_for(players[s]->clock_rules(), time.game_time);
        if (rules.active())
            clocks[s].emplace(rules, rules.margin >= 0 ? rules.margin : time.margin);
    }
    // The limit of one answer: the side's clock when it has one (a clock of an hour is not cut
    // short by --move-timeout), else --move-timeout.
    const auto limit_of = [&](int s) {
        return clocks[s] ? std::max(0.0, clocks[s]->limit()) : time.move_timeout;
    };
    double used[2] = {0, 0};
    // Seconds a side spent answering commands since its last move: recorded with its next move,
    // so that a side's move times add up to its total.
    double unrecorded[2] = {0, 0};
    // Every result, a forfeit's too, carries the time each side used.
    const auto timed = [&](GameRecord& record) -> GameRecord& {
        record.black_seconds = used[0];
        record.white_seconds = used[1];
        return record;
    };
    // Charges a side's answer to a command other than its move; false when its flag fell.
    const auto spend = [&](int s, double seconds) {
        used[s] += seconds;
        unrecorded[s] += seconds;
        return !clocks[s] || clocks[s]->spend(seconds);
    };

    for (Color c : {Color::Black, Color::White}) {
        const int s = static_cast<int>(c);
        Player& p = *players[s];
        TimeControl own = time;
        own.move_timeout = limit_of(s);
        const auto lost_on_time = [&] {
            forfeit(r, game, c, p, Outcome::TimeForfeit,
                    p.name() + " loses on time while setting up the game");
        };
        try {
            p.new_game(game, own, game_seed * 2 + static_cast<std::uint64_t>(c));
        } catch (const PlayerError& e) {
            const bool in_time = spend(s, p.setup_seconds());
            // A timeout while setting up (not while restarting: that spends nothing on the game)
            // is the clock's when there is one.
            if (!in_time ||
                (e.fault() == PlayerFault::Timeout && clocks[s] && p.setup_seconds() > 0)) {
                lost_on_time();
            } else {
                forfeit(r, game, c, p, reason_of(e.fault()),
                        p.name() + " failed while setting up the game: " + e.what());
            }
            return timed(r);
        } catch (const PlayerStartError&) {
            throw;
        } catch (const std::exception& e) {
            forfeit(r, game, c, p, Outcome::PolicyError,
                    p.name() + " failed while setting up the game: " + e.what());
            return timed(r);
        }
        if (p.is_timed() && !spend(s, p.setup_seconds())) {
            lost_on_time();
            return timed(r);
        }
    }

    // Games between in-process players have no times or evals to record: their records stay
    // small and their loop fast.
    const bool per_move_records = black.is_timed() || white.is_timed();
    while (!game.is_over()) {
        const Position& now = game.current();
        if (adjudicate_empties >= 0 && now.empty_count() <= adjudicate_empties) {
            adjudicate(r, game);
            return timed(r);
        }
        if (!now.has_legal_move()) {
            game.play(Move::pass());  // implicit: the other side is simply asked next
            continue;
        }
        const Color side = now.side_to_move();
        const int s = static_cast<int>(side);
        Player& mover = *players[s];
        Player& other = *players[1 - s];
        const int move_number = static_cast<int>(game.moves().size()) + 1;
        // Built only when a failure needs it: this loop is the in-process fast path.
        const auto who = [&] {
            return std::string(othello::to_string(side)) + " (" + mover.name() + ")";
        };

        GameClock* clock = clocks[s] ? &*clocks[s] : nullptr;
        const auto started = mover.is_timed() ? Clock::now() : Clock::time_point{};
        const Deadline deadline = mover.is_timed() ? deadline_after(limit_of(s)) : Deadline::max();
        Move move = Move::pass();
        try {
            move = mover.choose(game, deadline, clock);
        } catch (const PlayerError& e) {
            if (mover.is_timed()) used[s] += seconds_since(started);
            if (e.fault() == PlayerFault::Timeout && clock) {
                forfeit(r, game, side, mover, Outcome::TimeForfeit,
                        who() + " loses on time at move " + std::to_string(move_number));
            } else {
                forfeit(r, game, side, mover, reason_of(e.fault()),
                        who() + " at move " + std::to_string(move_number) + ": " + e.what());
            }
            return timed(r);
        } catch (const std::exception& e) {
            // Not a protocol fault: an in-process policy threw (its book went bad, say). It costs
            // this game, like any other failure; the match goes on.
            forfeit(r, game, side, mover, Outcome::PolicyError,
                    who() + " failed at move " + std::to_string(move_number) + ": " + e.what());
            return timed(r);
        }
        double took = 0;
        if (mover.is_timed()) {
            took = seconds_since(started);
            used[s] += took;
            if (clock && !clock->charge(took)) {
                forfeit(r, game, side, mover, Outcome::TimeForfeit,
                        who() + " loses on time at move " + std::to_string(move_number));
                return timed(r);
            }
        }
        if (move.is_pass() || !now.is_legal(move)) {
            const auto why = now.illegality(move);
            forfeit(r, game, side, mover, Outcome::IllegalMove,
                    who() + " played " + move.to_string() + " at move " +
                        std::to_string(move_number) + ": " +
                        (why ? *why : std::string("passed with legal moves")));
            return timed(r);
        }
        game.play(move);
        if (per_move_records) {
            r.move_seconds.push_back(took + unrecorded[s]);
            unrecorded[s] = 0;
            r.move_evals.push_back(mover.last_eval());
        }
        if (game.is_over()) break;
        const int o = 1 - s;
        const auto listener = [&] {
            return std::string(othello::to_string(opposite(side))) + " (" + other.name() + ")";
        };
        const auto lost_on_time = [&] {
            forfeit(r, game, opposite(side), other, Outcome::TimeForfeit,
                    listener() + " loses on time when told move " + std::to_string(move_number));
        };
        const auto heard = other.is_timed() ? Clock::now() : Clock::time_point{};
        try {
            other.opponent_played(game, move,
                                  other.is_timed() ? deadline_after(limit_of(o)) : Deadline::max());
        } catch (const PlayerError& e) {
            if (other.is_timed()) used[o] += seconds_since(heard);
            if (e.fault() == PlayerFault::Timeout && clocks[o]) {
                lost_on_time();
            } else {
                forfeit(r, game, opposite(side), other, reason_of(e.fault()),
                        listener() + " when told move " + std::to_string(move_number) + ": " +
                            e.what());
            }
            return timed(r);
        } catch (const std::exception& e) {
            forfeit(r, game, opposite(side), other, Outcome::PolicyError,
                    listener() + " failed when told move " + std::to_string(move_number) + ": " +
                        e.what());
            return timed(r);
        }
        if (other.is_timed() && !spend(o, seconds_since(heard))) {
            lost_on_time();
            return timed(r);
        }
    }
    finish(r, game);
    timed(r);
    const int diff = r.black_discs - r.white_discs;
    r.winner = diff > 0 ? Winner::Black : diff < 0 ? Winner::White : Winner::Draw;
    r.reason = Outcome::Normal;
    r.detail = "game over: black " + std::to_string(r.black_discs) + ", white " +
               std::to_string(r.white_discs);
    return r;
}

}  // namespace othello
