// GtpPlayer: GTP commands for the referee's events; channel failures become player faults.
#include "match/players/gtp_player.h"

#include <chrono>

#include "engine/ascii_text.h"
#include "engine/notation.h"
#include "match/players/gtp_time.h"

namespace othello {

namespace {

const char* color_word(Color c) {
    return c == Color::Black ? "b" : "w";
}

// Adds the seconds from its construction to its destruction to `total`, however the scope ends.
class StopWatch {
  public:
    explicit StopWatch(double& total) : total_(total) {}
    ~StopWatch() {
        total_ +=
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
    }
    StopWatch(const StopWatch&) = delete;
    StopWatch& operator=(const StopWatch&) = delete;

  private:
    double& total_;
    const std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
};

}  // namespace

void GtpPlayer::start(const TimeControl& time) {
    shut_down();
    const Deadline deadline = deadline_after(time.start_timeout);
    try {
        client_ = std::make_unique<GtpClient>(connect(deadline));
        // The first command shows whether the engine echoes ids (see choose).
        const GtpResponse version = client_->open("protocol_version", deadline);
        if (!version.success) {
            throw ChannelError(ChannelFailure::Malformed,
                               "engine refused 'protocol_version': " + printable(version.text));
        }
        protocol_version_ = version.text;
        GtpResponse name = client_->send("name", deadline);
        reported_name_ = name.success ? bounded_name(name.text) : "";
        client_->ask("boardsize 8", deadline);
        if (board_openings_ && !knows_command("othello-set_position", deadline)) {
            shut_down();
            throw BoardOpeningsRefused(
                spec_.name, "engine '" + spec_.name +
                                "' cannot play the match's board openings: it does not know "
                                "othello-set_position (GTP itself can only send moves from the "
                                "standard start; use transcript openings, or an NBoard engine)");
        }
    } catch (const ChannelError& e) {
        shut_down();  // the destructors stop the process or close the connection
        fail_start(e);
    }
    broken_ = false;
    has_started_ = true;
}

// known_command, else list_commands for engines that answer only that.
bool GtpPlayer::knows_command(const std::string& command, const Deadline& deadline) {
    const GtpResponse known = client_->send("known_command " + command, deadline);
    if (known.success) return known.text == "true";
    const GtpResponse list = client_->send("list_commands", deadline);
    if (!list.success) return false;
    std::size_t start = 0;
    while (start <= list.text.size()) {
        const std::size_t end = std::min(list.text.find('\n', start), list.text.size());
        if (list.text.compare(start, end - start, command) == 0) return true;
        start = end + 1;
    }
    return false;
}

void GtpPlayer::set_up(const Game& setup, const TimeControl& time) {
    // Timed whether it succeeds or not: the game's time starts with its first command.
    const StopWatch watch(setup_seconds_);
    const Deadline deadline = deadline_after(time.move_timeout);
    time_settings_sent_ = false;
    client_->ask("clear_board", deadline);
    // A board opening: the position itself (start() refused engines that cannot take it).
    if (setup.start() != Position::start())
        client_->ask("othello-set_position " + to_board_string(setup.start()), deadline);
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
    setup_seconds_ = 0;
    const bool fresh = !client_ || restart_due();
    kept_start_ = false;
    if (fresh) start(time);
    try {
        set_up(setup, time);
        return;
    } catch (const ChannelError& e) {
        // An engine that does not answer in time has had its time: no second try.
        if (fresh || e.failure() == ChannelFailure::Timeout) throw to_player_error(e);
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

// GTP counts whole seconds and knows no increment: what is announced never overstates the
// clock (match/players/gtp_time.h; README, "What GTP engines are told").
void GtpPlayer::send_clock(Color side, const GameClock& clock, const Deadline& deadline) {
    if (!time_settings_sent_) {
        // Engines without time commands refuse them; they still play.
        client_->send("time_settings " + gtp_time_settings(clock.rules()), deadline);
        time_settings_sent_ = true;
    }
    client_->send(std::string("time_left ") + color_word(side) + " " + gtp_time_left(clock),
                  deadline);
}

Move GtpPlayer::choose(const Game& game, const Deadline& deadline, const GameClock* clock) {
    const Color side = game.current().side_to_move();
    try {
        if (clock) send_clock(side, *clock, deadline);
        const std::string genmove = std::string("genmove ") + color_word(side);
        // Numbered when the engine echoes ids: a second answer then carries an old id, and the
        // next command's reply shows it.
        const std::string reply = client_->ask(genmove, deadline, true);
        const auto move = Move::parse(reply);
        if (!move) {
            throw PlayerError(PlayerFault::Malformed, "reply '" + printable(reply.substr(0, 80)) +
                                                          "' to genmove is not a move");
        }
        // An engine that answers genmove twice would otherwise have its second answer taken as
        // the reply to the next command: without ids, the probe, read back with that command,
        // names the fault instead. An illegal move needs no probe: it loses the game, and the
        // engine is restarted.
        if (!client_->echoes_ids() && !move->is_pass() && game.current().is_legal(*move))
            client_->send_probe(genmove, "protocol_version", protocol_version_, deadline);
        return *move;
    } catch (const ChannelError& e) {
        throw to_player_error(e);
    }
}

void GtpPlayer::shut_down() {
    lines_.detach();
    if (client_) client_->quit(std::chrono::milliseconds(500));
    client_.reset();
}

}  // namespace othello
