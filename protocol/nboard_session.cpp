// The NBoard protocol session: commands to policy and game calls, results to NBoard lines.
#include "protocol/nboard_session.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <exception>

#include "engine/ascii_text.h"
#include "engine/ggf.h"

namespace othello {

namespace {

// Splits "word rest of line" into the first word and the trimmed rest.
std::pair<std::string_view, std::string_view> split_word(std::string_view s) {
    s = trim(s);
    std::size_t end = 0;
    while (end < s.size() && !is_ascii_space(s[end])) ++end;
    return {s.substr(0, end), trim(s.substr(end))};
}

template <typename Number>
std::optional<Number> parse_number(std::string_view text) {
    if (!text.empty() && text.front() == '+') text.remove_prefix(1);
    Number value{};
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc() || end != text.data() + text.size())
        return std::nullopt;
    return value;
}

// Every eval sent to the GUI goes through here: a disc difference, clamped to ±64.
std::string format_eval(double eval) {
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%.2f", clamped_to_discs(eval));
    return buffer;
}

// The GUI shows status lines in its status bar; like Edax and NTest, say when thinking starts and
// ends around the lines that carry the result.
std::string thinking(const std::string& result) {
    return "status thinking\n" + result + "status ready\n";
}

// NBoard writes a pass as PA, squares as two characters.
std::string nboard_move(Move m) {
    return m.is_pass() ? "PA" : m.square().to_string();
}

}  // namespace

NboardSession::NboardSession(std::unique_ptr<Policy> policy, NboardOptions options)
    : policy_(std::move(policy)), options_(std::move(options)) {}

double NboardSession::now() const {
    if (options_.clock) return options_.clock();
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

std::string NboardSession::handle(std::string_view line) {
    // Answers quote what the GUI sent (status messages, ping ids); binary must not go back raw.
    const std::string answer = answer_to(line);
    std::string out;
    for (std::size_t begin = 0; begin < answer.size();) {
        const std::size_t end = std::min(answer.find('\n', begin), answer.size());
        out += printable(std::string_view(answer).substr(begin, end - begin)) + "\n";
        begin = end + 1;
    }
    return out;
}

std::string NboardSession::answer_to(std::string_view line) {
    const auto [command, rest] = split_word(line);
    try {
        if (command == "nboard") {
            if (!parse_number<int>(rest))
                return "status nboard: version '" + std::string(rest) + "' is not a number\n";
            return "set myname " + options_.name + "\n";
        }
        if (command == "set") return set(rest);
        if (command == "move") return move(rest);
        if (command == "hint") return hint(rest);
        if (command == "go") return go();
        if (command == "ping") return rest.empty() ? "pong\n" : "pong " + std::string(rest) + "\n";
        if (command == "learn") return "learned\n";
        if (command == "analyze") return analyze();
        if (command == "quit") {
            closed_ = true;
            return {};
        }
    } catch (const std::exception& e) {
        // A policy that fails (a missing book or weights file) must not end the session.
        return "status " + std::string(command) + ": " +
               internal_error_message(e.what(), options_.internal_errors) + "\n";
    }
    return {};  // unknown lines are ignored, as the protocol says
}

std::string NboardSession::set(std::string_view rest) {
    const auto [what, value] = split_word(rest);
    if (what == "game") {
        try {
            game_ = parse_ggf(value).game();
        } catch (const NotationError& e) {
            return "status set game: " + std::string(e.what()) + "\n";
        }
        return {};
    }
    if (what == "depth") {
        const auto depth = parse_number<int>(value);
        if (!depth || *depth < 1 || *depth > 60) {
            return "status set depth: '" + std::string(value) + "' is not a depth from 1 to 60\n";
        }
        depth_ = *depth;  // the policies are search-free; kept for the GUI's sake
        return {};
    }
    if (what == "contempt") {
        const auto contempt = parse_number<double>(value);
        if (!contempt) return "status set contempt: '" + std::string(value) + "' is not a number\n";
        contempt_ = *contempt;
        return {};
    }
    return {};  // other settings (e.g. a newer GUI's) are ignored
}

std::string NboardSession::move(std::string_view text) {
    try {
        const GgfMove m = parse_ggf_move(text);
        game_.play_passing_if_needed(m.move);
    } catch (const NotationError& e) {
        return "status move: " + std::string(e.what()) + "\n";
    } catch (const IllegalMove& e) {
        return "status move: " + std::string(e.what()) + "\n";
    }
    return {};
}

std::string NboardSession::hint(std::string_view count_text) {
    const auto count = count_text.empty() ? std::optional<int>(1) : parse_number<int>(count_text);
    if (!count || *count < 1)
        return "status hint: '" + std::string(count_text) + "' is not a number of moves\n";
    if (game_.is_over()) return "status hint: the game is over\n";
    if (!game_.current().has_legal_move()) {
        Game after_pass = game_;
        after_pass.play(Move::pass());
        return thinking("search PA " + format_eval(-eval_of(after_pass)) + " 0 1\n");
    }
    const std::vector<MoveScore> scores = policy_->evaluate(game_);
    std::string out;
    const std::size_t n = std::min(scores.size(), static_cast<std::size_t>(*count));
    for (std::size_t i = 0; i < n; ++i) {
        const MoveScore& s = scores[i];
        const std::string text = s.detail.empty() ? "" : " " + s.detail;
        if (s.book_games) {
            out += "book " + nboard_move(s.move) + " " + format_eval(s.score) + " " +
                   std::to_string(*s.book_games) + " 1" + text + "\n";
        } else {
            out +=
                "search " + nboard_move(s.move) + " " + format_eval(s.score) + " 0 1" + text + "\n";
        }
    }
    return thinking(out);
}

std::string NboardSession::go() {
    if (game_.is_over()) return "status go: the game is over\n";
    const double started = now();
    if (!game_.current().has_legal_move()) return thinking("=== PA\n");
    const Move chosen = policy_->choose(game_);
    std::string eval;
    for (const MoveScore& s : policy_->evaluate(game_)) {
        if (s.move == chosen) eval = format_eval(s.score);
    }
    char seconds[40];
    std::snprintf(seconds, sizeof seconds, "%.2f", std::max(0.0, now() - started));
    // The board is left as it is: the GUI answers with "move" if it takes the move.
    return thinking("=== " + nboard_move(chosen) + "/" + eval + "/" + seconds + "\n");
}

std::string NboardSession::analyze() {
    // From the last position back to the first, as Edax does: each line is complete on its own.
    // NBoard plots these values as Black's view (unlike the other evals, from the side to move).
    std::string out;
    const auto& moves = game_.moves();
    for (std::size_t made = moves.size() + 1; made-- > 0;) {
        Game upto(game_.start());
        for (std::size_t i = 0; i < made; ++i) upto.play(moves[i]);
        const double eval = eval_of(upto);
        const bool black_to_move = upto.current().side_to_move() == Color::Black;
        out += "analysis " + std::to_string(made) + " " +
               format_eval(black_to_move ? eval : -eval) + "\n";
    }
    return out;
}

double NboardSession::eval_of(const Game& game) {
    const Position& p = game.current();
    if (p.is_game_over()) return p.final_disc_difference(p.side_to_move());
    if (!p.has_legal_move()) {
        Game after_pass = game;
        after_pass.play(Move::pass());
        return -eval_of(after_pass);
    }
    const std::vector<MoveScore> scores = policy_->evaluate(game);
    return scores.empty() ? 0.0 : scores.front().score;
}

}  // namespace othello
