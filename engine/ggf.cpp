// GGF reading and writing. The reader is lenient where GGF writers differ (case, whitespace,
// "RE[?]", implicit passes) and strict about anything that would change the game.
#include "engine/ggf.h"

#include <cctype>
#include <charconv>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "engine/ascii_text.h"
#include "engine/notation.h"

namespace othello {

namespace {

bool is_space(char c) {
    return std::isspace(static_cast<unsigned char>(c)) != 0;
}

// A number as GGF writes it: optional sign, digits, optional fraction ("+4.000", "-2", ".5").
std::optional<double> parse_number(std::string_view text) {
    if (!text.empty() && text.front() == '+') text.remove_prefix(1);
    if (text.empty()) return std::nullopt;
    double value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

// The shortest text that reads back as the same double: 1.5, -2, 0.25.
std::string format_number(double value) {
    char buffer[32];
    const auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, value);
    return error == std::errc() ? std::string(buffer, end) : std::to_string(value);
}

std::string escape_value(std::string_view value) {
    std::string out;
    for (char c : value) {
        if (c == ']' || c == '\\') out += '\\';
        out += c;
    }
    return out;
}

std::optional<GgfResult> parse_result(std::string_view text) {
    if (text.empty() || text == "?") return std::nullopt;
    GgfResult result;
    const std::size_t colon = text.find(':');
    if (colon != std::string_view::npos) {
        result.ending = std::string(text.substr(colon + 1));
        if (result.ending != "r" && result.ending != "t" && result.ending != "s") {
            throw NotationError("result ending ':" + result.ending +
                                "' is not :r (resigned), :t (time) or :s (score agreed)");
        }
        text = text.substr(0, colon);
    }
    const auto difference = parse_number(text);
    if (!difference)
        throw NotationError("result '" + std::string(text) +
                            "' is not a disc difference such as +4.000");
    result.black_disc_difference = *difference;
    return result;
}

// Reads games from GGF text, keeping the offset so that every error can say where it is.
class GgfReader {
  public:
    explicit GgfReader(std::string_view text) : text_(text) {}

    bool at_end() {
        skip_space();
        return pos_ >= text_.size();
    }

    GgfRecord read_game() {
        skip_space();
        const std::size_t game_start = pos_;
        expect('(', "'(' opening a game");
        skip_space();
        expect(';', "';' after '('");
        GgfRecord record;
        Game game(record.start);
        bool board_given = false;
        for (;;) {
            skip_space();
            if (pos_ >= text_.size()) fail(game_start, "game is not closed with ';)'");
            if (text_[pos_] == ';' || text_[pos_] == ')') {
                if (text_[pos_] == ';') {
                    ++pos_;
                    skip_space();
                }
                expect(')', "')' closing the game");
                break;
            }
            const std::size_t name_at = pos_;
            std::string name;
            while (pos_ < text_.size() && std::isalpha(static_cast<unsigned char>(text_[pos_]))) {
                name += static_cast<char>(std::toupper(static_cast<unsigned char>(text_[pos_])));
                ++pos_;
            }
            if (name.empty())
                fail(pos_, "expected a property name such as PB or B, found " + shown(pos_));
            skip_space();
            const std::size_t value_at = pos_ + 1;
            const std::string value = read_value(name_at, name);
            try {
                if (name == "GM") {
                    if (!equals_ignoring_case(value, "othello")) {
                        throw NotationError("game type '" + value + "' is not Othello");
                    }
                } else if (name == "BO") {
                    if (!game.moves().empty())
                        throw NotationError("BO (start board) after the first move");
                    if (board_given) throw NotationError("second BO (start board)");
                    record.start = parse_start_board(value);
                    game = Game(record.start);
                    board_given = true;
                } else if (name == "B" || name == "W") {
                    play(record, game, name == "B" ? Color::Black : Color::White, value);
                } else if (name == "RE") {
                    record.result = parse_result(value);
                } else {
                    record.tags.emplace_back(name, value);
                }
            } catch (const NotationError& e) {
                fail(value_at, name + "[" + value + "]: " + e.what());
            } catch (const IllegalMove& e) {
                fail(value_at, name + "[" + value + "]: " + e.what());
            }
        }
        return record;
    }

  private:
    [[noreturn]] void fail(std::size_t at, const std::string& what) const {
        int line = 1, column = 1;
        for (std::size_t i = 0; i < at && i < text_.size(); ++i) {
            if (text_[i] == '\n') {
                ++line;
                column = 1;
            } else {
                ++column;
            }
        }
        throw GgfError("GGF line " + std::to_string(line) + ", column " + std::to_string(column) +
                       ": " + what);
    }

    std::string shown(std::size_t at) const {
        if (at >= text_.size()) return "the end of the text";
        std::string out = "'";
        for (char c : text_.substr(at, 10)) {
            out += std::isprint(static_cast<unsigned char>(c)) ? c : '?';
        }
        return out + "'";
    }

    void skip_space() {
        while (pos_ < text_.size() && is_space(text_[pos_])) ++pos_;
    }

    void expect(char c, const std::string& what) {
        if (pos_ >= text_.size() || text_[pos_] != c)
            fail(pos_, "expected " + what + ", found " + shown(pos_));
        ++pos_;
    }

    // "[value]" with backslash escapes; the name is only for the error message.
    std::string read_value(std::size_t name_at, const std::string& name) {
        expect('[', "'[' after " + name);
        std::string value;
        while (pos_ < text_.size() && text_[pos_] != ']') {
            if (text_[pos_] == '\\' && pos_ + 1 < text_.size()) ++pos_;
            value += text_[pos_++];
        }
        if (pos_ >= text_.size()) fail(name_at, "value of " + name + " has no closing ']'");
        ++pos_;
        return value;
    }

    static Position parse_start_board(std::string_view value) {
        std::size_t i = 0;
        while (i < value.size() && is_space(value[i])) ++i;
        std::size_t size_end = i;
        while (size_end < value.size() && std::isdigit(static_cast<unsigned char>(value[size_end])))
            ++size_end;
        const std::string_view size = value.substr(i, size_end - i);
        if (size != "8") {
            throw NotationError(size.empty() ? "start board does not begin with its size (8)"
                                             : "board size " + std::string(size) +
                                                   " is not supported (only 8)");
        }
        return parse_board(value.substr(size_end));
    }

    static void play(GgfRecord& record, Game& game, Color mover, std::string_view value) {
        const GgfMove move = parse_ggf_move(value);
        if (game.is_over()) throw IllegalMove("the game is already over");
        const Position& now = game.current();
        if (now.side_to_move() != mover) {
            // Some writers leave out the pass of a side with no move.
            if (move.move.is_pass() || now.has_legal_move()) {
                throw IllegalMove(std::string(to_string(now.side_to_move())) + " is to move, not " +
                                  std::string(to_string(mover)));
            }
            if (auto reason = now.pass().illegality(move.move)) throw IllegalMove(*reason);
            game.play(Move::pass());
            record.moves.push_back({Move::pass(), std::nullopt, std::nullopt});
        }
        game.play(move.move);
        record.moves.push_back(move);
    }

    std::string_view text_;
    std::size_t pos_ = 0;
};

}  // namespace

GgfMove parse_ggf_move(std::string_view text) {
    while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
    while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
    const std::size_t slash = text.find('/');
    GgfMove move{Move::parse_or_throw(text.substr(0, slash)), std::nullopt, std::nullopt};
    if (slash == std::string_view::npos) return move;
    std::string_view rest = text.substr(slash + 1);
    const std::size_t second = rest.find('/');
    const std::string_view eval = rest.substr(0, second);
    const std::string_view seconds =
        second == std::string_view::npos ? std::string_view() : rest.substr(second + 1);
    if (!eval.empty()) {
        move.eval = parse_number(eval);
        if (!move.eval)
            throw NotationError("move '" + std::string(text) + "': eval '" + std::string(eval) +
                                "' is not a number");
    }
    if (!seconds.empty()) {
        move.seconds = parse_number(seconds);
        if (!move.seconds) {
            throw NotationError("move '" + std::string(text) + "': time '" + std::string(seconds) +
                                "' is not a number");
        }
    }
    return move;
}

std::string to_ggf_move(const GgfMove& move) {
    std::string out = move.move.is_pass() ? "PA" : move.move.to_string();
    if (move.eval || move.seconds) {
        out += '/';
        if (move.eval) out += format_number(*move.eval);
    }
    if (move.seconds) {
        out += '/';
        out += format_number(*move.seconds);
    }
    return out;
}

std::string to_ggf_result(const GgfResult& result) {
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%+.3f", result.black_disc_difference);
    return buffer + (result.ending.empty() ? "" : ":" + result.ending);
}

std::string to_ggf_board(const Position& position) {
    std::string out = "8 ";
    for (int i = 0; i < 64; ++i) {
        const auto c = position.at(Square::from_index(i));
        out += !c ? '-' : (*c == Color::Black ? '*' : 'O');
    }
    out += position.side_to_move() == Color::Black ? " *" : " O";
    return out;
}

std::optional<std::string> GgfRecord::tag(std::string_view name) const {
    for (const auto& [key, value] : tags) {
        if (key == name) return value;
    }
    return std::nullopt;
}

void GgfRecord::set_tag(std::string_view name, std::string value) {
    for (auto& [key, existing] : tags) {
        if (key == name) {
            existing = std::move(value);
            return;
        }
    }
    tags.emplace_back(std::string(name), std::move(value));
}

Game GgfRecord::game() const {
    Game game(start);
    for (const GgfMove& m : moves) game.play(m.move);
    return game;
}

GgfRecord GgfRecord::from_game(const Game& game) {
    GgfRecord record;
    record.start = game.start();
    for (Move m : game.moves()) record.moves.push_back({m, std::nullopt, std::nullopt});
    if (game.is_over())
        record.result =
            GgfResult{static_cast<double>(game.current().final_disc_difference(Color::Black)), ""};
    return record;
}

GgfRecord parse_ggf(std::string_view text) {
    GgfReader reader(text);
    if (reader.at_end()) throw GgfError("GGF: no game found (expected '(;GM[Othello]...;)')");
    GgfRecord record = reader.read_game();
    if (!reader.at_end())
        throw GgfError("GGF: text after the end of the game (use parse_ggf_games for many games)");
    return record;
}

std::vector<GgfRecord> parse_ggf_games(std::string_view text) {
    GgfReader reader(text);
    std::vector<GgfRecord> games;
    while (!reader.at_end()) games.push_back(reader.read_game());
    return games;
}

std::vector<GgfRecord> read_ggf_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw GgfError(path + ": cannot open");
    std::ostringstream text;
    text << in.rdbuf();
    try {
        return parse_ggf_games(text.str());
    } catch (const GgfError& e) {
        throw GgfError(path + ": " + e.what());
    }
}

std::string to_ggf(const GgfRecord& record) {
    std::string out = "(;GM[Othello]";
    for (const auto& [name, value] : record.tags) out += name + "[" + escape_value(value) + "]";
    if (record.result) out += "RE[" + to_ggf_result(*record.result) + "]";
    out += "BO[" + to_ggf_board(record.start) + "]";
    Color mover = record.start.side_to_move();
    for (const GgfMove& m : record.moves) {
        out += (mover == Color::Black ? "B[" : "W[") + to_ggf_move(m) + "]";
        mover = opposite(mover);
    }
    out += ";)";
    return out;
}

}  // namespace othello
