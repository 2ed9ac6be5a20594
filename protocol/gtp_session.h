// GtpSession: one GTP 2 conversation about one Othello game. Translates commands into calls on a
// Game and a Policy and back into text; owns no rules of its own.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.h"
#include "engine/policy.h"
#include "engine/version.h"
#include "protocol/gtp_command.h"
#include "protocol/line_framer.h"
#include "protocol/line_session.h"

namespace othello {

class GtpSession : public LineSession {
  public:
    struct Options {
        std::string name = "othello-engine";
        std::string version = kVersion;
        // loadsgf reads a file of this machine: true on stdio, false over TCP, where the peer is
        // someone else and must not make the engine read (or describe) the server's files.
        bool may_read_files = true;
        std::size_t max_line_length = kDefaultMaxLineLength;  // longer lines are refused
        InternalErrorLog internal_errors;  // see line_session.h; empty: tell the peer
    };

    explicit GtpSession(std::unique_ptr<Policy> policy, Options options);
    explicit GtpSession(std::unique_ptr<Policy> policy)
        : GtpSession(std::move(policy), Options{}) {}

    std::string handle(std::string_view line) override;
    bool closed() const override { return closed_; }

    const Game& game() const { return game_; }
    // The commands this session knows, in list_commands order.
    static const std::vector<std::string>& command_names();

  private:
    // A handler returns the result text or throws GtpError with the failure message.
    using Handler = std::string (GtpSession::*)(const std::vector<std::string>& args);
    struct CommandRow {
        std::string name;
        Handler handler;
    };
    static const std::vector<CommandRow>& command_table();

    std::string protocol_version(const std::vector<std::string>& args);
    std::string name(const std::vector<std::string>& args);
    std::string version(const std::vector<std::string>& args);
    std::string known_command(const std::vector<std::string>& args);
    std::string list_commands(const std::vector<std::string>& args);
    std::string quit(const std::vector<std::string>& args);
    std::string boardsize(const std::vector<std::string>& args);
    std::string clear_board(const std::vector<std::string>& args);
    std::string komi(const std::vector<std::string>& args);
    std::string play(const std::vector<std::string>& args);
    std::string genmove(const std::vector<std::string>& args);
    std::string reg_genmove(const std::vector<std::string>& args);
    std::string undo(const std::vector<std::string>& args);
    std::string showboard(const std::vector<std::string>& args);
    std::string final_score(const std::vector<std::string>& args);
    std::string time_settings(const std::vector<std::string>& args);
    std::string time_left(const std::vector<std::string>& args);
    std::string set_game(const std::vector<std::string>& args);
    std::string list_games(const std::vector<std::string>& args);
    std::string evaluate(const std::vector<std::string>& args);
    std::string set_position(const std::vector<std::string>& args);
    std::string transcript(const std::vector<std::string>& args);
    std::string loadsgf(const std::vector<std::string>& args);
    std::string cputime(const std::vector<std::string>& args);
    std::string rules_game_id(const std::vector<std::string>& args);
    std::string rules_board_size(const std::vector<std::string>& args);
    std::string rules_board(const std::vector<std::string>& args);
    std::string rules_legal_moves(const std::vector<std::string>& args);
    std::string rules_side_to_move(const std::vector<std::string>& args);
    std::string rules_final_result(const std::vector<std::string>& args);

    // The game as it would be once `color` is to move, passing implicitly for the side to move
    // when it has no legal move; throws GtpError when it is the other side's turn.
    Game game_with_turn_of(Color color) const;
    // Picks the policy's move for `color` in a copy of the game; plays it there when `commit`.
    std::string generate(const std::vector<std::string>& args, bool commit);
    void set_game_state(Game game);

    std::unique_ptr<Policy> policy_;
    Options options_;
    Game game_;
    // implicit_pass_[i]: moves()[i] is a pass the session inserted itself; undo takes it back
    // together with the move that caused it, as the controller never sent it.
    std::vector<bool> implicit_pass_;
    bool closed_ = false;
};

}  // namespace othello
