// Opening enumeration: a breadth-first walk over distinct positions. Expanding only one position
// of each symmetry class per level keeps 8 plies at about 60,000 expansions instead of the
// 390,216 move sequences a depth-first walk visits.
#include "match/run/opening_enumeration.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <mutex>
#include <unordered_set>

#include "engine/symmetry.h"

namespace othello {

namespace {

struct Node {
    Position position;
    std::uint32_t parent;  // index in the previous level
    std::uint8_t square;   // the move that led here from the parent
};

// The positions of the last level, each with the way back to the start through `levels`.
std::vector<std::vector<Node>> walk(int plies) {
    std::vector<std::vector<Node>> levels(1);
    levels[0].push_back({Position::start(), 0, 0});
    for (int ply = 0; ply < plies; ++ply) {
        const std::vector<Node>& parents = levels.back();
        std::vector<Node> children;
        std::unordered_set<std::uint64_t> seen;
        // Parents in order of their first move sequences and moves in square order: the first
        // time a class is met is by its first move sequence, and the level stays in that order.
        for (std::uint32_t i = 0; i < parents.size(); ++i) {
            Position from = parents[i].position;
            if (!from.has_legal_move()) from = from.pass();  // a pass is not a ply
            for (int sq : Bits(from.legal_moves())) {
                const Position next = from.play_unchecked(Square::from_index(sq));
                if (next.is_game_over()) continue;
                if (!seen.insert(canonical_hash(next)).second) continue;
                children.push_back({next, i, static_cast<std::uint8_t>(sq)});
            }
        }
        levels.push_back(std::move(children));
    }
    return levels;
}

}  // namespace

std::vector<Opening> enumerate_openings(int plies) {
    const std::vector<std::vector<Node>> levels = walk(plies);
    std::vector<Opening> out;
    out.reserve(levels.back().size());
    std::string transcript;
    for (const Node& leaf : levels.back()) {
        transcript.assign(static_cast<std::size_t>(2 * plies), ' ');
        const Node* node = &leaf;
        for (int ply = plies; ply > 0; --ply) {
            const std::string square = Square::from_index(node->square).to_string();
            transcript.replace(static_cast<std::size_t>(2 * (ply - 1)), 2, square);
            node = &levels[static_cast<std::size_t>(ply - 1)][node->parent];
        }
        Game game = Game::from_transcript(transcript);
        out.push_back({"", game.transcript(), std::move(game)});
    }
    return out;
}

std::optional<std::size_t> distinct_opening_count(int plies) {
    if (plies < 0 || plies > kMostEnumeratedPlies) return std::nullopt;
    static std::mutex lock;
    static std::map<int, std::size_t> counts;
    const std::lock_guard guard(lock);
    if (const auto it = counts.find(plies); it != counts.end()) return it->second;
    const std::size_t count = walk(plies).back().size();
    counts[plies] = count;
    return count;
}

}  // namespace othello
