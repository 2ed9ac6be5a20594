// What GUIs ask of the real othello-engine, as exact transcripts: the name it gives (--name, or
// one that says the policy) over GTP and NBoard, on stdio and TCP; GTP loadsgf of a GGF file,
// cputime, final_score only when the game is over, and GoGui's gogui-rules_* commands.
#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <utility>

#include "engine/version.h"
#include "tests/protocol/ggf_test_games.h"
#include "tests/support/engine_server_process.h"
#include "tests/support/gtp_test_client.h"

using othello::testing::engine_path;
using othello::testing::GtpSocket;
using othello::testing::run_with_input;

using othello::testing::kPassGame;

namespace {

// A folder of GGF files for one test, removed with everything in it at the end.
class GameFiles {
  public:
    GameFiles()
        : dir_(std::filesystem::temp_directory_path() /
               ("othello-gui-" + std::to_string(::getpid()))) {
        std::filesystem::create_directories(dir_);
    }
    ~GameFiles() { std::filesystem::remove_all(dir_); }
    std::string write(const std::string& name, const std::string& text) const {
        std::ofstream(dir_ / name, std::ios::binary) << text;
        return (dir_ / name).string();
    }
    std::string path(const std::string& name) const { return (dir_ / name).string(); }

  private:
    std::filesystem::path dir_;
};

// From the standard start: f5 d6 c3 d3 c4, white to move.
const std::string kFiveMoveGame =
    "(;GM[Othello]PC[test]PB[a]PW[b]RE[?]TY[8]"
    "BO[8 ---------------------------O*------*O--------------------------- *]"
    "B[f5]W[d6/-1.5/2]B[c3]W[d3]B[c4];)\n";

std::string engine(const std::vector<std::string>& args, const std::string& script) {
    return run_with_input(engine_path(), args, script);
}

// The first line an NBoard engine sends after "nboard 2", over TCP.
std::string nboard_greeting_over_tcp(unsigned short port) {
    GtpSocket socket(port);
    socket.send_raw("nboard 2\n");
    std::string line;
    socket.read_line(line);
    return line;
}

}  // namespace

TEST_CASE("--name: GTP name and NBoard set myname say it; by default the policy is named") {
    CHECK(engine({"--policy", "book,mobility"}, "1 name\n2 version\n") ==
          "=1 othello book,mobility\n\n=2 " + std::string(othello::kVersion) + "\n\n");
    CHECK(engine({"--name", "Blue Lagoon 2", "--policy", "random"}, "1 name\n") ==
          "=1 Blue Lagoon 2\n\n");
    CHECK(engine({"--protocol", "nboard", "--name", "Blue Lagoon 2"}, "nboard 2\n") ==
          "set myname Blue Lagoon 2\n");
    CHECK(engine({"--protocol", "nboard", "--policy", "random"}, "nboard 2\n") ==
          "set myname othello random\n");
    {
        othello::testing::EngineServerProcess server({"--name", "served one"});
        othello::testing::GtpSocket client(server.port());
        CHECK(client.send("1 name") == "=1 served one\n");
    }
    {
        othello::testing::EngineServerProcess server(
            {"--protocol", "nboard", "--policy", "random", "--name", "served two"});
        CHECK(nboard_greeting_over_tcp(server.port()) == "set myname served two");
    }
    // A name is one protocol line: a line break or an empty name is refused, as usage errors are.
    const auto refused = [](const std::string& name) {
        return run_with_input(
            "/bin/sh", {"-c", "\"$0\" --name \"$1\" 2>&1; echo \"exit $?\"", engine_path(), name},
            "");
    };
    CHECK(refused("two\nlines") ==
          "othello-engine: --name 'two\\x0alines': give a name of printable characters on one "
          "line\nexit 2\n");
    CHECK(refused(" ") ==
          "othello-engine: --name ' ': give a name of printable characters on one line\nexit 2\n");
}

TEST_CASE("loadsgf: a GGF game up to a move number; a missing or bad file is an error") {
    const GameFiles files;
    const std::string game = files.write("game.ggf", kFiveMoveGame);
    const std::string passes = files.write("passes.ggf", kPassGame + "\n");
    const std::string bad = files.write("bad.ggf", "(;GM[Othello]BO[8 nonsense *]B[f5];)\n");
    const std::string none = files.write("none.ggf", "\n");
    const std::string missing = files.path("missing.ggf");
    const std::string script =
        "1 loadsgf " + game + "\n2 othello-transcript\n3 loadsgf " + game +
        " 3\n4 othello-transcript\n5 loadsgf " + game + " 1\n6 othello-transcript\n7 loadsgf " +
        game + " 99\n8 othello-transcript\n9 loadsgf " + passes +
        " 4\n10 gogui-rules_legal_moves\n" + "11 loadsgf " + passes +
        "\n12 gogui-rules_side_to_move\n13 loadsgf " + missing + "\n14 loadsgf " + bad +
        "\n15 loadsgf " + none + "\n16 loadsgf " + game + " 0\n" + "17 loadsgf " + game +
        " two\n18 loadsgf\n19 loadsgf a b c\n20 othello-transcript\n21 loadsgf /dev/zero\n" +
        "22 loadsgf " + files.path("") + "\n";
    CHECK(engine({}, script) ==
          "=1\n\n=2 f5d6c3d3c4\n\n"
          "=3\n\n=4 f5d6\n\n"
          "=5\n\n=6\n\n"
          "=7\n\n=8 f5d6c3d3c4\n\n"
          "=9\n\n=10 pass\n\n"
          "=11\n\n=12 white\n\n"
          "?13 cannot load file " +
              missing +
              ": cannot open\n\n"
              "?14 cannot load file " +
              bad +
              ": GGF line 1, column 17: BO[8 nonsense *]: board: unexpected character 'n' at "
              "position 2 (expected one of - . X O * B W)\n\n"
              "?15 cannot load file " +
              none +
              ": no game in it\n\n"
              "?16 move number must be 1 or more\n\n"
              "?17 move number not an integer\n\n"
              "?18 wrong number of arguments: expected a file and an optional move number\n\n"
              "?19 wrong number of arguments: expected a file and an optional move number\n\n"
              "=20 h4h2h1\n\n"  // the failures changed nothing: still the game of 11
              "?21 cannot load file /dev/zero: not a regular file\n\n"
              "?22 cannot load file " +
              files.path("") + ": not a regular file\n\n");
}

TEST_CASE("loadsgf over TCP reads no file of the server's machine") {
    const GameFiles files;
    const std::string game = files.write("game.ggf", kFiveMoveGame);
    othello::testing::EngineServerProcess server({});
    othello::testing::GtpSocket client(server.port());
    CHECK(client.send("1 loadsgf " + game) == "?1 loadsgf reads no files over the network\n");
    CHECK(client.send("2 othello-transcript") == "=2\n");
}

TEST_CASE("loadsgf through --exec reads no file of the server's machine either") {
    // The child's stdin is a remote client's: the relay says so in OTHELLO_REMOTE_PEER, and the
    // engine then refuses what it refuses over --listen.
    const GameFiles files;
    const std::string game = files.write("game.ggf", kFiveMoveGame);
    othello::testing::EngineServerProcess server({"--exec", kEngine + " --policy random"});
    othello::testing::GtpSocket client(server.port());
    CHECK(client.send("1 loadsgf " + game) == "?1 loadsgf reads no files over the network\n");
    CHECK(client.send("2 loadsgf /etc/passwd") == "?2 loadsgf reads no files over the network\n");
    CHECK(client.send("3 othello-transcript") == "=3\n");
    // On a local user's stdin the same engine reads the file.
    CHECK(engine({}, "1 loadsgf " + game + "\n") == "=1\n\n");
}

TEST_CASE("--exec tells every child its client's address, for engines that want to know") {
    othello::testing::EngineServerProcess server({"--exec", "printenv OTHELLO_REMOTE_PEER"});
    othello::testing::GtpSocket client(server.port());
    std::string line;
    REQUIRE(client.read_line(line));
    CHECK(line.rfind("127.0.0.1:", 0) == 0);
    CHECK(line.size() > std::string("127.0.0.1:").size());
    CHECK(line.find_first_not_of("0123456789", 10) == std::string::npos);
}

TEST_CASE("cputime: the CPU seconds the engine process used") {
    const std::string out = engine({}, "1 genmove b\n2 cputime\n3 cputime now\n");
    // "=1 MOVE", then "=2 SECONDS" with three decimals; the seconds themselves vary.
    const auto second = out.find("\n\n=2 ");
    REQUIRE(second != std::string::npos);
    const auto end = out.find("\n\n", second + 5);
    REQUIRE(end != std::string::npos);
    const std::string seconds = out.substr(second + 5, end - second - 5);
    CAPTURE(seconds);
    CHECK(seconds.size() >= 5);
    CHECK(seconds.find_first_not_of("0123456789.") == std::string::npos);
    CHECK(seconds[seconds.size() - 4] == '.');
    CHECK(out.substr(end) == "\n\n?3 wrong number of arguments: expected 0, got 1\n\n");
}

TEST_CASE("final_score: only a finished game has one, with the empty squares to the winner") {
    CHECK(engine({},
                 "1 final_score\n2 play b f5\n3 final_score\n"
                 "4 othello-set_position f5f4c3c6c5d6f3c4c7\n5 final_score\n"
                 "6 final_score now\n") ==
          "?1 cannot score\n\n=2\n\n?3 cannot score\n\n=4\n\n=5 B+64\n\n"
          "?6 wrong number of arguments: expected 0, got 1\n\n");
}

TEST_CASE("GoGui's rules commands: game, size, board row 8 first, moves, side, result") {
    CHECK(engine({},
                 "1 gogui-rules_game_id\n2 gogui-rules_board_size\n3 gogui-rules_board\n"
                 "4 gogui-rules_legal_moves\n5 gogui-rules_side_to_move\n"
                 "6 gogui-rules_final_result\n7 play b D3\n8 gogui-rules_board\n"
                 "9 gogui-rules_legal_moves\n10 gogui-rules_side_to_move\n"
                 "11 gogui-rules_board now\n") ==
          "=1 Othello\n\n=2 8\n\n"
          "=3 . . . . . . . .\n"
          ". . . . . . . .\n"
          ". . . . . . . .\n"
          ". . . X O . . .\n"
          ". . . O X . . .\n"
          ". . . . . . . .\n"
          ". . . . . . . .\n"
          ". . . . . . . .\n\n"
          "=4 D3 C4 F5 E6\n\n=5 black\n\n=6 unknown\n\n=7\n\n"
          "=8 . . . . . . . .\n"
          ". . . . . . . .\n"
          ". . . . . . . .\n"
          ". . . X O . . .\n"
          ". . . X X . . .\n"
          ". . . X . . . .\n"
          ". . . . . . . .\n"
          ". . . . . . . .\n\n"
          "=9 C3 E3 C5\n\n=10 white\n\n"
          "?11 wrong number of arguments: expected 0, got 1\n\n");
}

TEST_CASE("GoGui's rules commands: a pass is offered; a finished game has no moves and a result") {
    // Black's only disc is h6 and white can take h7: black must pass (GoGui offers "pass").
    const std::string must_pass =
        "OOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOX" + std::string("OOOOOO--OOOOOO-- X");
    CHECK(engine({}, "1 othello-set_position " + must_pass +
                         "\n2 gogui-rules_legal_moves\n3 gogui-rules_side_to_move\n"
                         "4 play b pass\n5 gogui-rules_legal_moves\n6 gogui-rules_side_to_move\n"
                         "7 gogui-rules_final_result\n") ==
          "=1\n\n=2 pass\n\n=3 black\n\n=4\n\n=5 H7\n\n=6 white\n\n=7 unknown\n\n");
    // The shortest game: black 13 discs, white none, 51 empty squares that go to black.
    CHECK(engine({},
                 "1 othello-set_position f5f4c3c6c5d6f3c4c7\n2 gogui-rules_legal_moves\n"
                 "3 gogui-rules_final_result\n4 final_score\n") ==
          "=1\n\n=2\n\n"
          "=3 Black wins 64-0 (B+64; 51 empty squares counted for the winner)\n\n=4 B+64\n\n");
}

TEST_CASE("list_commands and known_command name every command GUIs use") {
    const std::string out =
        engine({},
               "list_commands\nknown_command loadsgf\nknown_command cputime\n"
               "known_command gogui-rules_legal_moves\nknown_command gogui-rules_game_gfx\n");
    for (const char* command :
         {"\nloadsgf\n", "\ncputime\n", "\nfinal_score\n", "\ngogui-rules_game_id\n",
          "\ngogui-rules_board_size\n", "\ngogui-rules_board\n", "\ngogui-rules_legal_moves\n",
          "\ngogui-rules_side_to_move\n", "\ngogui-rules_final_result\n"}) {
        CAPTURE(command);
        CHECK(out.find(command) != std::string::npos);
    }
    CHECK(out.substr(out.find("\n\n") + 2) == "= true\n\n= true\n\n= true\n\n= false\n\n");
}
