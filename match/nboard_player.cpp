// NboardPlayer: NBoard commands for the referee's events; channel failures become player faults.
#include "match/nboard_player.h"

#include "engine/ggf.h"
#include "protocol/engine_process.h"

namespace othello {

namespace {

PlayerError to_player_error(const ChannelError& e) {
    switch (e.failure()) {
        case ChannelFailure::Timeout:
            return PlayerError(PlayerFault::Timeout, e.what());
        case ChannelFailure::Malformed:
            return PlayerError(PlayerFault::Malformed, e.what());
        case ChannelFailure::Closed:
        case ChannelFailure::StartFailed:
            break;
    }
    return PlayerError(PlayerFault::Crash, e.what());
}

}  // namespace

void NboardPlayer::set_game_id(int id) {
    game_id_ = id;
    if (logged_) logged_->set_game_id(id);
}

std::vector<std::string> NboardPlayer::last_lines() const {
    return logged_ ? logged_->last_lines() : lines_of_last_client_;
}

void NboardPlayer::start(const TimeControl& time) {
    shut_down();
    const Deadline deadline = deadline_after(time.start_timeout);
    try {
        auto logged = std::make_unique<LoggedChannel>(
            std::make_unique<EngineProcess>(
                ProcessOptions{spec_.argv, spec_.working_directory, spec_.stderr_visible}),
            spec_.name, log_);
        logged->set_game_id(game_id_);
        logged_ = logged.get();
        client_ = std::make_unique<NboardClient>(std::move(logged));
        reported_name_ = client_->handshake(deadline);
        if (spec_.depth > 0) client_->send("set depth " + std::to_string(spec_.depth));
    } catch (const ChannelError& e) {
        shut_down();
        throw PlayerStartError(spec_.name,
                               "engine '" + spec_.name + "' failed to start: " + e.what());
    }
    broken_ = false;
}

void NboardPlayer::new_game(const Game&, const TimeControl& time, std::uint64_t) {
    // The game itself goes with every move; a new game only needs a working engine.
    if (!client_ || broken_) start(time);
}

Move NboardPlayer::choose(const Game& game, const Deadline& deadline, const GameClock*) {
    last_eval_.reset();
    try {
        client_->send("set game " + to_ggf(GgfRecord::from_game(game)));
        client_->synchronise(deadline);
        const NboardMoveReply reply = client_->go(deadline);
        const auto move = Move::parse(reply.move);
        if (!move) {
            throw PlayerError(PlayerFault::Malformed,
                              "reply '=== " + reply.move.substr(0, 80) + "' to go is not a move");
        }
        last_eval_ = reply.eval;
        return *move;
    } catch (const ChannelError& e) {
        throw to_player_error(e);
    }
}

void NboardPlayer::shut_down() {
    if (logged_) lines_of_last_client_ = logged_->last_lines();
    logged_ = nullptr;
    if (client_) client_->quit(std::chrono::milliseconds(500));
    client_.reset();
}

}  // namespace othello
