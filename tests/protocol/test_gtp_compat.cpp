// Compatibility with a GTP Othello engine this project did not write: GRhino's gtp-rhino accepts
// the same command script as othello-engine, and the two play full games through a tiny referee.
#include <doctest/doctest.h>

#include <cctype>
#include <filesystem>
#include <sstream>

#include "engine/game.h"
#include "tests/support/gtp_test_client.h"

using namespace othello;
using othello::testing::GtpProcess;

namespace {

const std::string kRhino = "/usr/games/gtp-rhino";

// The command script both engines are given, and the status ('=' or '?') each must answer.
const std::vector<std::pair<std::string, char>> kScript = {
    {"1 protocol_version", '='},
    {"2 name", '='},
    {"3 version", '='},
    {"4 boardsize 8", '='},
    {"5 clear_board", '='},
    {"6 komi 0", '='},
    {"7 set_game Othello", '='},
    {"8 list_games", '='},
    {"9 time_settings 0 1 0", '='},
    {"10 time_left b 10 0", '='},
    {"11 play b d3", '='},
    {"12 play w c3", '='},
    {"13 genmove b", '='},
    {"14 undo", '='},
    {"15 reg_genmove b", '='},
    {"16 known_command genmove", '='},
    {"17 showboard", '='},
    {"18 boardsize 9", '?'},
    {"19 play b a1", '?'},
    {"20 frobnicate", '?'},
    {"21 play w pass", '?'},
};

std::string upper(std::string s) {
    for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

// The result text of a "= ..." response, lower case, without the status and id.
std::string result_of(const std::string& response) {
    const auto space = response.find(' ');
    std::string result = space == std::string::npos ? "" : response.substr(space + 1);
    while (!result.empty() && result.back() == '\n') result.pop_back();
    for (char& c : result) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return result;
}

// Plays one game between two GTP engines, the way the match runner will: genmove to the side to
// move, play to the other, never an explicit pass (each engine passes implicitly). Returns the
// transcript the referee recorded.
std::string referee(GtpProcess& black, GtpProcess& white) {
    Game game;
    GtpProcess* engines[2] = {&black, &white};
    while (!game.is_over()) {
        const Position& now = game.current();
        if (!now.has_legal_move()) {
            game.play(Move::pass());
            continue;
        }
        const Color side = now.side_to_move();
        const std::string colour = side == Color::Black ? "b" : "w";
        const std::string reply = engines[static_cast<int>(side)]->send("genmove " + colour);
        REQUIRE(reply.rfind("=", 0) == 0);
        const auto move = Move::parse(result_of(reply));
        REQUIRE(move.has_value());
        REQUIRE_FALSE(move->is_pass());
        REQUIRE(now.is_legal(*move));
        game.play(*move);
        // GRhino wants upper case squares; othello-engine takes either.
        const std::string play = "play " + colour + " " + upper(move->to_string());
        CHECK(engines[1 - static_cast<int>(side)]->send(play) == "=\n");
    }
    return game.transcript();
}

}  // namespace

TEST_CASE("gtp-rhino and othello-engine accept the same command script") {
    if (!std::filesystem::exists(kRhino)) {
        MESSAGE("gtp-rhino not installed (apt-get install grhino); compatibility test skipped");
        return;
    }
    GtpProcess rhino(kRhino, {"-l", "1"});
    GtpProcess ours(othello::testing::engine_path(), {"--policy", "mobility"});
    for (const auto& [command, status] : kScript) {
        CAPTURE(command);
        const std::string a = rhino.send(command);
        const std::string b = ours.send(command);
        CHECK(a.front() == status);
        CHECK(b.front() == status);
        // The id is echoed identically by both.
        const std::string id = command.substr(0, command.find(' '));
        CHECK(a.substr(1, id.size()) == id);
        CHECK(b.substr(1, id.size()) == id);
    }
    // Both give the same answers where the answer is not a matter of taste or strength.
    CHECK(rhino.send("protocol_version") == ours.send("protocol_version"));
    CHECK(rhino.send("list_games") == ours.send("list_games"));
}

TEST_CASE("full games between gtp-rhino and othello-engine through a small referee") {
    if (!std::filesystem::exists(kRhino)) {
        MESSAGE("gtp-rhino not installed; referee test skipped");
        return;
    }
    for (const bool rhino_black : {true, false}) {
        CAPTURE(rhino_black);
        GtpProcess rhino(kRhino, {"-l", "1"});
        GtpProcess ours(othello::testing::engine_path(), {"--policy", "mobility", "--seed", "2"});
        const std::string transcript = rhino_black ? referee(rhino, ours) : referee(ours, rhino);
        const Game game = Game::from_transcript(transcript);
        CHECK(game.is_over());
        // Our engine followed every move, implicit passes included.
        CHECK(ours.send("othello-transcript") == "= " + transcript + "\n");
        const int diff = game.current().final_disc_difference(Color::Black);
        const std::string score =
            diff == 0 ? "0" : (diff > 0 ? "B+" : "W+") + std::to_string(std::abs(diff));
        CHECK(ours.send("final_score") == "= " + score + "\n");
        CHECK(ours.send("genmove b") == "? game is over\n");
    }
}
