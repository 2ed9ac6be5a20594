// GtpSession: the GTP 2 command set for Othello, each command one handler in the table below.
#include "protocol/gtp_session.h"

#include <sys/resource.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "engine/ascii_text.h"
#include "engine/ggf.h"
#include "engine/notation.h"
#include "engine/opening_board.h"
#include "protocol/gogui_rules.h"

namespace othello {

namespace {

// A command failed; the message is sent back after '?'.
class GtpError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

void expect_args(const std::vector<std::string>& args, std::size_t count) {
    if (args.size() != count) {
        throw GtpError("wrong number of arguments: expected " + std::to_string(count) + ", got " +
                       std::to_string(args.size()));
    }
}

Color parse_color(std::string_view word) {
    const std::string w = ascii_lower(word);
    if (w == "b" || w == "black") return Color::Black;
    if (w == "w" || w == "white") return Color::White;
    throw GtpError("invalid color '" + std::string(word) + "'");
}

bool is_color(std::string_view word) {
    const std::string w = ascii_lower(word);
    return w == "b" || w == "black" || w == "w" || w == "white";
}

// The side to move after an othello-set_position transcript: a GTP colour, or the letter the
// board form writes it with (X or * black, O white).
std::optional<Color> side_word(std::string_view word) {
    if (word == "X" || word == "x" || word == "*") return Color::Black;
    if (word == "O" || word == "o") return Color::White;
    if (is_color(word)) return parse_color(word);
    return std::nullopt;
}

Move parse_move(std::string_view word) {
    if (auto m = Move::parse(word)) return *m;
    throw GtpError("invalid coordinate '" + std::string(word) + "'");
}

long parse_integer(std::string_view word, std::string_view what) {
    long value = 0;
    const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), value);
    if (error != std::errc() || end != word.data() + word.size()) {
        throw GtpError(std::string(what) + " not an integer");
    }
    return value;
}

void parse_float(std::string_view word, std::string_view what) {
    double value = 0;
    const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), value);
    // from_chars reads "nan" and "inf"; no GTP float is either.
    if (error != std::errc() || end != word.data() + word.size() || !std::isfinite(value)) {
        throw GtpError(std::string(what) + " not a float");
    }
}

std::string join(const std::vector<std::string>& words) {
    std::string out;
    for (const auto& w : words) {
        if (!out.empty()) out += ' ';
        out += w;
    }
    return out;
}

std::string format_score(double score) {
    std::ostringstream out;
    out << score;
    return out.str();
}

}  // namespace

GtpSession::GtpSession(std::unique_ptr<Policy> policy, Options options)
    : policy_(std::move(policy)), options_(std::move(options)) {}

const std::vector<GtpSession::CommandRow>& GtpSession::command_table() {
    static const std::vector<CommandRow> table = {
        {"protocol_version", &GtpSession::protocol_version},
        {"name", &GtpSession::name},
        {"version", &GtpSession::version},
        {"known_command", &GtpSession::known_command},
        {"list_commands", &GtpSession::list_commands},
        {"quit", &GtpSession::quit},
        {"boardsize", &GtpSession::boardsize},
        {"clear_board", &GtpSession::clear_board},
        {"komi", &GtpSession::komi},
        {"play", &GtpSession::play},
        {"genmove", &GtpSession::genmove},
        {"reg_genmove", &GtpSession::reg_genmove},
        {"undo", &GtpSession::undo},
        {"showboard", &GtpSession::showboard},
        {"final_score", &GtpSession::final_score},
        {"time_settings", &GtpSession::time_settings},
        {"time_left", &GtpSession::time_left},
        {"set_game", &GtpSession::set_game},
        {"list_games", &GtpSession::list_games},
        {"othello-evaluate", &GtpSession::evaluate},
        {"othello-set_position", &GtpSession::set_position},
        {"othello-transcript", &GtpSession::transcript},
        {"loadsgf", &GtpSession::loadsgf},
        {"cputime", &GtpSession::cputime},
        {"gogui-rules_game_id", &GtpSession::rules_game_id},
        {"gogui-rules_board_size", &GtpSession::rules_board_size},
        {"gogui-rules_board", &GtpSession::rules_board},
        {"gogui-rules_legal_moves", &GtpSession::rules_legal_moves},
        {"gogui-rules_side_to_move", &GtpSession::rules_side_to_move},
        {"gogui-rules_final_result", &GtpSession::rules_final_result},
    };
    return table;
}

const std::vector<std::string>& GtpSession::command_names() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> out;
        for (const auto& row : command_table()) out.push_back(row.name);
        return out;
    }();
    return names;
}

std::string GtpSession::handle(std::string_view line) {
    if (line.size() > options_.max_line_length) {
        // Echo the id if the line starts with one, so the controller can match the failure.
        const auto head = parse_gtp_command(line.substr(0, 32));
        return gtp_failure(
            head ? head->id : "",
            "line too long (limit " + std::to_string(options_.max_line_length) + " bytes)");
    }
    const auto command = parse_gtp_command(line);
    if (!command) return {};
    if (command->name.empty()) return gtp_failure(command->id, "missing command");
    const auto& table = command_table();
    const auto row = std::find_if(table.begin(), table.end(),
                                  [&](const CommandRow& r) { return r.name == command->name; });
    if (row == table.end()) return gtp_failure(command->id, "unknown command");
    try {
        return gtp_success(command->id, (this->*(row->handler))(command->args));
    } catch (const GtpError& e) {
        return gtp_failure(command->id, e.what());
    } catch (const std::exception& e) {
        // A policy or rules error must not end the session: report it like any failure.
        return gtp_failure(command->id, internal_error_message(e.what(), options_.internal_errors));
    }
}

std::string GtpSession::protocol_version(const std::vector<std::string>& args) {
    expect_args(args, 0);
    return "2";
}

std::string GtpSession::name(const std::vector<std::string>& args) {
    expect_args(args, 0);
    return options_.name;
}

std::string GtpSession::version(const std::vector<std::string>& args) {
    expect_args(args, 0);
    return options_.version;
}

std::string GtpSession::known_command(const std::vector<std::string>& args) {
    expect_args(args, 1);
    const auto& names = command_names();
    return std::find(names.begin(), names.end(), args[0]) != names.end() ? "true" : "false";
}

std::string GtpSession::list_commands(const std::vector<std::string>& args) {
    expect_args(args, 0);
    std::string out;
    for (const auto& n : command_names()) {
        if (!out.empty()) out += '\n';
        out += n;
    }
    return out;
}

std::string GtpSession::quit(const std::vector<std::string>& args) {
    expect_args(args, 0);
    closed_ = true;
    return {};
}

std::string GtpSession::boardsize(const std::vector<std::string>& args) {
    expect_args(args, 1);
    if (parse_integer(args[0], "boardsize") != 8) throw GtpError("unacceptable size");
    return {};
}

std::string GtpSession::clear_board(const std::vector<std::string>& args) {
    expect_args(args, 0);
    set_game_state(Game());
    return {};
}

std::string GtpSession::komi(const std::vector<std::string>& args) {
    expect_args(args, 1);
    parse_float(args[0], "komi");
    return {};  // Othello has no komi; accepted because Go-minded controllers send it
}

Game GtpSession::game_with_turn_of(Color color) const {
    const Position& now = game_.current();
    if (now.is_game_over()) throw GtpError("game is over");
    Game game = game_;
    if (now.side_to_move() != color) {
        if (now.has_legal_move()) {
            throw GtpError("it is " + std::string(to_string(now.side_to_move())) + "'s turn");
        }
        game.play(
            Move::pass());  // the side to move has no move: pass for it, as GRhino and Edax do
    }
    return game;
}

std::string GtpSession::play(const std::vector<std::string>& args) {
    expect_args(args, 2);
    const Color color = parse_color(args[0]);
    const Move move = parse_move(args[1]);
    Game game = [&] {
        try {
            return game_with_turn_of(color);
        } catch (const GtpError& e) {
            throw GtpError(std::string("illegal move: ") + e.what());
        }
    }();
    const bool passed_implicitly = game.moves().size() > game_.moves().size();
    try {
        game.play(move);
    } catch (const IllegalMove& e) {
        throw GtpError(e.what());  // "illegal move d3: ..." names the move and the reason
    }
    if (passed_implicitly) implicit_pass_.push_back(true);
    implicit_pass_.push_back(false);
    game_ = std::move(game);
    return {};
}

std::string GtpSession::generate(const std::vector<std::string>& args, bool commit) {
    expect_args(args, 1);
    const Color color = parse_color(args[0]);
    Game game = game_with_turn_of(color);
    const bool passed_implicitly = game.moves().size() > game_.moves().size();
    const Move move = policy_->choose(game);
    if (commit) {
        game.play(move);  // checked: a policy bug becomes a failure, not a corrupt game
        if (passed_implicitly) implicit_pass_.push_back(true);
        implicit_pass_.push_back(false);
        game_ = std::move(game);
    }
    return move.to_string();
}

std::string GtpSession::genmove(const std::vector<std::string>& args) {
    return generate(args, true);
}

std::string GtpSession::reg_genmove(const std::vector<std::string>& args) {
    return generate(args, false);
}

std::string GtpSession::undo(const std::vector<std::string>& args) {
    expect_args(args, 0);
    if (game_.moves().empty()) throw GtpError("cannot undo");
    game_.undo();
    implicit_pass_.pop_back();
    while (!implicit_pass_.empty() && implicit_pass_.back()) {
        game_.undo();
        implicit_pass_.pop_back();
    }
    return {};
}

std::string GtpSession::showboard(const std::vector<std::string>& args) {
    expect_args(args, 0);
    std::string board = "\n";  // the board starts on the line after '='
    board += to_ascii(game_.current());
    return board;
}

std::string GtpSession::final_score(const std::vector<std::string>& args) {
    expect_args(args, 0);
    const Position& p = game_.current();
    // GTP scores a finished game only; the empty squares go to the winner (the tournament rule).
    if (!p.is_game_over()) throw GtpError("cannot score");
    const int diff = p.final_disc_difference(Color::Black);
    if (diff == 0) return "0";
    return (diff > 0 ? "B+" : "W+") + std::to_string(diff > 0 ? diff : -diff);
}

std::string GtpSession::time_settings(const std::vector<std::string>& args) {
    expect_args(args, 3);
    for (const auto& a : args) {
        if (parse_integer(a, "time") < 0) throw GtpError("time must not be negative");
    }
    return {};  // the policies answer at once; time is accepted and not needed
}

std::string GtpSession::time_left(const std::vector<std::string>& args) {
    expect_args(args, 3);
    parse_color(args[0]);
    parse_integer(args[1], "time");
    parse_integer(args[2], "stones");
    return {};
}

std::string GtpSession::set_game(const std::vector<std::string>& args) {
    if (args.empty()) throw GtpError("wrong number of arguments: expected a game name");
    if (ascii_lower(join(args)) != "othello") throw GtpError("unsupported game");
    return {};
}

std::string GtpSession::list_games(const std::vector<std::string>& args) {
    expect_args(args, 0);
    return "Othello";
}

std::string GtpSession::evaluate(const std::vector<std::string>& args) {
    expect_args(args, 0);
    if (game_.is_over()) throw GtpError("game is over");
    const auto scores = policy_->evaluate(game_);
    if (scores.empty()) return "pass";
    std::string out;
    for (const auto& s : scores) {
        if (!out.empty()) out += '\n';
        out += s.move.to_string() + ' ' + format_score(clamped_to_discs(s.score));
        if (!s.detail.empty()) out += ' ' + s.detail;
    }
    return out;
}

std::string GtpSession::set_position(const std::vector<std::string>& args) {
    try {
        if (args.empty()) {
            set_game_state(Game());
        } else if (args[0].size() == 64) {
            // Only the boards the runner takes as openings: one a game reaches and goes on from.
            set_game_state(game_from_board(join(args)));
        } else if (args.size() >= 2 && side_word(args.back())) {
            // TRANSCRIPT SIDE: the side must be the one to move, passing for the other side when
            // it has no move (as play and genmove do); nothing changes when it cannot be.
            const std::vector<std::string> moves(args.begin(), args.end() - 1);
            const Game before = game_;
            const std::vector<bool> before_passes = implicit_pass_;
            set_game_state(Game::from_transcript(join(moves)));
            if (!game_.is_over()) {
                try {
                    game_ = game_with_turn_of(*side_word(args.back()));
                } catch (const GtpError& e) {
                    game_ = before;
                    implicit_pass_ = before_passes;
                    throw GtpError(std::string("invalid position: ") + e.what());
                }
                implicit_pass_.resize(game_.moves().size(), true);
            }
        } else {
            set_game_state(Game::from_transcript(join(args)));
        }
    } catch (const NotationError& e) {
        throw GtpError(std::string("invalid position: ") + e.what());
    } catch (const std::invalid_argument& e) {
        throw GtpError(std::string("invalid position: ") + e.what());
    }
    return {};
}

std::string GtpSession::transcript(const std::vector<std::string>& args) {
    expect_args(args, 0);
    return game_.transcript();
}

// loadsgf FILE [MOVE_NUMBER]: the first game of a GGF file (the format Othello records use; the
// command keeps GTP's name, as Edax's does), replayed up to the position before MOVE_NUMBER, passes
// counting as moves as GGF writes them; the whole game without it. Answers nothing, as GTP and
// Edax do: gogui-rules_side_to_move or showboard tell the side to move.
std::string GtpSession::loadsgf(const std::vector<std::string>& args) {
    if (args.empty() || args.size() > 2) {
        throw GtpError("wrong number of arguments: expected a file and an optional move number");
    }
    if (!options_.may_read_files) throw GtpError("loadsgf reads no files over the network");
    const long move_number = args.size() == 2 ? parse_integer(args[1], "move number") : 0;
    if (args.size() == 2 && move_number < 1) throw GtpError("move number must be 1 or more");
    // A FIFO or a device (/dev/zero, /dev/stdin) would block or never end: only a regular file.
    std::error_code status_error;
    if (!std::filesystem::is_regular_file(args[0], status_error) &&
        std::filesystem::exists(args[0], status_error)) {
        throw GtpError("cannot load file " + args[0] + ": not a regular file");
    }
    std::vector<GgfRecord> games;
    try {
        games = read_ggf_file(args[0]);
    } catch (const NotationError& e) {
        throw GtpError(std::string("cannot load file ") + e.what());
    }
    if (games.empty()) throw GtpError("cannot load file " + args[0] + ": no game in it");
    const GgfRecord& record = games.front();
    const std::size_t moves = args.size() == 2
                                  ? std::min<std::size_t>(record.moves.size(), move_number - 1)
                                  : record.moves.size();
    Game game(record.start);
    for (std::size_t i = 0; i < moves; ++i) game.play(record.moves[i].move);
    set_game_state(std::move(game));
    return {};
}

// The CPU seconds (user and system) this engine process has used, as GTP's cputime asks.
std::string GtpSession::cputime(const std::vector<std::string>& args) {
    expect_args(args, 0);
    rusage usage{};
    ::getrusage(RUSAGE_SELF, &usage);
    const double seconds =
        static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
        static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
    char text[32];
    std::snprintf(text, sizeof text, "%.3f", seconds);
    return text;
}

std::string GtpSession::rules_game_id(const std::vector<std::string>& args) {
    expect_args(args, 0);
    return kGoguiGameId;
}

std::string GtpSession::rules_board_size(const std::vector<std::string>& args) {
    expect_args(args, 0);
    return "8";
}

std::string GtpSession::rules_board(const std::vector<std::string>& args) {
    expect_args(args, 0);
    // The first row follows "= " on the same line: GoGui takes the result from the first space.
    return gogui_board(game_.current());
}

std::string GtpSession::rules_legal_moves(const std::vector<std::string>& args) {
    expect_args(args, 0);
    return gogui_legal_moves(game_.current());
}

std::string GtpSession::rules_side_to_move(const std::vector<std::string>& args) {
    expect_args(args, 0);
    return gogui_side_to_move(game_.current());
}

std::string GtpSession::rules_final_result(const std::vector<std::string>& args) {
    expect_args(args, 0);
    return gogui_final_result(game_.current());
}

void GtpSession::set_game_state(Game game) {
    // Passes in a set position were part of what the controller sent: undo takes each back alone.
    implicit_pass_.assign(game.moves().size(), false);
    game_ = std::move(game);
}

}  // namespace othello
