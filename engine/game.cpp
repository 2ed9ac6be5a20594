// Game: checked play, implicit passes, undo and transcripts.
#include "engine/game.h"

#include <cctype>

#include "engine/notation.h"

namespace othello {

Game::Game(Position start) : positions_{start} {}

void Game::play_passing_if_needed(Move m) {
    const Position& now = current();
    if (!m.is_pass() && !now.has_legal_move() && !now.is_game_over()) {
        // Check the move against the position after the pass before changing anything.
        if (auto reason = now.pass().illegality(m))
            throw IllegalMove("illegal move " + m.to_string() + ": " + *reason);
        play(Move::pass());
    }
    play(m);
}

bool Game::undo() {
    if (moves_.empty()) return false;
    moves_.pop_back();
    positions_.pop_back();
    return true;
}

std::string Game::transcript() const {
    return to_transcript(moves_);
}

Game Game::from_transcript(std::string_view transcript, Position start) {
    Game game(start);
    const std::vector<Move> moves = parse_moves(transcript);
    for (std::size_t i = 0; i < moves.size(); ++i) {
        try {
            game.play_passing_if_needed(moves[i]);
        } catch (const IllegalMove& e) {
            throw NotationError("transcript move " + std::to_string(i + 1) + " (" +
                                moves[i].to_string() + "): " + e.what());
        }
    }
    return game;
}

}  // namespace othello
