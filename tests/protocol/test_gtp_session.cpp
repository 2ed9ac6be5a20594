// Exact GTP transcripts through the session object: every command, framing, passes and bad input.
#include <doctest/doctest.h>

#include <string>

#include "engine/policies/policy_registry.h"
#include "protocol/gtp_command.h"
#include "protocol/gtp_session.h"
#include "protocol/line_framer.h"

using namespace othello;

namespace {

GtpSession make_session(const char* policy = "mobility") {
    return GtpSession(make_policy(policy, PolicyOptions{}));
}

// Feeds each line of `script` (split on '\n') and returns every response, concatenated.
std::string run(GtpSession& session, std::string_view script) {
    std::string out;
    LineFramer framer;
    for (const std::string& line : framer.feed(script)) out += session.handle(line);
    if (framer.has_partial()) out += session.handle(framer.take_partial());
    return out;
}

// A position where black's one corner move a1 is the mobility policy's unique choice.
constexpr const char* kCornerBoard =
    "---------O--------X--------XO------OX--------------------------- X";

}  // namespace

TEST_CASE("framing: ids, blank lines, comments, tabs, control characters and CRLF") {
    GtpSession s = make_session();
    CHECK(run(s, "protocol_version\n") == "= 2\n\n");
    CHECK(run(s, "7 protocol_version\n") == "=7 2\n\n");
    CHECK(run(s, "\n   \n# a comment\n") == "");
    CHECK(run(s, "8 name # trailing comment\n") == "=8 othello-engine\n\n");
    CHECK(run(s, "9\tversion\r\n") == std::string("=9 ") + kVersion + "\n\n");
    CHECK(run(s,
              "10 pro\x01to\x7f"
              "col_version\n") == "=10 2\n\n");
    CHECK(run(s, "11 frobnicate\n") == "?11 unknown command\n\n");
    CHECK(run(s, "12\n") == "?12 missing command\n\n");
    CHECK(run(s, "clear_board\n") == "=\n\n");
}

TEST_CASE("administrative commands") {
    GtpSession s = make_session();
    CHECK(run(s, "1 known_command play\n2 known_command foo\n3 known_command\n") ==
          "=1 true\n\n=2 false\n\n?3 wrong number of arguments: expected 1, got 0\n\n");
    std::string expected = "=4 ";
    for (const auto& name : GtpSession::command_names()) expected += name + "\n";
    expected += "\n";
    CHECK(run(s, "4 list_commands\n") == expected);
    CHECK(expected.find("othello-evaluate\n") != std::string::npos);
    CHECK(run(s, "1 boardsize 8\n2 boardsize 9\n3 boardsize x\n4 boardsize\n") ==
          "=1\n\n?2 unacceptable size\n\n?3 boardsize not an integer\n\n"
          "?4 wrong number of arguments: expected 1, got 0\n\n");
    CHECK(run(s, "komi 6.5\nkomi 0\nkomi a\n") == "=\n\n=\n\n? komi not a float\n\n");
    CHECK(run(s, "time_settings 300 0 0\ntime_left b 120 0\ntime_left x 1 0\ntime_settings 1\n") ==
          "=\n\n=\n\n? invalid color 'x'\n\n? wrong number of arguments: expected 3, got 1\n\n");
    CHECK(run(s, "list_games\nset_game Othello\nset_game othello\nset_game Go\n") ==
          "= Othello\n\n=\n\n=\n\n? unsupported game\n\n");
    CHECK_FALSE(s.closed());
    CHECK(run(s, "5 quit\n") == "=5\n\n");
    CHECK(s.closed());
}

TEST_CASE("play, showboard, undo and the transcript") {
    GtpSession s = make_session();
    CHECK(run(s, "1 play b d3\n2 play white C3\n3 othello-transcript\n") ==
          "=1\n\n=2\n\n=3 d3c3\n\n");
    CHECK(run(s, "4 showboard\n") ==
          "=4\n"
          "  a b c d e f g h\n"
          "1 - - - - - - - - 1\n"
          "2 - - - - - - - - 2\n"
          "3 - . O X - - - - 3\n"
          "4 - - . O X - - - 4\n"
          "5 - - - X O . - - 5\n"
          "6 - - - - . - - - 6\n"
          "7 - - - - - - - - 7\n"
          "8 - - - - - - - - 8\n"
          "  a b c d e f g h\n"
          "X (black): 3  O (white): 3  black to move\n\n");
    CHECK(run(s, "5 undo\n6 othello-transcript\n7 undo\n8 undo\n9 othello-transcript\n") ==
          "=5\n\n=6 d3\n\n=7\n\n?8 cannot undo\n\n=9\n\n");
}

TEST_CASE("bad moves are refused and change nothing") {
    GtpSession s = make_session();
    CHECK(run(s, "1 play b a1\n") == "?1 illegal move a1: black a1 flips nothing\n\n");
    CHECK(run(s, "2 play b z9\n3 play q d3\n4 play b\n5 play w d3\n6 play b pass\n") ==
          "?2 invalid coordinate 'z9'\n\n?3 invalid color 'q'\n\n"
          "?4 wrong number of arguments: expected 2, got 1\n\n"
          "?5 illegal move: it is black's turn\n\n"
          "?6 illegal move pass: black cannot pass: black has a legal move\n\n");
    CHECK(run(s, "7 othello-transcript\n8 genmove w\n") == "=7\n\n?8 it is black's turn\n\n");
    CHECK(s.game().moves().empty());
}

TEST_CASE("genmove and reg_genmove: the policy's move, played or not") {
    GtpSession s = make_session();
    CHECK(run(s, std::string("1 othello-set_position ") + kCornerBoard + "\n") == "=1\n\n");
    CHECK(run(s, "2 reg_genmove b\n3 othello-transcript\n") == "=2 a1\n\n=3\n\n");
    CHECK(run(s, "4 genmove black\n5 othello-transcript\n") == "=4 a1\n\n=5 a1\n\n");
    CHECK(run(s, "6 genmove b\n7 genmove x\n8 genmove\n") ==
          "?6 it is white's turn\n\n?7 invalid color 'x'\n\n"
          "?8 wrong number of arguments: expected 1, got 0\n\n");
}

TEST_CASE("othello-evaluate lists every legal move with its score, best first") {
    GtpSession s = make_session();
    // From the start each black move leaves white three replies; equal scores in square order.
    CHECK(run(s, "1 othello-evaluate\n") == "=1 d3 -3\nc4 -3\nf5 -3\ne6 -3\n\n");
    run(s, std::string("othello-set_position ") + kCornerBoard);
    const std::string out = run(s, "2 othello-evaluate\n");
    CHECK(out.rfind("=2 a1 ", 0) == 0);
    CHECK(run(s, "3 othello-evaluate extra\n") ==
          "?3 wrong number of arguments: expected 0, got 1\n\n");
}

TEST_CASE("othello-set_position from a transcript or a board, and bad positions change nothing") {
    GtpSession s = make_session();
    CHECK(run(s, "1 othello-set_position f5 d6 C3\n2 othello-transcript\n") ==
          "=1\n\n=2 f5d6c3\n\n");
    CHECK(run(s, "3 othello-set_position f5f5\n4 othello-transcript\n") ==
          "?3 invalid position: transcript move 2 (f5): illegal move f5: f5 is already taken\n\n"
          "=4 f5d6c3\n\n");
    CHECK(run(s,
              "5 othello-set_position "
              "---------------------------OX------XO--------------------------- O\n"
              "6 othello-evaluate\n") == "=5\n\n=6 e3 -3\nf4 -3\nc5 -3\nd6 -3\n\n");
    CHECK(run(s, "7 othello-set_position\n8 othello-transcript\n") == "=7\n\n=8\n\n");
}

TEST_CASE("othello-set_position TRANSCRIPT SIDE: the side to move, or a pass for the other") {
    GtpSession s = make_session();
    CHECK(run(s, "1 othello-set_position f5d6 black\n2 othello-transcript\n") ==
          "=1\n\n=2 f5d6\n\n");
    CHECK(run(s, "3 othello-set_position f5 d6 c3 w\n4 othello-transcript\n") ==
          "=3\n\n=4 f5d6c3\n\n");
    // White is to move after f5d6c3 and has moves: "black" cannot be, and nothing changes.
    CHECK(run(s, "5 othello-set_position f5d6c3 black\n6 othello-transcript\n") ==
          "?5 invalid position: it is white's turn\n\n=6 f5d6c3\n\n");
    // After d3c3e6d2d1e1b2c1 black is to move and has none: naming white passes for black, and
    // undo takes back that pass alone, as the controller never sent it.
    CHECK(run(s, "7 othello-set_position d3c3e6d2d1e1b2c1\n8 othello-evaluate\n") ==
          "=7\n\n=8 pass\n\n");
    CHECK(run(s, "9 othello-set_position d3c3e6d2d1e1b2c1 white\n") == "=9\n\n");
    CHECK(s.game().moves().size() == 9);
    CHECK(s.game().moves().back().is_pass());
    CHECK(s.game().current().side_to_move() == Color::White);
    CHECK(run(s, "10 undo\n11 othello-transcript\n") == "=10\n\n=11 d3c3e6d2d1e1b2c1\n\n");
    CHECK(s.game().current().side_to_move() == Color::Black);
    // The side also as the board form writes it: X (or *) black, O white.
    CHECK(run(s, "12 othello-set_position f5d6 X\n13 othello-set_position f5d6c3 O\n") ==
          "=12\n\n=13\n\n");
    CHECK(run(s, "14 othello-set_position f5d6c3 *\n15 othello-transcript\n") ==
          "?14 invalid position: it is white's turn\n\n=15 f5d6c3\n\n");
}

TEST_CASE("komi and time_settings refuse values no clock or score can have") {
    GtpSession s = make_session();
    CHECK(run(s, "1 komi nan\n2 komi inf\n3 komi -inf\n4 komi 0.5\n") ==
          "?1 komi not a float\n\n?2 komi not a float\n\n?3 komi not a float\n\n=4\n\n");
    CHECK(run(s,
              "5 time_settings -1 0 0\n6 time_settings 300 -5 1\n7 time_settings 300 0 -1\n"
              "8 time_settings 0 300 10\n") ==
          "?5 time must not be negative\n\n?6 time must not be negative\n\n"
          "?7 time must not be negative\n\n=8\n\n");
}

TEST_CASE("passes: explicit only without a move, implicit when the other colour is named") {
    GtpSession s = make_session();
    // Black's only disc is h6; every other disc is white and g7, h7, g8, h8 are empty. No line
    // from an empty square runs over white discs to h6, so black must pass; white can take h7.
    const std::string board =
        "OOOOOOOO"
        "OOOOOOOO"
        "OOOOOOOO"
        "OOOOOOOO"
        "OOOOOOOO"
        "OOOOOOOX"
        "OOOOOO--"
        "OOOOOO-- X";
    CHECK(run(s, "1 othello-set_position " + board + "\n") == "=1\n\n");
    const std::string eval = run(s, "2 othello-evaluate\n");
    CHECK(eval == "=2 pass\n\n");
    CHECK(run(s, "3 genmove b\n4 othello-transcript\n") == "=3 pass\n\n=4\n\n");
    CHECK(s.game().moves().size() == 1);
    CHECK(run(s, "5 undo\n") == "=5\n\n");
    // Implicit: naming white while black has no move passes for black first.
    const std::string reply = run(s, "6 genmove w\n");
    CHECK(reply.rfind("=6 ", 0) == 0);
    CHECK(s.game().moves().size() == 2);
    CHECK(s.game().moves()[0].is_pass());
    // One undo takes back white's move and the pass the session inserted for black.
    CHECK(run(s, "7 undo\n") == "=7\n\n");
    CHECK(s.game().moves().empty());
    CHECK(run(s, "8 play b pass\n") == "=8\n\n");
    CHECK(run(s, "9 undo\n") == "=9\n\n");
}

TEST_CASE("a finished game: final_score with empties to the winner, genmove fails clearly") {
    GtpSession s = make_session();
    CHECK(run(s, "1 final_score\n") == "?1 cannot score\n\n");
    // A shortest game: black wins with 13 discs after 9 moves; the 51 empties go to black.
    CHECK(run(s, "2 othello-set_position f5f4c3c6c5d6f3c4c7\n3 final_score\n") ==
          "=2\n\n=3 B+64\n\n");
    CHECK(run(s, "4 genmove w\n5 genmove b\n6 reg_genmove b\n7 play w a1\n8 othello-evaluate\n") ==
          "?4 game is over\n\n?5 game is over\n\n?6 game is over\n\n"
          "?7 illegal move: game is over\n\n?8 game is over\n\n");
    // GTP scores only a finished game: in mid-game the disc count is no score.
    CHECK(run(s, "9 othello-set_position f5f6e6f4\n10 final_score\n") ==
          "=9\n\n?10 cannot score\n\n");
}

TEST_CASE("hostile input: long lines and binary garbage get a reply and change nothing") {
    GtpSession s = make_session();
    run(s, "play b d3\n");
    const std::string huge = "12 play w " + std::string(1 << 20, 'x');
    CHECK(s.handle(huge) == "?12 line too long (limit 65536 bytes)\n\n");
    std::string garbage;
    for (int i = 0; i < 4096; ++i) garbage += static_cast<char>((i * 131 + 7) % 256);
    for (std::size_t i = 0; i < garbage.size(); i += 97) {
        const std::string reply = s.handle(std::string_view(garbage).substr(i, 97));
        CHECK((reply.empty() || reply[0] == '?'));
    }
    CHECK(run(s, "othello-transcript\n") == "= d3\n\n");
    CHECK_FALSE(s.closed());
}

TEST_CASE("bytes that are not UTF-8 text are quoted in hex in failure messages") {
    GtpSession s = make_session();
    CHECK(run(s, "1 play b \xff\xfe\n") == "?1 invalid coordinate '\\xff\\xfe'\n\n");
    // Valid UTF-8 is shown as it is.
    CHECK(run(s, "3 play b \xc3\xa9\n") == "?3 invalid coordinate '\xc3\xa9'\n\n");
}

TEST_CASE("the line framer bounds lines and accepts CRLF and a last line without end") {
    LineFramer framer(8);
    CHECK(framer.feed("ab\r\ncd") == std::vector<std::string>{"ab"});
    CHECK(framer.feed("ef\n0123456789abcdef") == std::vector<std::string>{"cdef"});
    CHECK(framer.feed("xyz\nok") == std::vector<std::string>{"012345678"});
    CHECK(framer.has_partial());
    CHECK(framer.take_partial() == "ok");
    CHECK_FALSE(framer.has_partial());
}
