// GTP compliance: every command is followed by protocol_version, whose answer is known, so a
// second answer to the command is caught and named where it happens (as the runner's probe after
// genmove does); a check whose engine fell out of step has it started again.
#include "match/cli/gtp_compliance.h"

#include <array>
#include <functional>
#include <memory>
#include <set>
#include <utility>
#include <vector>

#include "engine/ascii_text.h"
#include "engine/notation.h"
#include "protocol/gtp_client.h"

namespace othello {

namespace {

const char* color_word(Color c) {
    return c == Color::Black ? "b" : "w";
}

// The commands the match runner sends every GTP engine.
constexpr std::array kRequiredCommands = {
    "protocol_version", "name",        "version", "known_command", "list_commands", "quit",
    "boardsize",        "clear_board", "play",    "genmove"};

class GtpCheckSession {
  public:
    GtpCheckSession(const EngineConnection& where, std::string name, ComplianceLimits limits)
        : where_(where), name_(std::move(name)), limits_(limits) {}
    ~GtpCheckSession() { close(); }

    // Starts the engine and asks protocol_version: its response, kept as the probe's answer.
    GtpResponse open() {
        close();
        const Deadline deadline = deadline_after(limits_.start_seconds);
        client_ = std::make_unique<GtpClient>(open_connection(where_, name_, deadline));
        GtpResponse version = client_->open("protocol_version", deadline);
        version_ = version.text;
        return version;
    }
    // A session the previous check left out of step, or never opened, is opened again.
    void ensure_open() {
        if (client_ && !broken_) return;
        broken_ = false;
        open();
        ask_ok("boardsize 8");
    }
    void mark_broken() { broken_ = true; }
    void close() {
        if (client_) client_->quit(std::chrono::milliseconds(500));
        client_.reset();
    }

    // The response to `command`, then a probe: protocol_version must get its own answer.
    GtpResponse ask(const std::string& command, double seconds = 0, bool numbered = false) {
        const Deadline deadline = deadline_after(seconds > 0 ? seconds : limits_.answer_seconds);
        GtpResponse response = client_->send(command, deadline, numbered);
        const GtpResponse probe =
            client_->send("protocol_version", deadline_after(limits_.answer_seconds));
        if (!probe.success || probe.text != version_) {
            throw ChannelError(ChannelFailure::Malformed,
                               "answered '" + command + "' twice: the second reply was '" +
                                   (probe.success ? "= " : "? ") +
                                   printable(probe.text.substr(0, 80)) + "'");
        }
        return response;
    }
    // As ask, but a refusal fails the check.
    std::string ask_ok(const std::string& command) {
        const GtpResponse r = ask(command);
        if (!r.success)
            throw ComplianceFailure("refused '" + command + "': '" +
                                    printable(r.text.substr(0, 80)) + "'");
        return r.text;
    }
    // The engine's answer to genmove for `side`.
    std::string genmove(Color side, double seconds = 0) {
        const std::string command = std::string("genmove ") + color_word(side);
        const GtpResponse r = ask(command, seconds, true);
        if (!r.success)
            throw ComplianceFailure("refused '" + command + "': '" +
                                    printable(r.text.substr(0, 80)) + "'");
        return r.text;
    }
    // clear_board, the board when it is not the start (othello-set_position), then the moves
    // with passes left implicit, as the runner sends a game.
    void set_up(const Game& game) {
        ask_ok("clear_board");
        if (game.start() != Position::start())
            ask_ok("othello-set_position " + to_board_string(game.start()));
        for (std::size_t i = 0; i < game.moves().size(); ++i) {
            const Move m = game.moves()[i];
            if (m.is_pass()) continue;
            ask_ok(std::string("play ") + color_word(game.positions()[i].side_to_move()) + " " +
                   m.to_string());
        }
    }

    GtpClient& client() { return *client_; }
    const ComplianceLimits& limits() const { return limits_; }
    std::set<std::string> listed;  // what list_commands answered

  private:
    EngineConnection where_;
    std::string name_;
    ComplianceLimits limits_;
    std::unique_ptr<GtpClient> client_;
    std::string version_;
    bool broken_ = false;
};

// The engine's move from `position`, judged.
ComplianceFinding move_from(GtpCheckSession& s, const CompliancePosition& position) {
    s.set_up(position.game);
    const Position& p = position.game.current();
    const std::string command = std::string("genmove ") + color_word(p.side_to_move());
    const std::string answer = s.genmove(p.side_to_move());
    const std::string problem = move_problem(p, answer);
    if (!problem.empty()) return failed(command + " " + problem);
    return ok(command + " answered " + printable(answer));
}

ComplianceFinding check_protocol_version(GtpCheckSession& s) {
    const GtpResponse r = s.open();
    if (!r.success) return failed("refused: '" + printable(r.text.substr(0, 80)) + "'");
    if (r.text != "2") return failed("answered '" + printable(r.text) + "': GTP 2 answers 2");
    return ok("answered 2");
}

ComplianceFinding check_name(GtpCheckSession& s) {
    const std::string name = s.ask_ok("name");
    if (trim(name).empty()) return failed("answered an empty name");
    return ok("answered '" + printable(name) + "'");
}

ComplianceFinding check_version(GtpCheckSession& s) {
    return ok("answered '" + printable(s.ask_ok("version")) + "'");
}

ComplianceFinding check_list_commands(GtpCheckSession& s) {
    const std::string list = s.ask_ok("list_commands");
    std::size_t start = 0;
    while (start <= list.size()) {
        const std::size_t end = std::min(list.find('\n', start), list.size());
        s.listed.insert(std::string(trim(std::string_view(list).substr(start, end - start))));
        start = end + 1;
    }
    std::string missing;
    for (const char* command : kRequiredCommands) {
        if (!s.listed.count(command))
            missing += (missing.empty() ? "" : ", ") + std::string(command);
    }
    if (!missing.empty()) return failed("does not list " + missing);
    return ok("lists the " + std::to_string(kRequiredCommands.size()) +
              " commands the runner sends");
}

ComplianceFinding check_known_command(GtpCheckSession& s) {
    const std::string known = s.ask_ok("known_command genmove");
    if (known != "true")
        return failed("'known_command genmove' answered '" + printable(known) + "'");
    const std::string unknown = s.ask_ok("known_command compliance-no-such-command");
    if (unknown != "false") {
        return failed("'known_command compliance-no-such-command' answered '" + printable(unknown) +
                      "'");
    }
    return ok("true for genmove, false for an unknown command");
}

ComplianceFinding check_unknown_command(GtpCheckSession& s) {
    const GtpResponse r = s.ask("compliance-no-such-command");
    if (r.success) return failed("accepted 'compliance-no-such-command' with '='");
    return ok("refused with '? " + printable(r.text.substr(0, 80)) + "'");
}

ComplianceFinding check_illegal_play(GtpCheckSession& s) {
    s.ask_ok("clear_board");
    const GtpResponse r = s.ask("play b a1");
    if (r.success) return failed("accepted 'play b a1' at the start, where a1 is not legal");
    return ok("'play b a1' at the start refused with '? " + printable(r.text.substr(0, 80)) + "'");
}

ComplianceFinding check_board_position(GtpCheckSession& s, const CompliancePosition& position) {
    if (!s.listed.count("othello-set_position")) {
        return skipped(
            "othello-set_position is not listed: the runner refuses board openings "
            "for this engine");
    }
    return move_from(s, position);
}

// The forms of the clock the runner announces (match/players/gtp_time.h): absolute time,
// Canadian byo-yomi, main time with a byo-yomi period.
ComplianceFinding check_time_commands(GtpCheckSession& s) {
    const std::pair<const char*, const char*> forms[] = {
        {"time_settings 300 0 0", "time_left b 300 0"},
        {"time_settings 0 10 20", "time_left b 10 20"},
        {"time_settings 9 1 1", "time_left b 9 0"}};
    for (const auto& [settings, left] : forms) {
        s.ask_ok("clear_board");
        s.ask_ok(settings);
        s.ask_ok(left);
        const std::string problem = move_problem(Position::start(), s.genmove(Color::Black));
        if (!problem.empty())
            return failed("after '" + std::string(left) + "', genmove b " + problem);
    }
    return ok("accepted absolute, Canadian and main + byo-yomi forms, and moved after each");
}

ComplianceFinding check_answers_in_time(GtpCheckSession& s) {
    constexpr int kSeconds = 2;
    s.ask_ok("clear_board");
    s.ask_ok("time_settings " + std::to_string(kSeconds) + " 0 0");
    s.ask_ok("time_left b " + std::to_string(kSeconds) + " 0");
    try {
        const std::string problem =
            move_problem(Position::start(), s.genmove(Color::Black, kSeconds + 1));
        if (!problem.empty()) return failed("genmove b " + problem);
    } catch (const ChannelError& e) {
        if (e.failure() != ChannelFailure::Timeout) throw;
        s.mark_broken();
        return failed("no answer to 'genmove b' within the " + std::to_string(kSeconds) +
                      " s 'time_left b " + std::to_string(kSeconds) + " 0' gave it (1 s allowed)");
    }
    return ok("moved within the " + std::to_string(kSeconds) + " s time_left gave it");
}

ComplianceFinding check_clear_board(GtpCheckSession& s) {
    s.set_up(positions_with_moves()[2].game);
    s.ask_ok("clear_board");
    const std::string answer = s.genmove(Color::Black);
    const std::string problem = move_problem(Position::start(), answer);
    if (!problem.empty()) return failed("after clear_board in a middle game, genmove b " + problem);
    return ok("after clear_board in a middle game, genmove b answered " + printable(answer));
}

ComplianceFinding check_quit_answered(GtpCheckSession& s) {
    const GtpResponse r = s.client().send("quit", deadline_after(s.limits().answer_seconds));
    if (!r.success) return failed("refused: '" + printable(r.text.substr(0, 80)) + "'");
    s.mark_broken();  // whatever comes next, this engine is done
    constexpr double kGrace = 5;
    try {
        const std::string line = s.client().channel().read_line(deadline_after(kGrace));
        return failed("answered, then said '" + printable(line.substr(0, 80)) + "'");
    } catch (const ChannelError& e) {
        if (e.failure() == ChannelFailure::Closed) return ok("answered, then closed its output");
        return failed("answered, but its output was still open 5 s later");
    }
}

}  // namespace

void check_gtp_engine(const EngineSpec& spec, const ComplianceLimits& limits,
                      const FindingSink& sink) {
    GtpCheckSession session(spec.connection, spec.name, limits);
    std::vector<ComplianceCheck<GtpCheckSession>> checks = {
        {"protocol_version", check_protocol_version},
        {"name", check_name},
        {"version", check_version},
        {"list_commands", check_list_commands},
        {"known_command", check_known_command},
        {"an unknown command", check_unknown_command},
        {"boardsize 8",
         [](GtpCheckSession& s) {
             s.ask_ok("boardsize 8");
             return ok("accepted");
         }},
    };
    for (const CompliancePosition& position : positions_with_moves()) {
        const bool board = position.game.start() != Position::start();
        checks.emplace_back(
            "a legal move from " + position.name, [position, board](GtpCheckSession& s) {
                return board ? check_board_position(s, position) : move_from(s, position);
            });
    }
    checks.emplace_back("an illegal play refused", check_illegal_play);
    checks.emplace_back("a pass when it has no move", [](GtpCheckSession& s) {
        return move_from(s, position_black_must_pass());
    });
    checks.emplace_back("a move after the opponent passed", [](GtpCheckSession& s) {
        // The runner never sends the pass: genmove w follows White's own last move.
        CompliancePosition after = position_after_black_passed();
        s.set_up(after.game);
        const std::string answer = s.genmove(Color::White);
        const std::string problem = move_problem(after.game.current(), answer);
        if (!problem.empty()) return failed("genmove w " + problem);
        return ok("genmove w answered " + printable(answer));
    });
    checks.emplace_back("time_settings and time_left", check_time_commands);
    checks.emplace_back("a move within time_left", check_answers_in_time);
    checks.emplace_back("a new game (clear_board)", check_clear_board);
    checks.emplace_back("quit", check_quit_answered);

    run_compliance_checks(session, checks, sink);
}

}  // namespace othello
