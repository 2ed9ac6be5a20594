// Referee: the game loop. The board here is the only truth; players are asked and told.
#include "match/referee.h"

#include <chrono>

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

void forfeit(GameRecord& r, const Game& game, Color offender, Outcome reason, std::string detail) {
    finish(r, game);
    r.winner = offender == Color::Black ? Winner::White : Winner::Black;
    r.reason = reason;
    r.detail = std::move(detail);
}

double seconds_since(Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
}

}  // namespace

GameRecord referee_game(Player& black, Player& white, const Opening& opening,
                        const TimeControl& time, std::uint64_t game_seed) {
    GameRecord r;
    r.black = black.name();
    r.white = white.name();
    r.opening = opening.transcript;
    r.opening_name = opening.name;
    // Reused per thread: copy-assignment keeps the vectors' capacity, so the in-process fast path
    // does not reallocate the game's history every game.
    thread_local Game game;
    game = opening.game;

    Player* players[2] = {&black, &white};
    for (Color c : {Color::Black, Color::White}) {
        Player& p = *players[static_cast<int>(c)];
        try {
            p.new_game(game, time, game_seed * 2 + static_cast<std::uint64_t>(c));
        } catch (const PlayerError& e) {
            p.mark_broken();
            forfeit(r, game, c, reason_of(e.fault()),
                    p.name() + " failed while setting up the game: " + e.what());
            return r;
        } catch (const PlayerStartError&) {
            throw;
        } catch (const std::exception& e) {
            p.mark_broken();
            forfeit(r, game, c, Outcome::PolicyError,
                    p.name() + " failed while setting up the game: " + e.what());
            return r;
        }
    }

    const bool budget = time.game_time > 0;
    double left[2] = {time.game_time, time.game_time};
    double used[2] = {0, 0};
    while (!game.is_over()) {
        const Position& now = game.current();
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

        const double allowed =
            budget ? std::min(time.move_timeout, left[s] + time.margin) : time.move_timeout;
        const bool budget_binds = budget && left[s] + time.margin < time.move_timeout;
        const auto started = mover.is_timed() ? Clock::now() : Clock::time_point{};
        const Deadline deadline = mover.is_timed() ? deadline_after(allowed) : Deadline::max();
        Move move = Move::pass();
        try {
            move = mover.choose(game, deadline,
                                budget ? std::optional<double>(left[s]) : std::nullopt);
        } catch (const PlayerError& e) {
            mover.mark_broken();
            if (e.fault() == PlayerFault::Timeout && budget_binds) {
                forfeit(r, game, side, Outcome::TimeForfeit,
                        who() + " loses on time at move " + std::to_string(move_number));
            } else {
                forfeit(r, game, side, reason_of(e.fault()),
                        who() + " at move " + std::to_string(move_number) + ": " + e.what());
            }
            return r;
        } catch (const std::exception& e) {
            // Not a protocol fault: an in-process policy threw (its book went bad, say). It costs
            // this game, like any other failure; the match goes on.
            mover.mark_broken();
            forfeit(r, game, side, Outcome::PolicyError,
                    who() + " failed at move " + std::to_string(move_number) + ": " + e.what());
            return r;
        }
        if (mover.is_timed()) {
            const double took = seconds_since(started);
            used[s] += took;
            if (budget) {
                left[s] -= took;
                if (left[s] < -time.margin) {
                    forfeit(r, game, side, Outcome::TimeForfeit,
                            who() + " loses on time at move " + std::to_string(move_number));
                    return r;
                }
            }
        }
        if (move.is_pass() || !now.is_legal(move)) {
            const auto why = now.illegality(move);
            forfeit(r, game, side, Outcome::IllegalMove,
                    who() + " played " + move.to_string() + " at move " +
                        std::to_string(move_number) + ": " +
                        (why ? *why : std::string("passed with legal moves")));
            return r;
        }
        game.play(move);
        if (game.is_over()) break;
        try {
            other.opponent_played(
                game, move, other.is_timed() ? deadline_after(time.move_timeout) : Deadline::max());
        } catch (const PlayerError& e) {
            other.mark_broken();
            forfeit(r, game, opposite(side), reason_of(e.fault()),
                    std::string(othello::to_string(opposite(side))) + " (" + other.name() +
                        ") when told move " + std::to_string(move_number) + ": " + e.what());
            return r;
        } catch (const std::exception& e) {
            other.mark_broken();
            forfeit(r, game, opposite(side), Outcome::PolicyError,
                    std::string(othello::to_string(opposite(side))) + " (" + other.name() +
                        ") failed when told move " + std::to_string(move_number) + ": " + e.what());
            return r;
        }
    }
    finish(r, game);
    r.black_seconds = used[0];
    r.white_seconds = used[1];
    const int diff = r.black_discs - r.white_discs;
    r.winner = diff > 0 ? Winner::Black : diff < 0 ? Winner::White : Winner::Draw;
    r.reason = Outcome::Normal;
    r.detail = "game over: black " + std::to_string(r.black_discs) + ", white " +
               std::to_string(r.white_discs);
    return r;
}

}  // namespace othello
