// ProgressLines: cutechess's wording, with Othello's colours: Black moves first and is named first.
#include "match/cli/progress_lines.h"

#include <algorithm>
#include <cstdio>
#include <numeric>
#include <vector>

#include "engine/ascii_text.h"

namespace othello {

namespace {

std::string result_text(Winner w) {
    switch (w) {
        case Winner::Black:
            return "1-0";
        case Winner::White:
            return "0-1";
        case Winner::Draw:
            break;
    }
    return "1/2-1/2";
}

std::string reason_text(const GameRecord& g) {
    const std::string discs = std::to_string(g.black_discs) + "-" + std::to_string(g.white_discs);
    const std::string winner = g.winner == Winner::Black ? "Black" : "White";
    if (is_forfeit(g.reason)) {
        if (g.winner == Winner::Draw) return "Draw: " + std::string(to_string(g.reason));
        const std::string loser = g.winner == Winner::Black ? "White" : "Black";
        return loser + " forfeits: " + std::string(to_string(g.reason));
    }
    if (g.reason == Outcome::Resigned)
        return (g.winner == Winner::Black ? "White" : "Black") +
               std::string(" resigns by adjudication, ") + discs + " on the board";
    if (g.reason == Outcome::DrawAdjudicated)
        return "Draw by adjudication, " + discs + " on the board";
    const std::string how = g.reason == Outcome::Adjudicated ? " by adjudication" : "";
    if (g.winner == Winner::Draw) return "Draw " + discs + how;
    return winner + " wins " + discs + how;
}

std::string points_text(double points) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f", points);
    return text;
}

}  // namespace

// The game's number is its id, as the results, the journal, --positions-out, the GGF records and
// the report page give it (from 0), so that a line leads to its record.
std::string finished_game_line(const GameRecord& game) {
    return "Finished game " + std::to_string(game.id) + " (" + printable(game.black) + " vs " +
           printable(game.white) + "): " + result_text(game.winner) + " {" + reason_text(game) +
           "}";
}

std::string score_line(const Standings& standings) {
    const auto& names = standings.names();
    if (names.size() == 2) {
        const WinDrawLoss& first = standings.tally(0).total;
        char share[16];
        std::snprintf(share, sizeof share, "%.3f", first.score());
        return "Score of " + printable(names[0]) + " vs " + printable(names[1]) + ": " +
               std::to_string(first.wins) + " - " + std::to_string(first.losses) + " - " +
               std::to_string(first.draws) + "  [" + share + "] " + std::to_string(first.games());
    }
    std::vector<int> order(names.size());
    std::iota(order.begin(), order.end(), 0);
    const auto points = [&](int i) {
        const WinDrawLoss& t = standings.tally(i).total;
        return t.wins + t.draws / 2.0;
    };
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return points(a) > points(b); });
    std::string line = "Standings after " + std::to_string(standings.games()) + " games:";
    for (std::size_t k = 0; k < order.size(); ++k) {
        line += (k ? ", " : " ") + printable(names[order[k]]) + " " +
                points_text(points(order[k])) + "/" +
                std::to_string(standings.tally(order[k]).total.games());
    }
    return line;
}

void ProgressLines::on_game(const GameRecord& game, const Standings& standings, long played) {
    out_ << finished_game_line(game) << '\n';
    if (score_every_ > 0 && played % score_every_ == 0) out_ << score_line(standings) << '\n';
    out_.flush();  // a log followed with tail -f shows each game as it ends
}

}  // namespace othello
