// Gathering labelled positions from game records, playouts and transcripts.
#include "training/training_set.h"

#include <fstream>
#include <stdexcept>
#include <string>

#include "engine/patterns/pattern_features.h"
#include "engine/random_playout.h"
#include "engine/wthor.h"

namespace othello::training {

using namespace patterns;

std::optional<int> black_result(const Game& game) {
    if (!game.is_over()) return std::nullopt;
    return game.current().final_disc_difference(Color::Black);
}

void add_game_positions(const Game& game, int black_result, std::optional<int> black_exact,
                        int exact_from_empties, TrainingSamples& out) {
    for (const Position& p : game.positions()) {
        if (!p.has_legal_move()) continue;
        const bool use_exact = black_exact && p.empty_count() >= exact_from_empties;
        const int black_value = use_exact ? *black_exact : black_result;
        const int value = p.side_to_move() == Color::Black ? black_value : -black_value;
        out.push_back({p.player(), p.opponent(), static_cast<float>(value)});
    }
}

WthorData load_wthor(const WthorLoadOptions& options) {
    WthorData data;
    for (const auto& path : wthor_files_in(options.folder)) {
        const WthorFile file = read_wthor(path);
        const bool held_out = file.year >= options.validation_from_year;
        for (const WthorGame& record : file.games) {
            if (options.max_games && data.games >= options.max_games) return data;
            Game game;
            try {
                game = replay(record);
            } catch (const IllegalMove&) {
                ++data.illegal_games;
                continue;
            }
            ++data.games;
            const int recorded = 2 * record.black_discs - 64;
            const auto result = black_result(game);
            if (!result) ++data.unfinished_games;
            if (result && *result != recorded) ++data.count_mismatches;
            // The theoretical score is only defined once the game reached its depth.
            std::optional<int> exact;
            if (options.theoretical_labels && result &&
                game.current().empty_count() <= file.theoretical_depth) {
                exact = 2 * record.theoretical_score - 64;
            }
            add_game_positions(game, result.value_or(recorded), exact, file.theoretical_depth,
                               held_out ? data.validation : data.train);
            if (held_out) data.validation_games.push_back(std::move(game));
        }
    }
    return data;
}

TrainingSamples random_playout_samples(int games, std::uint64_t seed) {
    Rng rng(seed);
    TrainingSamples out;
    for (int g = 0; g < games; ++g) {
        Game game;
        while (!game.is_over()) {
            const Bitboard moves = game.current().legal_moves();
            game.play(moves ? Move(Square::from_index(rng.pick_bit(moves))) : Move::pass());
        }
        add_game_positions(game, *black_result(game), std::nullopt, 0, out);
    }
    return out;
}

TrainingSamples positions_one_move_after(const TrainingSamples& samples, int every, int first) {
    if (every < 1) throw std::invalid_argument("positions_one_move_after: every must be 1 or more");
    if (first < 0 || first >= every)
        throw std::invalid_argument(
            "positions_one_move_after: the first parent must be from 0 to " +
            std::to_string(every - 1));
    TrainingSamples out;
    std::uint32_t parent = 0;
    for (std::size_t i = static_cast<std::size_t>(first); i < samples.size();
         i += static_cast<std::size_t>(every)) {
        const Position p =
            Position::from_mover(samples[i].player, samples[i].opponent, Color::Black);
        ++parent;
        for (int sq : Bits(p.legal_moves())) {
            Position after = p.play_unchecked(Square::from_index(sq));
            std::uint32_t siblings = parent;
            if (!after.has_legal_move()) {
                // Seen by the mover again: its value has the other sign from its siblings'.
                after = after.pass();
                siblings = 0;
            }
            if (!after.has_legal_move()) continue;  // the game is over
            out.push_back({after.player(), after.opponent(), 0.0f, siblings});
        }
    }
    return out;
}

TrainingSamples transcript_samples(const std::filesystem::path& path, int* unfinished) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error(path.string() + ": cannot open transcript file");
    TrainingSamples out;
    std::string line;
    int line_number = 0, skipped = 0;
    while (std::getline(in, line)) {
        ++line_number;
        if (const auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        Game game;
        try {
            game = Game::from_transcript(line);
        } catch (const NotationError& e) {
            throw NotationError(path.string() + ":" + std::to_string(line_number) + ": " +
                                e.what());
        } catch (const IllegalMove& e) {
            throw NotationError(path.string() + ":" + std::to_string(line_number) + ": " +
                                e.what());
        }
        const auto result = black_result(game);
        if (!result) {
            ++skipped;
            continue;
        }
        add_game_positions(game, *result, std::nullopt, 0, out);
    }
    if (unfinished) *unfinished = skipped;
    return out;
}

void write_csv(std::ostream& out, const TrainingSamples& samples) {
    out << "phase,target";
    for (int i = 0; i < kFeatureCount; ++i) out << ",f" << i;
    out << '\n';
    for (const TrainingSample& s : samples) {
        const Features f =
            extract_features(Position::from_mover(s.player, s.opponent, Color::Black));
        out << f.phase << ',' << s.target;
        for (std::uint32_t e : f.entries) out << ',' << e;
        out << '\n';
    }
}

}  // namespace othello::training
