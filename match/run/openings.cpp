// Openings: built-in generators and the file reader (transcripts and OBF boards).
#include "match/run/openings.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <unordered_set>

#include "engine/data_file.h"
#include "engine/notation.h"
#include "engine/opening_board.h"
#include "engine/rng.h"
#include "engine/symmetry.h"
#include "match/run/balanced_openings.h"
#include "match/run/opening_enumeration.h"

namespace othello {

namespace {

// Plays `plies` random moves; false if the game ended first.
bool random_opening(Rng& rng, int plies, Game& game) {
    for (int i = 0; i < plies; ++i) {
        if (game.is_over()) return false;
        Bitboard moves = game.current().legal_moves();
        if (!moves) moves = game.current().pass().legal_moves();
        game.play_passing_if_needed(Square::from_index(rng.pick_bit(moves)));
    }
    return !game.is_over();
}

std::vector<Opening> sample(std::uint64_t seed, int plies, std::size_t wanted, bool balanced) {
    Rng rng(seed);
    std::unordered_set<std::uint64_t> seen;
    std::vector<Opening> out;
    const std::size_t attempts = std::max<std::size_t>(wanted * 200, 10000);
    for (std::size_t a = 0; a < attempts && out.size() < wanted; ++a) {
        Game game;
        if (!random_opening(rng, plies, game)) continue;
        if (!seen.insert(canonical_hash(game.current())).second) continue;
        if (balanced && !is_balanced(game.current(), rng)) continue;
        out.push_back({"", game.transcript(), game});
    }
    return out;
}

std::string thousands(std::size_t n) {
    const std::string digits = std::to_string(n);
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

// Up to this many plies every position is listed, however few the match needs.
constexpr int kAlwaysEnumeratedPlies = 6;

// Whether random:K lists every position rather than sampling: always for few plies, and when the
// match needs more than half of them, where sampling random games finds the last ones only after
// hundreds of attempts each (and can never find more than there are).
bool enumerates_all(int plies, std::size_t wanted) {
    if (plies <= kAlwaysEnumeratedPlies) return true;
    if (plies > kMostEnumeratedPlies) return false;
    // Positions multiply with every ply this early: the count at 7 plies bounds every later one
    // from below, so a smaller match skips counting.
    if (wanted * 2 <= *distinct_opening_count(kAlwaysEnumeratedPlies + 1)) return false;
    return wanted * 2 > *distinct_opening_count(plies);
}

int parse_plies(const std::string& source, const std::string& text, int fallback) {
    if (text.empty()) return fallback;
    try {
        std::size_t used = 0;
        const int k = std::stoi(text, &used);
        if (used == text.size() && k >= 0 && k <= 59) return k;
    } catch (const std::exception&) {
    }
    throw std::runtime_error("openings '" + source + "': '" + text +
                             "' is not a number of plies from 0 to 59");
}

// What a file source asks for beyond the file: cutechess's -openings plies=N (each transcript cut
// after N plies; boards have none to cut) and start=N (the file's Nth opening first), written
// ahead of the file as "plies=8,start=100,FILE", as an engine spec's keys are.
struct FileSource {
    std::string path;
    int plies = -1;  // -1: whole lines
    long start = 1;  // 1-based: the first opening line read
};

FileSource parse_file_source(const std::string& source) {
    FileSource file;
    std::string_view rest = source;
    for (;;) {
        const bool plies = rest.starts_with("plies="), start = rest.starts_with("start=");
        const auto comma = rest.find(',');
        if (!(plies || start) || comma == std::string_view::npos) break;
        const std::string value(rest.substr(6, comma - 6));
        long number = -1;
        try {
            std::size_t used = 0;
            number = std::stol(value, &used);
            if (used != value.size()) number = -1;
        } catch (const std::exception&) {
        }
        if (plies && (number < 1 || number > 60)) {
            throw std::runtime_error("openings '" + source + "': plies '" + value +
                                     "' is not a number of plies from 1 to 60");
        }
        if (start && number < 1) {
            throw std::runtime_error("openings '" + source + "': start '" + value +
                                     "' is not an opening number from 1");
        }
        if (plies)
            file.plies = static_cast<int>(number);
        else
            file.start = number;
        rest.remove_prefix(comma + 1);
    }
    file.path = std::string(rest);
    return file;
}

// The opening cut after `plies` squares played (passes, implicit in transcripts, not counted).
Opening cut_opening(Opening opening, int plies) {
    if (plies < 0 || !start_board_of(opening).empty()) return opening;
    Game cut(opening.game.start());
    int played = 0;
    for (const Move m : opening.game.moves()) {
        if (played == plies) break;
        cut.play(m);
        if (!m.is_pass()) ++played;
    }
    opening.game = cut;
    opening.transcript = cut.transcript();
    return opening;
}

// The transcript of a line of an openings file, its name in `name`; "" for a line that holds
// no opening (blank, or a comment).
std::string_view transcript_of(std::string_view line, std::string* name) {
    if (const auto hash = line.find('#'); hash != std::string_view::npos)
        line = line.substr(0, hash);
    if (const auto tab = line.find('\t'); tab != std::string_view::npos) {
        if (name) {
            *name = std::string(line.substr(tab + 1));
            while (!name->empty() && (name->back() == '\r' || name->back() == ' '))
                name->pop_back();
        }
        line = line.substr(0, tab);
    }
    if (line.find_first_not_of(" \t\r") == std::string_view::npos) return {};
    return line;
}

std::string_view first_word(std::string_view text) {
    const auto first = text.find_first_not_of(" \t");
    if (first == std::string_view::npos) return {};
    const auto end = text.find_first_of(" \t;", first);
    return text.substr(first, end == std::string_view::npos ? end : end - first);
}

// True when `text` is meant as a board (OBF: "--XXO...-O X"): its first word has no square
// names, only the board characters. A transcript always holds digits, a board never.
bool is_board(std::string_view text) {
    const std::string_view word = first_word(text);
    // The characters parse_board reads: X O * for discs, - . for empty, B W as well.
    return !word.empty() && word.find_first_not_of("XxOo*-.BbWw") == std::string_view::npos;
}

// A board opening: the 64 squares and the side to move, anything after ';' (the FFO suite's
// comments) ignored, checked as the engine checks othello-set_position (engine/opening_board.h).
Game board_opening(std::string_view text) {
    if (const auto semicolon = text.find(';'); semicolon != std::string_view::npos)
        text = text.substr(0, semicolon);
    return game_from_board(text);
}

// The first `plies` moves of a transcript (passes between them kept): all that plies=N reads of a
// line, so a move past them, legal or not, is never played.
std::string first_plies(std::string_view transcript, int plies) {
    std::string out;
    int placed = 0;
    for (const Move& m : parse_moves(transcript)) {
        if (placed == plies) break;
        out += m.to_string();
        if (!m.is_pass()) ++placed;
    }
    return out;
}

// `plies`: plies=N of the file (-1: whole lines).
Opening parse_line(std::string_view line, const std::string& path, long number, int plies) {
    std::string name;
    const std::string_view text = transcript_of(line, &name);
    try {
        if (is_board(text)) {
            // Named by where it comes from unless the line names it: a suite's positions have
            // no names of their own.
            if (name.empty())
                name =
                    std::filesystem::path(path).filename().string() + ":" + std::to_string(number);
            return {name, "", board_opening(text)};
        }
        Game game = Game::from_transcript(plies < 0 ? std::string(text) : first_plies(text, plies));
        if (game.is_over()) throw NotationError("the game is already over");
        return {name, game.transcript(), game};
    } catch (const NotationError& e) {
        throw std::runtime_error(path + ":" + std::to_string(number) +
                                 ": bad opening: " + e.what());
    }
}

// Only a regular file: a FIFO (<(...) too) would hang the start waiting for a writer, a device
// could be read without end.
std::ifstream open_file(const std::string& path) {
    std::error_code error;
    if (std::filesystem::is_directory(path, error))
        throw std::runtime_error("openings file '" + path + "' is a directory");
    if (std::filesystem::exists(path, error)) require_regular_file(path, "openings file");
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        throw std::runtime_error("cannot open openings file '" + path +
                                 "': " + std::strerror(errno));
    }
    return in;
}

// A file can hold millions of openings and a match need only a few: only the lines used are
// parsed (a bad line further on is not the match's concern) and only their openings kept.
// In file order: the first `wanted` openings.
std::vector<Opening> read_file_in_order(const FileSource& file, std::size_t wanted) {
    std::ifstream in = open_file(file.path);
    std::vector<Opening> out;
    std::string line;
    long openings = 0;
    for (long number = 1; out.size() < wanted && std::getline(in, line); ++number) {
        if (transcript_of(line, nullptr).empty() || ++openings < file.start) continue;
        out.push_back(cut_opening(parse_line(line, file.path, number, file.plies), file.plies));
    }
    return out;
}

// In random order: `wanted` lines drawn uniformly (a reservoir sample of the lines that hold an
// opening, one pass keeping only their offsets), then parsed and shuffled.
std::vector<Opening> read_file_sample(const FileSource& file, std::size_t wanted,
                                      std::uint64_t seed) {
    const std::string& path = file.path;
    struct Chosen {
        std::uint64_t offset;
        long number;
    };
    std::ifstream in = open_file(path);
    Rng rng(seed ^ 0x6F70656E696E6773ULL);
    std::vector<Chosen> chosen;
    std::uint64_t offset = 0, seen = 0;
    long openings = 0;
    std::string line;
    for (long number = 1; std::getline(in, line); ++number) {
        const std::uint64_t start = offset;
        offset += line.size() + 1;
        if (transcript_of(line, nullptr).empty() || ++openings < file.start) continue;
        ++seen;
        if (chosen.size() < wanted) {
            chosen.push_back({start, number});
        } else {
            const std::uint64_t slot = rng() % seen;  // bias below 2^-40 for any real file
            if (slot < wanted) chosen[slot] = {start, number};
        }
    }
    std::sort(chosen.begin(), chosen.end(),
              [](const Chosen& a, const Chosen& b) { return a.offset < b.offset; });
    in.clear();
    std::vector<Opening> out;
    for (const Chosen& c : chosen) {
        in.seekg(static_cast<std::streamoff>(c.offset));
        std::getline(in, line);
        out.push_back(cut_opening(parse_line(line, path, c.number, file.plies), file.plies));
    }
    std::shuffle(out.begin(), out.end(), rng);
    return out;
}

}  // namespace

std::vector<Opening> load_openings(const std::string& source, std::uint64_t seed,
                                   std::size_t wanted, bool random_order) {
    wanted = std::max<std::size_t>(wanted, 1);
    std::vector<Opening> out;
    if (source == "start") {
        out.push_back({"start", "", Game()});
    } else if (source.starts_with("random:")) {
        const int k = parse_plies(source, source.substr(7), 0);
        if (enumerates_all(k, wanted)) {
            out = enumerate_openings(k);
            shuffle_openings(out, seed);
            if (out.size() > wanted && k > kAlwaysEnumeratedPlies) out.resize(wanted);
        } else {
            out = sample(seed, k, wanted, false);
        }
    } else if (source == "balanced" || source.starts_with("balanced:")) {
        const int k = parse_plies(source, source.size() > 9 ? source.substr(9) : "", 8);
        out = k == kShippedBalancedPlies ? shipped_balanced_openings(seed, wanted)
                                         : sample(seed, k, wanted, true);
    } else {
        const FileSource file = parse_file_source(source);
        out =
            random_order ? read_file_sample(file, wanted, seed) : read_file_in_order(file, wanted);
        if (out.empty() && file.start > 1) {
            throw std::runtime_error("openings file '" + file.path +
                                     "' holds no opening from start=" + std::to_string(file.start) +
                                     " on");
        }
        if (out.empty())
            throw std::runtime_error("openings file '" + file.path + "' holds no opening");
        return out;
    }
    if (random_order) shuffle_openings(out, seed);
    if (out.empty()) throw std::runtime_error("openings '" + source + "' produced no position");
    for (std::size_t i = 0; i < out.size(); ++i) {
        if (out[i].name.empty()) out[i].name = source + "#" + std::to_string(i + 1);
    }
    return out;
}

std::string start_board_of(const Opening& opening) {
    const Position& start = opening.game.start();
    return start == Position::start() ? std::string() : to_board_string(start);
}

std::string repeated_openings_warning(const std::string& source, std::size_t available,
                                      std::size_t wanted) {
    const bool random = source.starts_with("random:");
    const bool balanced = source == "balanced" || source.starts_with("balanced:");
    if (available == 0 || available >= wanted || !(random || balanced)) return "";
    const int k = random ? parse_plies(source, source.substr(7), 0)
                         : parse_plies(source, source.size() > 9 ? source.substr(9) : "", 8);
    const bool all_known = random ? enumerates_all(k, wanted) : k == kShippedBalancedPlies;
    std::string text = "openings '" + source + "': ";
    if (all_known) {
        text += "only " + thousands(available) + " distinct" + (balanced ? " balanced" : "") +
                " positions exist after " + std::to_string(k) + " plies (up to symmetry)";
    } else {
        text += "sampling found only " + thousands(available) + " distinct positions";
    }
    return text + "; the match's " + thousands(wanted) + " opening pairs use each of them up to " +
           std::to_string((wanted + available - 1) / available) + " times (" +
           (random ? "random:" : "balanced:") + std::to_string(k + 1) +
           " and more plies have more positions)";
}

void shuffle_openings(std::vector<Opening>& openings, std::uint64_t seed) {
    Rng rng(seed ^ 0x6F70656E696E6773ULL);
    std::shuffle(openings.begin(), openings.end(), rng);
}

}  // namespace othello
