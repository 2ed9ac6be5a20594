// ProgressLines: a match's progress as cutechess-cli prints it, for logs (a pipe, nohup, CI, a
// Slurm job): "Finished game 12 (A vs B): 1-0 {Black wins 36-28}" as each game finishes, and a
// score line every N games, each on stdout and flushed at once.
#pragma once

#include <ostream>
#include <string>

#include "match/record/game_record.h"
#include "match/stats/standings.h"

namespace othello {

// "Finished game ID (BLACK vs WHITE): RESULT {REASON}": RESULT is 1-0 when Black (named first)
// won, 0-1 when White did, 1/2-1/2 for a draw; REASON says the discs, an adjudication, or who
// forfeited and how ("{White forfeits: illegal move}").
std::string finished_game_line(const GameRecord& game);

// Two engines: "Score of A vs B: W - L - D  [0.550] N", A's wins, losses and draws, its share of
// the points and the games (cutechess's line). More: "Standings after N games: A 12.5/20,
// B 10.0/20, ..." by points, the most first.
std::string score_line(const Standings& standings);

class ProgressLines {
  public:
    // `score_every`: games between score lines (0: none).
    ProgressLines(std::ostream& out, int score_every) : out_(out), score_every_(score_every) {}
    // `played`: the games finished in this run, this one included.
    void on_game(const GameRecord& game, const Standings& standings, long played);

  private:
    std::ostream& out_;
    int score_every_;
};

}  // namespace othello
