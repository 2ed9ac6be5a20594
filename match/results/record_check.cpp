// RecordCheck: a replay with the referee's rules (engine/game.h), the endgame solver where cheap.
#include "match/results/record_check.h"

#include <algorithm>
#include <vector>

#include "engine/game.h"
#include "engine/notation.h"
#include "engine/search/endgame_solver.h"

namespace othello {

namespace {

// Adjudicated positions with at most this many empty squares are solved again on read back, for
// about what the replay costs; the solver's cost grows steeply with the empty squares and a
// resume must stay fast, so deeper ones are checked for consistency only.
constexpr int kSolvedOnReadBack = 6;

std::vector<Square> squares_of(const std::vector<Move>& moves) {
    std::vector<Square> squares;
    for (const Move& m : moves) {
        if (!m.is_pass()) squares.push_back(m.square());
    }
    return squares;
}

std::string discs(int black, int white) {
    return "black " + std::to_string(black) + ", white " + std::to_string(white);
}

Winner winner_by_discs(int black, int white) {
    return black > white ? Winner::Black : black < white ? Winner::White : Winner::Draw;
}

std::string recorded_score(const GameRecord& r) {
    return discs(r.black_discs, r.white_discs) + " (" + to_string(r.winner) + ")";
}

// The referee adjudicates at the first position of a game still going with N empty squares or
// fewer: no game, however it ended, goes on past it.
std::string past_adjudication_problem(const Position& end, bool moved,
                                      std::optional<int> adjudication_empties) {
    if (!adjudication_empties || !moved || end.empty_count() >= *adjudication_empties) return "";
    return "ends at " + std::to_string(end.empty_count()) +
           " empty squares, past the match's adjudication at " +
           std::to_string(*adjudication_empties);
}

std::string adjudication_problem(const GameRecord& r, const Position& end,
                                 std::optional<int> adjudication_empties) {
    if (end.is_game_over()) return "adjudicated, but the game is over on the board";
    const int empties = end.empty_count();
    if (adjudication_empties && empties > *adjudication_empties) {
        return "adjudicated at " + std::to_string(empties) +
               " empty squares, but the match adjudicates at " +
               std::to_string(*adjudication_empties);
    }
    if (r.black_discs + r.white_discs != 64 ||
        r.winner != winner_by_discs(r.black_discs, r.white_discs)) {
        return "adjudicated score " + recorded_score(r) +
               " is not a perfect-play score (the discs add up to 64, the winner has more)";
    }
    if (empties <= kSolvedOnReadBack) {
        const int for_mover = search::solve_endgame(end);
        const int for_black = end.side_to_move() == Color::Black ? for_mover : -for_mover;
        const int black = (64 + for_black) / 2;
        if (black != r.black_discs)
            return "adjudicated score " + recorded_score(r) + ", but perfect play gives " +
                   discs(black, 64 - black);
    }
    return "";
}

std::string forfeit_problem(const GameRecord& r, const Position& end, bool moved) {
    if (r.winner == Winner::Draw) return std::string(to_string(r.reason)) + " recorded as a draw";
    // A forfeit stops a game that is still going; before the first move either side may fail
    // to set up.
    if (!moved) return "";
    if (end.is_game_over())
        return std::string(to_string(r.reason)) + ", but the game is over on the board";
    // The side to move is the one that failed: asked for a move, or told the last one. When it
    // has no move the referee passed for it, and either side may have failed.
    if (end.has_legal_move()) {
        const Winner offender_loses =
            end.side_to_move() == Color::Black ? Winner::White : Winner::Black;
        if (r.winner != offender_loses) {
            return std::string(to_string(r.reason)) + " by " +
                   std::string(othello::to_string(end.side_to_move())) +
                   ", the side to move, but the winner is " + to_string(r.winner);
        }
    }
    return "";
}

}  // namespace

std::string replay_problem(const GameRecord& r, std::optional<int> adjudication_empties) {
    Game game;
    std::vector<Move> opening;
    try {
        game = Game::from_transcript(r.moves, start_position(r));
        opening = parse_moves(r.opening);
    } catch (const std::exception& e) {
        return std::string("moves do not replay: ") + e.what();
    }
    const std::vector<Square> played = squares_of(game.moves());
    const std::vector<Square> opened = squares_of(opening);
    if (opened.size() > played.size() || !std::equal(opened.begin(), opened.end(), played.begin()))
        return "moves do not start with the opening '" + r.opening + "'";
    const bool moved = played.size() > opened.size();
    const Position& end = game.current();
    if (std::string past = past_adjudication_problem(end, moved, adjudication_empties);
        !past.empty())
        return past;
    if (r.reason == Outcome::Adjudicated) return adjudication_problem(r, end, adjudication_empties);

    const int black = end.disc_count(Color::Black);
    const int white = end.disc_count(Color::White);
    if (r.black_discs != black || r.white_discs != white)
        return "discs " + discs(r.black_discs, r.white_discs) + ", but the moves leave " +
               discs(black, white);
    if (is_forfeit(r.reason)) return forfeit_problem(r, end, moved);
    if (!end.is_game_over()) return "played out, but the game is not over after the moves";
    if (r.winner != winner_by_discs(black, white))
        return "winner " + to_string(r.winner) + ", but the moves leave " + discs(black, white);
    return "";
}

std::string schedule_problem(const GameRecord& r, const ScheduledGame& scheduled,
                             const Opening* opening) {
    if (r.pair != scheduled.pair) {
        return "pair " + std::to_string(r.pair) + ", but the schedule has game " +
               std::to_string(r.id) + " in pair " + std::to_string(scheduled.pair);
    }
    if (opening && r.opening != opening->transcript) {
        return "opening '" + r.opening + "', but the schedule has game " + std::to_string(r.id) +
               " open with '" + opening->transcript + "'";
    }
    if (opening && r.start_board != start_board_of(*opening)) {
        const std::string board = start_board_of(*opening);
        return "start board '" + r.start_board + "', but the schedule has game " +
               std::to_string(r.id) + " start from " +
               (board.empty() ? std::string("the standard start") : "'" + board + "'");
    }
    return "";
}

}  // namespace othello
