// Standings: one pass per record; pairs are matched by their pair id.
#include "match/stats/standings.h"

#include <algorithm>
#include <functional>
#include <utility>

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

bool Standings::GameHashes::insert(std::uint64_t hash) {
    if (hash == 0) return !std::exchange(has_zero_, true);
    if (2 * (size_ + 1) > slots_.size()) {
        std::vector<std::uint64_t> old = std::exchange(slots_, {});
        slots_.assign(std::max<std::size_t>(1024, 2 * old.size()), 0);
        size_ = 0;
        for (const std::uint64_t h : old) {
            if (h != 0) insert(h);
        }
    }
    const std::size_t mask = slots_.size() - 1;
    // The hashes are std::hash mixes of strings: mixed once more, as the low bits pick the slot.
    std::size_t i = static_cast<std::size_t>((hash * 0x9E3779B97F4A7C15ull) >> 20) & mask;
    while (slots_[i] != 0) {
        if (slots_[i] == hash) return false;
        i = (i + 1) & mask;
    }
    slots_[i] = hash;
    ++size_;
    return true;
}

Standings::Standings(std::vector<std::string> names)
    : names_(std::move(names)), tallies_(names_.size()) {
    for (int i = static_cast<int>(names_.size()); i-- > 0;) index_[names_[i]] = i;
}

int Standings::index_of(const std::string& name) const {
    const auto it = index_.find(name);
    return it == index_.end() ? -1 : it->second;
}

void Standings::add(const GameRecord& r) {
    const int b = index_of(r.black), w = index_of(r.white);
    if (b < 0 || w < 0) return;
    ++games_;
    // The same moves from two boards are two games.
    const std::uint64_t game =
        (std::hash<std::string>{}(r.moves) * 31 + std::hash<std::string>{}(r.start_board)) * 31 +
        std::hash<int>{}(b * 1009 + w);
    if (!played_.insert(game)) {
        ++repeated_[key(std::min(b, w), std::max(b, w))];
        ++repeated_total_;
    }
    ++reasons_[r.reason];
    const int black_points2 = r.winner == Winner::Black ? 2 : r.winner == Winner::Draw ? 1 : 0;
    const int white_points2 = 2 - black_points2;
    count(tallies_[b].total, black_points2);
    count(tallies_[b].as_black, black_points2);
    count(tallies_[w].total, white_points2);
    count(tallies_[w].as_white, white_points2);
    count(head_to_head_[key(b, w)], black_points2);
    count(head_to_head_[key(w, b)], white_points2);
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
        ++pentanomial_[key(first_engine, other)].counts[total];
    else
        ++pentanomial_[key(other, first_engine)].counts[4 - total];
}

std::map<std::string, long> Standings::reasons() const {
    std::map<std::string, long> named;
    for (const auto& [reason, count] : reasons_) named[std::string(to_string(reason))] = count;
    return named;
}

WinDrawLoss Standings::head_to_head(int a, int b) const {
    const auto it = head_to_head_.find(key(a, b));
    return it == head_to_head_.end() ? WinDrawLoss{} : it->second;
}

std::vector<std::pair<int, int>> Standings::pairings() const {
    std::vector<std::pair<int, int>> pairs;
    for (const auto& [k, results] : head_to_head_) {
        const int a = static_cast<int>(k >> 32), b = static_cast<int>(k & 0xFFFFFFFFu);
        if (a < b && results.games() > 0) pairs.emplace_back(a, b);
    }
    return pairs;
}

Pentanomial Standings::pentanomial(int a, int b) const {
    const auto it = pentanomial_.find(a < b ? key(a, b) : key(b, a));
    Pentanomial p = it == pentanomial_.end() ? Pentanomial{} : it->second;
    if (a > b) std::reverse(p.counts.begin(), p.counts.end());
    return p;
}

long Standings::repeated_games(int a, int b) const {
    const auto it = repeated_.find(key(std::min(a, b), std::max(a, b)));
    return it == repeated_.end() ? 0 : it->second;
}

}  // namespace othello
