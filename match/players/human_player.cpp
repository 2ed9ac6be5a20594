// HumanPlayer: terminal prompts; the referee still checks the move, but a bad entry is asked again
// here so a typo never forfeits a game.
#include "match/players/human_player.h"

#include <string>

#include "engine/notation.h"

namespace othello {

void HumanPlayer::new_game(const Game&, const TimeControl&, std::uint64_t) {
    out_ << "New game: you are " << name_ << ".\n";
}

void HumanPlayer::opponent_played(const Game& game, Move move, const Deadline&) {
    out_ << "Move " << game.moves().size() << ": opponent played " << move.to_string() << "\n";
}

Move HumanPlayer::choose(const Game& game, const Deadline&, const GameClock*) {
    const Position& p = game.current();
    for (;;) {
        out_ << "\n"
             << to_ascii(p) << "Move " << game.moves().size() + 1 << ", "
             << othello::to_string(p.side_to_move()) << " to play. Legal moves:";
        for (int sq : Bits(p.legal_moves())) out_ << ' ' << Square::from_index(sq).to_string();
        out_ << "\nYour move: " << std::flush;
        std::string line;
        if (!std::getline(in_, line))
            throw PlayerError(PlayerFault::Crash, "the terminal input ended");
        const auto first = line.find_first_not_of(" \t");
        const auto last = line.find_last_not_of(" \t\r");
        const std::string entry =
            first == std::string::npos ? "" : line.substr(first, last - first + 1);
        const auto move = Move::parse(entry);
        if (move && !move->is_pass() && p.is_legal(*move)) return *move;
        out_ << "'" << entry << "' is not a legal move here; try again.\n";
    }
}

}  // namespace othello
