// GGF: reading real-looking records, exact round trips, non-standard starts, passes, bad input.
#include <doctest/doctest.h>

#include <string>

#include "engine/ggf.h"
#include "engine/notation.h"
#include "engine/rng.h"

using namespace othello;

namespace {

const std::string kStandardBoard =
    "8 ---------------------------O*------*O--------------------------- *";

// The message of the GgfError that parsing `text` throws ("" if it does not throw).
std::string ggf_error(const std::string& text) {
    try {
        parse_ggf(text);
    } catch (const GgfError& e) {
        return e.what();
    }
    return "";
}

// A random game from the standard start, played to the end.
Game random_game(Rng& rng) {
    Game game;
    while (!game.is_over()) {
        const Bitboard moves = game.current().legal_moves();
        game.play(moves ? Move(Square::from_index(rng.pick_bit(moves))) : Move::pass());
    }
    return game;
}

}  // namespace

TEST_CASE("the game NBoard sends in set game is read with its tags and moves") {
    const std::string text =
        "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]TY[8]"
        "BO[" +
        kStandardBoard + "]B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)";
    const GgfRecord record = parse_ggf(text);
    CHECK(record.tag("PB") == "./mEdax");
    CHECK(record.tag("PW") == "chris");
    CHECK(record.tag("DT") == "2014-02-21 20:52:27 GMT");
    CHECK(record.tag("TY") == "8");
    CHECK_FALSE(record.tag("XX").has_value());
    CHECK_FALSE(record.result.has_value());  // RE[?]: not known yet
    CHECK(record.start == Position::start());
    CHECK(record.moves.size() == 8);
    CHECK(record.game().transcript() == "f5f6d3c5e6f7e7f4");
    // Written back: RE[?] is dropped, squares in lower case, the rest as read.
    CHECK(to_ggf(record) ==
          "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]TI[15:00]TY[8]"
          "BO[" +
              kStandardBoard + "]B[f5]W[f6]B[d3]W[c5]B[e6]W[f7]B[e7]W[f4];)");
}

TEST_CASE("a canonical record round-trips character for character") {
    const std::string text =
        "(;GM[Othello]PC[local]DT[2026.11.22_07:40:00.UTC]PB[mobility]PW[random]RB[1500]RW[1400]"
        "TI[05:00//02:00]TY[8]RE[+4.000]BO[" +
        kStandardBoard +
        "]"
        "B[f5//1.2]W[d6/-2/0.5]B[c3/1.25]W[PA/0/0];)";
    // W[PA] is illegal here, so check the record without it, then the moves syntax alone.
    const std::string legal =
        "(;GM[Othello]PC[local]DT[2026.11.22_07:40:00.UTC]PB[mobility]PW[random]RB[1500]RW[1400]"
        "TI[05:00//02:00]TY[8]RE[+4.000]BO[" +
        kStandardBoard + "]B[f5//1.2]W[d6/-2/0.5]B[c3/1.25];)";
    const GgfRecord record = parse_ggf(legal);
    CHECK(to_ggf(record) == legal);
    CHECK(record.result == GgfResult{4, ""});
    REQUIRE(record.moves.size() == 3);
    CHECK(record.moves[0] == GgfMove{*Square::parse("f5"), std::nullopt, 1.2});
    CHECK(record.moves[1] == GgfMove{*Square::parse("d6"), -2.0, 0.5});
    CHECK(record.moves[2] == GgfMove{*Square::parse("c3"), 1.25, std::nullopt});
    CHECK(ggf_error(text).find("white cannot pass") != std::string::npos);
}

TEST_CASE("move texts with evals and times") {
    CHECK(parse_ggf_move("F5") == GgfMove{*Square::parse("f5"), std::nullopt, std::nullopt});
    CHECK(parse_ggf_move("f5/+1.50/0.3") == GgfMove{*Square::parse("f5"), 1.5, 0.3});
    CHECK(parse_ggf_move("pa//2") == GgfMove{Move::pass(), std::nullopt, 2.0});
    CHECK(to_ggf_move({Move::pass(), std::nullopt, std::nullopt}) == "PA");
    CHECK(to_ggf_move({*Square::parse("a8"), -3.0, std::nullopt}) == "a8/-3");
    CHECK(to_ggf_move({*Square::parse("a8"), std::nullopt, 0.01}) == "a8//0.01");
    CHECK_THROWS_WITH_AS(parse_ggf_move("f5/abc"), "move 'f5/abc': eval 'abc' is not a number",
                         NotationError);
    CHECK_THROWS_WITH_AS(parse_ggf_move("f5//1x"), "move 'f5//1x': time '1x' is not a number",
                         NotationError);
    CHECK_THROWS_AS(parse_ggf_move("z9"), NotationError);
}

TEST_CASE("a non-standard start board with an explicit pass") {
    // White to move with no move (its only disc b1 is beside black's corner); black then takes c1
    // and the game ends with white wiped out: +64 for black under the tournament rule.
    const std::string board = "8 *O" + std::string(62, '-') + " O";
    const std::string text = "(;GM[Othello]TY[8]RE[+64.000]BO[" + board + "]W[PA]B[c1];)";
    const GgfRecord record = parse_ggf(text);
    CHECK(record.start == parse_board("XO" + std::string(62, '-') + " O"));
    REQUIRE(record.moves.size() == 2);
    CHECK(record.moves[0].move.is_pass());
    const Game game = record.game();
    CHECK(game.is_over());
    CHECK(game.current().final_disc_difference(Color::Black) == 64);
    CHECK(to_ggf(record) == text);
    CHECK(GgfRecord::from_game(game).result == GgfResult{64, ""});

    // A writer that leaves the pass out: the pass is put back.
    const GgfRecord implicit = parse_ggf("(;GM[Othello]BO[" + board + "]B[C1];)");
    CHECK(implicit.moves == record.moves);
}

TEST_CASE("random games from mid-game starts round-trip with evals, times and results") {
    Rng rng(7);
    int passes = 0;
    for (int g = 0; g < 200; ++g) {
        const Game full = random_game(rng);
        // Start the record somewhere in the middle: a non-standard BO, either side to move.
        const std::size_t cut = rng.below(static_cast<std::uint32_t>(full.moves().size()));
        GgfRecord record;
        record.start = full.positions()[cut];
        for (std::size_t i = cut; i < full.moves().size(); ++i) {
            GgfMove m{full.moves()[i], std::nullopt, std::nullopt};
            if (rng.below(2))
                m.eval = static_cast<double>(static_cast<int>(rng.below(129)) - 64) / 4;
            if (rng.below(2)) m.seconds = static_cast<double>(rng.below(1000)) / 100;
            passes += m.move.is_pass();
            record.moves.push_back(m);
        }
        record.result =
            GgfResult{static_cast<double>(full.current().final_disc_difference(Color::Black)), ""};
        record.set_tag("PB", "black ] player \\ " + std::to_string(g));  // needs escaping
        record.set_tag("TY", "8");
        const std::string text = to_ggf(record);
        const GgfRecord back = parse_ggf(text);
        REQUIRE(back == record);
        CHECK(to_ggf(back) == text);
        CHECK(back.game().current() == full.current());
    }
    CHECK(passes > 0);  // the sample did exercise passes
}

TEST_CASE("files of many games, with newlines between properties") {
    const std::string text = "(;GM[Othello]\nPB[a]\nBO[" + kStandardBoard +
                             "]\nB[f5]\nW[d6]\n;)\n\n"
                             "(;GM[Othello]PB[b]B[f5];)\n";
    const auto games = parse_ggf_games(text);
    REQUIRE(games.size() == 2);
    CHECK(games[0].game().transcript() == "f5d6");
    CHECK(games[1].tag("PB") == "b");
    CHECK(games[1].start == Position::start());  // no BO: the standard start
    CHECK(parse_ggf_games("  \n").empty());
    CHECK(ggf_error(text).find("text after the end of the game") != std::string::npos);
}

TEST_CASE("results") {
    CHECK(to_ggf_result({-2, ""}) == "-2.000");
    CHECK(to_ggf_result({64, "r"}) == "+64.000:r");
    CHECK(parse_ggf("(;GM[Othello]RE[-64.000:t];)").result == GgfResult{-64, "t"});
    CHECK(parse_ggf("(;GM[Othello]RE[0];)").result == GgfResult{0, ""});
}

TEST_CASE("malformed records give errors that say where and what") {
    const std::string bo = "BO[" + kStandardBoard + "]";
    CHECK(ggf_error("(;GM[Othello]" + bo + "B[f5]W[a1];)") ==
          "GGF line 1, column 93: W[a1]: illegal move a1: white a1 flips nothing");
    CHECK(ggf_error("(;GM[Othello]" + bo + "\nB[f5]\nW[f5];)") ==
          "GGF line 3, column 3: W[f5]: illegal move f5: f5 is already taken");
    CHECK(ggf_error("(;GM[Othello]" + bo + "B[z9];)") ==
          "GGF line 1, column 88: B[z9]: not a move: 'z9' (expected a square a1..h8 or pass)");
    CHECK(ggf_error("(;GM[Othello]" + bo + "W[d3];)") ==
          "GGF line 1, column 88: W[d3]: black is to move, not white");
    CHECK(ggf_error("(;GM[Chess];)") ==
          "GGF line 1, column 6: GM[Chess]: game type 'Chess' is not Othello");
    CHECK(ggf_error("(;GM[Othello]BO[10 ----];)") ==
          "GGF line 1, column 17: BO[10 ----]: board size 10 is not supported (only 8)");
    CHECK(ggf_error("(;GM[Othello]BO[8 --*];)")
              .find("BO[8 --*]: board: 3 squares given, 64 needed") != std::string::npos);
    CHECK(
        ggf_error("(;GM[Othello]B[f5]" + bo + ";)").find("BO (start board) after the first move") !=
        std::string::npos);
    CHECK(ggf_error("(;GM[Othello]RE[win];)") ==
          "GGF line 1, column 17: RE[win]: result 'win' is not a disc difference such as +4.000");
    CHECK(ggf_error("(;GM[Othello]RE[+2:x];)").find("is not :r (resigned)") != std::string::npos);
    CHECK(ggf_error("(;GM[Othello]PB[unclosed;)") ==
          "GGF line 1, column 14: value of PB has no closing ']'");
    CHECK(ggf_error("(;GM[Othello]B[f5]") == "GGF line 1, column 1: game is not closed with ';)'");
    CHECK(ggf_error("(;GM[Othello]12[x];)") ==
          "GGF line 1, column 14: expected a property name such as PB or B, found '12[x];)'");
    CHECK(ggf_error("hello") == "GGF line 1, column 1: expected '(' opening a game, found 'hello'");
    CHECK(ggf_error("") == "GGF: no game found (expected '(;GM[Othello]...;)')");
    CHECK(ggf_error("(;GM[Othello]" + bo + "B[f5/x];)").find("eval 'x' is not a number") !=
          std::string::npos);
    // A game that is over takes no more moves.
    CHECK(ggf_error("(;GM[Othello]BO[8 *O" + std::string(62, '-') + " *]B[c1]W[PA];)")
              .find("the game is already over") != std::string::npos);
}

TEST_CASE("reading a file names the file in errors") {
    CHECK_THROWS_WITH_AS(read_ggf_file("/nonexistent/games.ggf"),
                         "/nonexistent/games.ggf: cannot open", GgfError);
}
