// NboardSession: exact transcripts over a scripted policy: go leaves the board alone, ping during
// play, set game with a non-standard start and passes, hints with book lines, bad input.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "engine/ggf.h"
#include "engine/notation.h"
#include "protocol/nboard_session.h"
#include "tests/protocol/ggf_test_games.h"

using namespace othello;

using othello::testing::kPassGame;

namespace {

// Scores each legal move by the discs it flips (ties in square order) and, in the start position,
// presents the two best moves as book moves. Counts its calls.
class ScriptedPolicy : public Policy {
  public:
    explicit ScriptedPolicy(int* calls) : calls_(calls) {}

    Move choose(const Game& game) override {
        ++*calls_;
        const auto scores = evaluate(game);
        return scores.empty() ? Move::pass() : scores.front().move;
    }

    void reseed(std::uint64_t) override {}
    std::vector<MoveScore> evaluate(const Game& game) override {
        ++*calls_;
        const Position& p = game.current();
        std::vector<MoveScore> scores;
        for (int i = 0; i < 64; ++i) {
            if (p.legal_moves() & bit(i)) {
                const Square s = Square::from_index(i);
                scores.push_back(
                    {s, static_cast<double>(popcount(flips(i, p.player(), p.opponent()))), ""});
            }
        }
        std::stable_sort(scores.begin(), scores.end(),
                         [](const MoveScore& a, const MoveScore& b) { return a.score > b.score; });
        if (p == Position::start()) {
            scores[0].detail = "book: 1200 games, 51.0% score";
            scores[0].book_games = 1200;
            scores[1].detail = "reworded: 40.5% score";  // the count is data, not read from text
            scores[1].book_games = 37;
            scores[2].detail = "not in book; 12 games";
        }
        return scores;
    }

  private:
    int* calls_;
};

struct Fixture {
    int calls = 0;
    double time = 100;
    NboardSession session;

    Fixture()
        : session(std::make_unique<ScriptedPolicy>(&calls),
                  NboardOptions{"scripted", [this] { return time += 0.25; }, {}}) {}

    // Sends each line and returns everything the session answered, in order.
    std::string run(const std::vector<std::string>& lines) {
        std::string out;
        for (const auto& line : lines) out += session.handle(line);
        return out;
    }
};

const std::string kStart =
    "BO[8 ---------------------------O*------*O--------------------------- *]";

}  // namespace

TEST_CASE("a whole NBoard session: greeting, game, go without playing, hints, ping during play") {
    Fixture f;
    CHECK(f.session.greeting().empty());  // the GUI speaks first
    const std::string game =
        "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]"
        "TY[8]" +
        kStart + "B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)";
    CHECK(f.run({"nboard 2", "set depth 6", "set game " + game, "ping 1"}) ==
          "set myname scripted\npong 1\n");
    CHECK(f.session.depth() == 6);
    CHECK(f.session.game().transcript() == "f5f6d3c5e6f7e7f4");
    const Game before = f.session.game();

    // go answers with the move and leaves the board alone; asking twice gives the same answer.
    // The fixed clock advances 0.25 s per reading, so the move took 0.25 s.
    // Thinking is announced by status lines before and after, as Edax and NTest do.
    CHECK(f.run({"go"}) == "status thinking\n=== g4/2.00/0.25\nstatus ready\n");
    CHECK(f.session.game().positions() == before.positions());
    CHECK(f.run({"go"}) == "status thinking\n=== g4/2.00/0.25\nstatus ready\n");

    CHECK(f.run({"hint 3"}) ==
          "status thinking\nsearch g4 2.00 0 1\nsearch b5 2.00 0 1\n"
          "search g5 2.00 0 1\nstatus ready\n");
    // More than there are moves: all of them, one line each.
    const std::string all = f.run({"hint 99"});
    CHECK(std::count(all.begin(), all.end(), '\n') ==
          popcount(f.session.game().current().legal_moves()) + 2);
    CHECK(f.session.game().positions() == before.positions());

    // The GUI takes the move, then the opponent's; pings interleave with the moves.
    CHECK(f.run({"move G4/2.00/0.25", "ping 2", "move f3", "ping 3"}) == "pong 2\npong 3\n");
    CHECK(f.session.game().transcript() == "f5f6d3c5e6f7e7f4g4f3");
    CHECK(f.run({"set contempt 2.5", "learn"}) == "learned\n");
    CHECK(f.session.contempt() == 2.5);
    CHECK_FALSE(f.session.closed());
    CHECK(f.run({"quit"}).empty());
    CHECK(f.session.closed());
}

TEST_CASE("hints in the start position send book lines with their game counts") {
    Fixture f;
    CHECK(f.run({"nboard 2", "set game (;GM[Othello]" + kStart + ";)", "hint 4"}) ==
          "set myname scripted\n"
          "status thinking\n"
          "book d3 1.00 1200 1 book: 1200 games, 51.0% score\n"
          "book c4 1.00 37 1 reworded: 40.5% score\n"
          "search f5 1.00 0 1 not in book; 12 games\n"
          "search e6 1.00 0 1\n"
          "status ready\n");
    CHECK(f.run({"hint"}) ==
          "status thinking\nbook d3 1.00 1200 1 book: 1200 games, 51.0% score\nstatus ready\n");
}

TEST_CASE("set game with a non-standard start board and passes") {
    Fixture f;
    CHECK(f.run({"nboard 2", "set game " + kPassGame, "ping 7"}) ==
          "set myname scripted\npong 7\n");
    const Game& game = f.session.game();
    CHECK(game.start() ==
          parse_board("----OOO------*-----*****---***-----***-------*--------*--------- O"));
    REQUIRE(game.moves().size() == 4);
    CHECK(game.moves()[3].is_pass());
    CHECK(game.current().side_to_move() == Color::White);
    CHECK(game.current().disc_count(Color::Black) == 12);
    CHECK(game.current().disc_count(Color::White) == 8);
    CHECK(f.run({"go"}) == "status thinking\n=== c3/4.00/0.25\nstatus ready\n");

    // The same game with the pass left out reaches the same position.
    Fixture g;
    const std::string implicit =
        "(;GM[Othello]BO[8 ----OOO------*-----*****---***-----***-------*--------*--------- O]"
        "W[h4]B[h2]W[h1];)";
    CHECK(g.run({"set game " + implicit, "move PA"}).empty());
    CHECK(g.session.game().positions() == game.positions());
}

TEST_CASE("a side with no move: go and hint answer a pass, move PA and implicit passes are taken") {
    Fixture f;
    // Black to move with no move after W[h1]: the first game stopped there.
    const std::string stuck =
        "(;GM[Othello]BO[8 ----OOO------*-----*****---***-----***-------*--------*--------- O]"
        "W[h4]B[h2]W[h1];)";
    f.run({"set game " + stuck});
    CHECK(f.session.game().current().side_to_move() == Color::Black);
    CHECK_FALSE(f.session.game().current().has_legal_move());
    CHECK(f.run({"go"}) == "status thinking\n=== PA\nstatus ready\n");
    CHECK(f.run({"hint 2"}) == "status thinking\nsearch PA -4.00 0 1\nstatus ready\n");
    CHECK(f.run({"move PA"}).empty());
    CHECK(f.session.game().moves().size() == 4);
    // And the implicit pass: a white move sent while black is to move but cannot.
    Fixture g;
    g.run({"set game " + stuck});
    CHECK(g.run({"move c5"}).empty());
    CHECK(g.session.game().moves().size() == 5);
    CHECK(g.session.game().moves()[3].is_pass());
}

TEST_CASE("analyze sends one line per position, from the last back to the start, Black's view") {
    Fixture f;
    f.run({"set game (;GM[Othello]" + kStart + "B[f5]W[d6];)"});
    // The policy scores 1.00 for the side to move everywhere: +1 for Black, -1 when White moves.
    CHECK(f.run({"analyze"}) == "analysis 2 1.00\nanalysis 1 -1.00\nanalysis 0 1.00\n");
    CHECK(f.session.game().transcript() == "f5d6");
}

TEST_CASE("bad input answers a status line and the session goes on unchanged") {
    Fixture f;
    f.run({"nboard 2", "set game (;GM[Othello]" + kStart + "B[f5];)"});
    const Game before = f.session.game();
    CHECK(
        f.run({"set game (;GM[Othello]" + kStart + "B[f5]W[a1];)"}) ==
        "status set game: GGF line 1, column 93: W[a1]: illegal move a1: white a1 flips nothing\n");
    CHECK(f.run({"set game (;GM[Othello]B[f5]"}) ==
          "status set game: GGF line 1, column 1: game is not closed with ';)'\n");
    CHECK(f.run({"set game"}) ==
          "status set game: GGF: no game found (expected '(;GM[Othello]...;)')\n");
    CHECK(f.run({"move a1"}) == "status move: illegal move a1: white a1 flips nothing\n");
    CHECK(f.run({"move z9"}) ==
          "status move: not a move: 'z9' (expected a square a1..h8 or pass)\n");
    CHECK(f.run({"move f4/x"}) == "status move: move 'f4/x': eval 'x' is not a number\n");
    CHECK(f.run({"move PA"}) ==
          "status move: illegal move pass: white cannot pass: white has a legal move\n");
    CHECK(f.run({"set depth deep"}) == "status set depth: 'deep' is not a depth from 1 to 60\n");
    CHECK(f.run({"set contempt much"}) == "status set contempt: 'much' is not a number\n");
    CHECK(f.run({"hint many"}) == "status hint: 'many' is not a number of moves\n");
    CHECK(f.run({"nboard two"}) == "status nboard: version 'two' is not a number\n");
    // Garbage and unknown commands are ignored, as the protocol says.
    CHECK(f.run({"", "   ", "xyzzy 1 2 3", "set myname evil", "\x01\x02\xff", "F5"}).empty());
    CHECK(f.session.game().positions() == before.positions());
    CHECK(f.run({"ping 9", "go"}) == "pong 9\nstatus thinking\n=== f4/1.00/0.25\nstatus ready\n");
    CHECK(f.run({"ping"}) == "pong\n");
}

TEST_CASE("bytes that are not UTF-8 text come back in hex") {
    Fixture f;
    CHECK(f.run({"move \xff\x01"}) ==
          "status move: not a move: '\\xff\\x01' (expected a square a1..h8 or pass)\n");
    CHECK(f.run({"ping \xfe"}) == "pong \\xfe\n");
}

TEST_CASE("after the end of the game go and hint say so") {
    Fixture f;
    f.run({"set game (;GM[Othello]BO[8 *O" + std::string(62, '-') + " *]B[c1];)"});
    CHECK(f.session.game().is_over());
    CHECK(f.run({"go"}) == "status go: the game is over\n");
    CHECK(f.run({"hint 1"}) == "status hint: the game is over\n");
    // Black took every disc: +64 from Black's view, though White is the side "to move".
    CHECK(f.run({"analyze"}) == "analysis 1 64.00\nanalysis 0 1.00\n");
}
