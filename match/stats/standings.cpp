// Standings: one pass per record; pairs are matched by their pair id.
#include "match/stats/standings.h"

#include <algorithm>
#include <functional>

namespace othello {

namespace {

void count(WinDrawLoss& r, int points2) {  // points2: 2 win, 1 draw, 0 loss
    if (points2 == 2)
        ++r.wins;
    else if (points2 == 1)
        ++r.draws;
    else
        ++r.losses;
}

}  // namespace

Standings::Standings(std::vector<std::string> names)
    : names_(std::move(names)),
      tallies_(names_.size()),
      head_to_head_(names_.size(), std::vector<WinDrawLoss>(names_.size())),
      pentanomial_(names_.size(), std::vector<Pentanomial>(names_.size())),
      repeated_(names_.size(), std::vector<long>(names_.size(), 0)) {}

int Standings::index_of(const std::string& name) const {
    const auto it = std::find(names_.begin(), names_.end(), name);
    return it == names_.end() ? -1 : static_cast<int>(it - names_.begin());
}

void Standings::add(const GameRecord& r) {
    const int b = index_of(r.black), w = index_of(r.white);
    if (b < 0 || w < 0) return;
    ++games_;
    // The same moves from two boards are two games.
    const std::uint64_t game =
        (std::hash<std::string>{}(r.moves) * 31 + std::hash<std::string>{}(r.start_board)) * 31 +
        std::hash<int>{}(b * 1009 + w);
    if (!played_.insert(game).second) {
        ++repeated_[std::min(b, w)][std::max(b, w)];
        ++repeated_total_;
    }
    ++reasons_[r.reason];
    const int black_points2 = r.winner == Winner::Black ? 2 : r.winner == Winner::Draw ? 1 : 0;
    const int white_points2 = 2 - black_points2;
    count(tallies_[b].total, black_points2);
    count(tallies_[b].as_black, black_points2);
    count(tallies_[w].total, white_points2);
    count(tallies_[w].as_white, white_points2);
    count(head_to_head_[b][w], black_points2);
    count(head_to_head_[w][b], white_points2);
    const int diff = black_final_margin(r);
    tallies_[b].disc_difference_sum += diff;
    tallies_[w].disc_difference_sum -= diff;

    const auto open = open_pairs_.find(r.pair);
    if (open == open_pairs_.end()) {
        open_pairs_.emplace(r.pair, std::make_pair(b, black_points2));
        return;
    }
    const auto [first_engine, first_points2] = open->second;
    open_pairs_.erase(open);
    const int second_points2 = first_engine == b ? black_points2 : white_points2;
    const int other = first_engine == b ? w : b;
    const int total = first_points2 + second_points2;  // 0..4 half points of first_engine
    if (first_engine < other)
        ++pentanomial_[first_engine][other].counts[total];
    else
        ++pentanomial_[other][first_engine].counts[4 - total];
}

std::map<std::string, long> Standings::reasons() const {
    std::map<std::string, long> named;
    for (const auto& [reason, count] : reasons_) named[std::string(to_string(reason))] = count;
    return named;
}

WinDrawLoss Standings::head_to_head(int a, int b) const {
    return head_to_head_[a][b];
}

Pentanomial Standings::pentanomial(int a, int b) const {
    if (a < b) return pentanomial_[a][b];
    Pentanomial p = pentanomial_[b][a];
    std::reverse(p.counts.begin(), p.counts.end());
    return p;
}

}  // namespace othello
