// NboardPlayer: NBoard commands for the referee's events; channel failures become player faults.
#include "match/players/nboard_player.h"

#include "engine/ascii_text.h"
#include "engine/ggf.h"

namespace othello {

void NboardPlayer::start(const TimeControl& time) {
    shut_down();
    const Deadline deadline = deadline_after(time.start_timeout);
    try {
        client_ = std::make_unique<NboardClient>(connect(deadline));
        reported_name_ = bounded_name(client_->handshake(deadline, spec_.name));
        // Edax names itself only once it is given a depth.
        if (spec_.depth > 0) {
            const std::string named = client_->set_depth(spec_.depth, deadline);
            if (!named.empty()) reported_name_ = bounded_name(named);
        }
    } catch (const ChannelError& e) {
        shut_down();
        fail_start(e);
    }
    broken_ = false;
    has_started_ = true;
}

bool NboardPlayer::start_to_learn_name(const TimeControl& time) {
    start(time);
    if (!reported_name_.empty() || spec_.depth > 0) return true;
    // An engine that names itself only when given a depth (Edax) is given one: this process or
    // connection is only asked its name and stopped, so no game is played at that depth.
    try {
        reported_name_ =
            bounded_name(client_->set_depth(kDepthToLearnName, deadline_after(time.start_timeout)));
    } catch (const ChannelError& e) {
        shut_down();
        fail_start(e);
    }
    shut_down();
    return false;
}

void NboardPlayer::new_game(const Game&, const TimeControl& time, std::uint64_t) {
    // The game itself goes with every move; a new game only needs a working engine.
    const bool fresh = !client_ || restart_due();
    kept_start_ = false;
    if (fresh) start(time);
}

Move NboardPlayer::choose(const Game& game, const Deadline& deadline, const GameClock*) {
    last_eval_.reset();
    try {
        client_->send("set game " + to_ggf(GgfRecord::from_game(game)));
        client_->synchronise(deadline);
        const NboardMoveReply reply = client_->go(deadline);
        const auto move = Move::parse(reply.move);
        if (!move) {
            throw PlayerError(
                PlayerFault::Malformed,
                "reply '=== " + printable(reply.move.substr(0, 80)) + "' to go is not a move");
        }
        last_eval_ = reply.eval;
        return *move;
    } catch (const ChannelError& e) {
        throw to_player_error(e);
    }
}

void NboardPlayer::shut_down() {
    lines_.detach();
    if (client_) client_->quit(std::chrono::milliseconds(500));
    client_.reset();
}

}  // namespace othello
