// NBoard compliance: straight on the line channel, so that each reply is judged as the engine
// wrote it (the runner's client drops an eval it cannot use); every go is followed by a ping, so
// a second reply to it is caught before the pong.
#include "match/cli/nboard_compliance.h"

#include <charconv>
#include <cmath>
#include <functional>
#include <memory>
#include <utility>
#include <vector>

#include "engine/ascii_text.h"
#include "engine/ggf.h"

namespace othello {

namespace {

// The eval field of a reply after "===" ("f5/1.2/0.3" or "f5 1.2 0.3"): "" when there is none.
std::string eval_field(std::string_view reply) {
    const bool slashes = reply.find('/') != std::string_view::npos;
    reply = trim(reply);
    const auto first = reply.find(slashes ? '/' : ' ');
    if (first == std::string_view::npos) return "";
    std::string_view rest = slashes ? reply.substr(first + 1) : trim(reply.substr(first + 1));
    return std::string(trim(rest.substr(0, rest.find(slashes ? '/' : ' '))));
}

// What is wrong with an eval field, or "": a disc difference, at most 64 either way.
std::string eval_problem(const std::string& field) {
    if (field.empty()) return "";
    std::string_view text = field;
    if (text.front() == '+') text.remove_prefix(1);
    double value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(value))
        return "eval '" + printable(field) + "' is not a number";
    if (std::abs(value) > 64)
        return "eval " + printable(field) +
               " is beyond 64 discs either way (an eval is a disc difference)";
    return "";
}

// The depth the checks set when the spec gives no depth=: NBoard sends its level as soon as an
// engine starts, and a shallow one keeps every check within its time.
constexpr int kGuiDepth = 2;

class NboardCheckSession {
  public:
    NboardCheckSession(const EngineConnection& where, std::string name, ComplianceLimits limits,
                       int depth)
        : where_(where), name_(std::move(name)), limits_(limits), depth_(depth) {}
    ~NboardCheckSession() { close(); }

    // Starts the engine, sends "nboard 2", "set depth D" (as a GUI does at once) and a ping: the
    // name it sent before the pong, or "". Some engines (Edax) name themselves only once they
    // have a depth.
    std::string open() {
        close();
        channel_ = open_connection(where_, name_, deadline_after(limits_.start_seconds));
        channel_->write_line("nboard 2");
        channel_->write_line("set depth " + std::to_string(depth_));
        return synchronise("", limits_.start_seconds);
    }
    int depth() const { return depth_; }
    void ensure_open() {
        if (channel_ && !broken_) return;
        broken_ = false;
        open();
    }
    void mark_broken() { broken_ = true; }
    void close() {
        if (channel_) channel_->stop_after("quit", std::chrono::milliseconds(500));
        channel_.reset();
    }

    void send(const std::string& line) { channel_->write_line(line); }
    // "ping N", then every line up to "pong N": a move reply among them answers `answered`
    // (the last command with a reply) a second time. Returns the name of a "set myname" seen.
    std::string synchronise(const std::string& answered, double seconds = 0) {
        const std::string ping = std::to_string(next_ping_++);
        channel_->write_line("ping " + ping);
        const Deadline deadline = deadline_after(seconds > 0 ? seconds : limits_.answer_seconds);
        std::string name;
        for (;;) {
            const std::string line = channel_->read_line(deadline);
            const std::string_view t = trim(line);
            if (t.starts_with("pong") && trim(t.substr(4)) == ping) return name;
            if (t.starts_with("set myname ")) name = printable(trim(t.substr(11)));
            if (t.starts_with("===") && !answered.empty()) {
                throw ChannelError(ChannelFailure::Malformed,
                                   "answered '" + answered + "' twice: the second reply was '" +
                                       printable(t.substr(0, 80)) + "'");
            }
        }
    }
    // Sets up `game`, sends go and returns the text after "===" (then checks no second reply).
    std::string go(const Game& game) {
        send("set game " + to_ggf(GgfRecord::from_game(game)));
        synchronise("");
        send("go");
        const Deadline deadline = deadline_after(limits_.answer_seconds);
        for (;;) {
            const std::string line = channel_->read_line(deadline);
            const std::string_view t = trim(line);
            if (!t.starts_with("===")) continue;  // status, nodestats, search, ...
            const std::string reply(trim(t.substr(3)));
            replies.push_back(reply);
            synchronise("go");
            return reply;
        }
    }

    const ComplianceLimits& limits() const { return limits_; }
    LineChannel& channel() { return *channel_; }
    std::vector<std::string> replies;  // every reply to go, for the evals

  private:
    EngineConnection where_;
    std::string name_;
    ComplianceLimits limits_;
    std::unique_ptr<LineChannel> channel_;
    int depth_;
    long next_ping_ = 1;
    bool broken_ = false;
};

// The engine's move from `position`, judged.
ComplianceFinding move_from(NboardCheckSession& s, const CompliancePosition& position) {
    const std::string reply = s.go(position.game);
    const std::string move = reply.substr(0, reply.find_first_of("/ "));
    const std::string problem = move_problem(position.game.current(), move);
    if (!problem.empty()) return failed("go " + problem);
    return ok("go answered '=== " + printable(reply) + "'");
}

ComplianceFinding check_handshake(NboardCheckSession& s) {
    const std::string name = s.open();
    if (name.empty()) {
        return failed(
            "answered ping 1 but sent no 'set myname NAME' after 'nboard 2': GUIs show "
            "it unnamed");
    }
    return ok("set myname " + name);
}

ComplianceFinding check_ping(NboardCheckSession& s) {
    s.synchronise("");
    return ok("answered pong with the ping's number");
}

ComplianceFinding check_evals(NboardCheckSession& s) {
    long given = 0;
    for (const std::string& reply : s.replies) {
        const std::string field = eval_field(reply);
        if (field.empty()) continue;
        ++given;
        const std::string problem = eval_problem(field);
        if (!problem.empty()) return failed("'=== " + printable(reply) + "': " + problem);
    }
    if (given == 0) return ok("no reply to go gave an eval");
    return ok(std::to_string(given) + " of " + std::to_string(s.replies.size()) +
              " replies gave an eval, each within [-64, 64] discs");
}

ComplianceFinding check_set_depth(NboardCheckSession& s) {
    s.send("set depth " + std::to_string(s.depth()));
    const ComplianceFinding found = move_from(s, positions_with_moves()[0]);
    return found.verdict == ComplianceFinding::Verdict::Ok ? ok("then " + found.detail)
                                                           : failed("then " + found.detail);
}

ComplianceFinding check_set_game(NboardCheckSession& s) {
    s.go(positions_with_moves()[2].game);
    const ComplianceFinding found = move_from(s, positions_with_moves()[0]);
    return found.verdict == ComplianceFinding::Verdict::Ok
               ? ok("after a middle game, a game from the start: " + found.detail)
               : failed("after a middle game, a game from the start: " + found.detail);
}

ComplianceFinding check_quit_closes(NboardCheckSession& s) {
    s.send("quit");
    s.mark_broken();
    constexpr double kGrace = 5;
    const Deadline deadline = deadline_after(kGrace);
    try {
        for (;;) s.channel().read_line(deadline);  // a last status line is fine
    } catch (const ChannelError& e) {
        if (e.failure() == ChannelFailure::Closed) return ok("closed its output");
        return failed("its output was still open 5 s after quit");
    }
}

}  // namespace

void check_nboard_engine(const EngineSpec& spec, const ComplianceLimits& limits,
                         const FindingSink& sink) {
    NboardCheckSession session(spec.connection, spec.name, limits,
                               spec.depth > 0 ? spec.depth : kGuiDepth);
    std::vector<ComplianceCheck<NboardCheckSession>> checks = {
        {"nboard 2 and set myname", check_handshake},
        {"ping", check_ping},
    };
    for (const CompliancePosition& position : positions_with_moves()) {
        checks.emplace_back("a legal move from " + position.name,
                            [position](NboardCheckSession& s) { return move_from(s, position); });
    }
    checks.emplace_back("a pass when it has no move", [](NboardCheckSession& s) {
        return move_from(s, position_black_must_pass());
    });
    checks.emplace_back("a move after the opponent passed", [](NboardCheckSession& s) {
        return move_from(s, position_after_black_passed());
    });
    checks.emplace_back("set depth", check_set_depth);
    checks.emplace_back("a new game (set game)", check_set_game);
    checks.emplace_back("evals within [-64, 64]", check_evals);
    checks.emplace_back("quit", check_quit_closes);

    run_compliance_checks(session, checks, sink);
}

}  // namespace othello
