// GtpPlayer: GTP commands for the referee's events; channel failures become player faults.
#include "match/gtp_player.h"

#include <cmath>

#include "protocol/engine_process.h"
#include "protocol/tcp_client.h"

namespace othello {

namespace {

const char* color_word(Color c) {
    return c == Color::Black ? "b" : "w";
}

}  // namespace

PlayerError GtpPlayer::to_player_error(const ChannelError& e) const {
    switch (e.failure()) {
        case ChannelFailure::Timeout:
            return PlayerError(PlayerFault::Timeout, e.what());
        case ChannelFailure::Malformed:
            return PlayerError(PlayerFault::Malformed, e.what());
        case ChannelFailure::Closed:
        case ChannelFailure::StartFailed:
            break;
    }
    return PlayerError(
        spec_.kind == EngineSpec::Kind::Tcp ? PlayerFault::Disconnect : PlayerFault::Crash,
        e.what());
}

void GtpPlayer::start(const TimeControl& time) {
    shut_down();
    const Deadline deadline = deadline_after(time.start_timeout);
    try {
        std::unique_ptr<LineChannel> channel;
        if (spec_.kind == EngineSpec::Kind::Tcp) {
            channel = std::make_unique<TcpClient>(spec_.host, spec_.port, deadline);
        } else {
            channel = std::make_unique<EngineProcess>(
                ProcessOptions{spec_.argv, spec_.working_directory, spec_.stderr_visible});
        }
        client_ = std::make_unique<GtpClient>(std::move(channel));
        if (!spec_.token.empty()) {
            // The server's handshake (protocol/token_gate.h); the secret stays out of messages.
            if (!client_->send("othello-token " + spec_.token, deadline).success) {
                throw ChannelError(ChannelFailure::StartFailed, spec_.name + " refused the token");
            }
        }
        client_->ask("protocol_version", deadline);
        GtpResponse name = client_->send("name", deadline);
        reported_name_ = name.success ? name.text : "";
        client_->ask("boardsize 8", deadline);
    } catch (const ChannelError& e) {
        client_.reset();  // the destructors stop the process or close the connection
        throw PlayerStartError(spec_.name,
                               "engine '" + spec_.name + "' failed to start: " + e.what());
    }
    broken_ = false;
}

void GtpPlayer::set_up(const Game& setup, const TimeControl& time) {
    const Deadline deadline = deadline_after(time.move_timeout);
    client_->ask("clear_board", deadline);
    if (time.game_time > 0) {
        client_->send("time_settings " +
                          std::to_string(static_cast<long>(std::ceil(time.game_time))) + " 0 0",
                      deadline);
    }
    // The opening's moves, passes left implicit (some engines refuse "play b pass").
    for (std::size_t i = 0; i < setup.moves().size(); ++i) {
        const Move m = setup.moves()[i];
        if (m.is_pass()) continue;
        client_->ask(std::string("play ") + color_word(setup.positions()[i].side_to_move()) + " " +
                         m.to_string(),
                     deadline);
    }
}

void GtpPlayer::new_game(const Game& setup, const TimeControl& time, std::uint64_t /*seed*/) {
    const bool fresh = !client_ || broken_;
    if (fresh) start(time);
    try {
        set_up(setup, time);
        return;
    } catch (const ChannelError& e) {
        if (fresh) throw to_player_error(e);
    }
    // The engine died or the connection dropped between games: restart / reconnect once.
    start(time);
    try {
        set_up(setup, time);
    } catch (const ChannelError& e) {
        throw to_player_error(e);
    }
}

void GtpPlayer::opponent_played(const Game& game, Move move, const Deadline& deadline) {
    const Color mover = game.positions()[game.positions().size() - 2].side_to_move();
    try {
        client_->ask(std::string("play ") + color_word(mover) + " " + move.to_string(), deadline);
    } catch (const ChannelError& e) {
        throw to_player_error(e);
    }
}

Move GtpPlayer::choose(const Game& game, const Deadline& deadline,
                       std::optional<double> time_left) {
    const Color side = game.current().side_to_move();
    try {
        if (time_left) {
            client_->send(std::string("time_left ") + color_word(side) + " " +
                              std::to_string(std::max(0L, static_cast<long>(*time_left))) + " 0",
                          deadline);
        }
        const std::string reply =
            client_->ask(std::string("genmove ") + color_word(side), deadline);
        if (auto move = Move::parse(reply)) return *move;
        throw PlayerError(PlayerFault::Malformed,
                          "reply '" + reply.substr(0, 80) + "' to genmove is not a move");
    } catch (const ChannelError& e) {
        throw to_player_error(e);
    }
}

void GtpPlayer::shut_down() {
    if (client_) client_->quit(std::chrono::milliseconds(500));
    client_.reset();
}

}  // namespace othello
