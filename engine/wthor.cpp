// WTHOR reader: 16-byte header, then 68-byte records, all little-endian.
#include "engine/wthor.h"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "engine/ascii_text.h"

namespace othello {

namespace {

constexpr std::size_t kHeaderSize = 16;
constexpr std::size_t kRecordSize = 68;

unsigned byte_at(const std::string& bytes, std::size_t i) {
    return static_cast<unsigned char>(bytes[i]);
}
unsigned u16_at(const std::string& bytes, std::size_t i) {
    return byte_at(bytes, i) | byte_at(bytes, i + 1) << 8;
}
unsigned u32_at(const std::string& bytes, std::size_t i) {
    return u16_at(bytes, i) | u16_at(bytes, i + 2) << 16;
}

std::string read_bytes(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw WthorError(path.string() + ": cannot open");
    std::ostringstream contents;
    contents << in.rdbuf();
    return contents.str();
}

}  // namespace

WthorFile parse_wthor(const std::string& bytes, const std::string& name) {
    if (bytes.size() < kHeaderSize) {
        throw WthorError(name + ": " + std::to_string(bytes.size()) +
                         " bytes, shorter than the 16-byte header");
    }
    const std::size_t count = u32_at(bytes, 4);
    if (bytes.size() != kHeaderSize + kRecordSize * count) {
        throw WthorError(name + ": header says " + std::to_string(count) + " games (" +
                         std::to_string(kHeaderSize + kRecordSize * count) +
                         " bytes) but the file has " + std::to_string(bytes.size()) + " bytes");
    }
    const unsigned board_size = byte_at(bytes, 12);
    if (board_size != 0 && board_size != 8) {
        throw WthorError(name + ": board size " + std::to_string(board_size) + " is not 8x8");
    }
    WthorFile file;
    file.year = static_cast<int>(u16_at(bytes, 10));
    file.theoretical_depth = byte_at(bytes, 14) ? static_cast<int>(byte_at(bytes, 14)) : 22;
    file.games.reserve(count);
    for (std::size_t g = 0; g < count; ++g) {
        const std::size_t at = kHeaderSize + kRecordSize * g;
        WthorGame game;
        game.tournament = static_cast<int>(u16_at(bytes, at));
        game.black_player = static_cast<int>(u16_at(bytes, at + 2));
        game.white_player = static_cast<int>(u16_at(bytes, at + 4));
        game.black_discs = static_cast<int>(byte_at(bytes, at + 6));
        game.theoretical_score = static_cast<int>(byte_at(bytes, at + 7));
        for (std::size_t i = 0; i < 60; ++i) {
            const unsigned code = byte_at(bytes, at + 8 + i);
            if (code == 0) break;  // padding after the last move
            const unsigned row = code / 10, column = code % 10;
            if (row < 1 || row > 8 || column < 1 || column > 8) {
                throw WthorError(name + ": game " + std::to_string(g + 1) + ", move " +
                                 std::to_string(i + 1) + ": byte " + std::to_string(code) +
                                 " is not a square (11..88)");
            }
            game.moves.push_back(
                Square::at(static_cast<int>(column) - 1, static_cast<int>(row) - 1));
        }
        file.games.push_back(std::move(game));
    }
    return file;
}

WthorFile read_wthor(const std::filesystem::path& path) {
    return parse_wthor(read_bytes(path), path.string());
}

std::vector<std::filesystem::path> wthor_files_in(const std::filesystem::path& folder) {
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(folder)) {
        const std::string ext = ascii_lower(entry.path().extension().string());
        if (entry.is_regular_file() && ext == ".wtb") files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    return files;
}

Game replay(const WthorGame& record) {
    Game game;
    for (std::size_t i = 0; i < record.moves.size(); ++i) {
        try {
            game.play_passing_if_needed(record.moves[i]);
        } catch (const IllegalMove& e) {
            throw IllegalMove("move " + std::to_string(i + 1) + ": " + e.what());
        }
    }
    return game;
}

}  // namespace othello
