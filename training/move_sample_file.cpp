// Writing and reading move-sample files; the format is described in move_sample_file.h.
#include "training/move_sample_file.h"

#include <bit>
#include <cstring>
#include <fstream>
#include <stdexcept>

#include "engine/wthor.h"

namespace othello::training {

static_assert(std::endian::native == std::endian::little,
              "move-sample files are little-endian; this build writes them with memcpy");

namespace {

constexpr char kMoveSampleMagic[8] = {'O', 'T', 'H', 'M', 'O', 'V', 'E', 'S'};
constexpr std::uint32_t kMoveSampleVersion = 1;
constexpr std::size_t kMoveSampleHeaderBytes = 16;
constexpr std::uint32_t kMoveSampleRecordBytes = 32;

void encode(const MoveSample& s, Bitboard legal, int empties, char* out) {
    std::memset(out, 0, kMoveSampleRecordBytes);
    std::memcpy(out, &s.player, 8);
    std::memcpy(out + 8, &s.opponent, 8);
    std::memcpy(out + 16, &legal, 8);
    out[24] = static_cast<char>(s.move);
    out[25] = static_cast<char>(static_cast<std::int8_t>(s.result));
    const auto year = static_cast<std::uint16_t>(s.year);
    std::memcpy(out + 26, &year, 2);
    out[28] = static_cast<char>(empties);
}

// A file opened for writing (a temporary one, renamed when complete), its header written.
std::ofstream create_new(const std::filesystem::path& path) {
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    if (!file) throw std::runtime_error(path.string() + ": cannot open for writing");
    char header[kMoveSampleHeaderBytes];
    std::memcpy(header, kMoveSampleMagic, 8);
    std::memcpy(header + 8, &kMoveSampleVersion, 4);
    std::memcpy(header + 12, &kMoveSampleRecordBytes, 4);
    file.write(header, kMoveSampleHeaderBytes);
    return file;
}

}  // namespace

MoveSampleCounts export_move_samples(const MoveSampleExport& options,
                                     const std::filesystem::path& folder) {
    const auto train_path = folder / "train.moves";
    const auto held_out_path = folder / "held-out.moves";
    // An export never replaces data, and writes each file under a temporary name first, so that
    // an interrupted one leaves no file a trainer would take for complete.
    for (const auto& path : {train_path, held_out_path}) {
        if (std::filesystem::exists(std::filesystem::symlink_status(path)))
            throw std::runtime_error(path.string() +
                                     ": exists; remove it or choose another folder");
    }
    std::filesystem::create_directories(folder);
    auto temporary = [](std::filesystem::path path) { return path += ".partial"; };
    std::ofstream train = create_new(temporary(train_path));
    std::ofstream held_out = create_new(temporary(held_out_path));
    MoveSampleCounts counts;
    char record[kMoveSampleRecordBytes];
    for (const auto& path : wthor_files_in(options.wthor_dir)) {
        if (options.max_games && counts.games >= options.max_games) break;
        const WthorFile file = read_wthor(path);
        const bool is_held_out = file.year >= options.held_out_from_year;
        for (const WthorGame& wthor_game : file.games) {
            if (options.max_games && counts.games >= options.max_games) break;
            Game game;
            try {
                game = replay(wthor_game);
            } catch (const IllegalMove&) {
                ++counts.illegal_games;
                continue;
            }
            ++counts.games;
            // The replayed board decides the result; a game that stopped early counts as
            // recorded.
            const int black_result = game.is_over()
                                         ? game.current().final_disc_difference(Color::Black)
                                         : 2 * wthor_game.black_discs - 64;
            for (std::size_t i = 0; i < game.moves().size(); ++i) {
                const Position& p = game.positions()[i];
                const Move m = game.moves()[i];
                const Bitboard legal = p.legal_moves();
                if (m.is_pass() || popcount(legal) < 2) continue;
                const int result = p.side_to_move() == Color::Black ? black_result : -black_result;
                encode({p.player(), p.opponent(), m.square().index(), result, file.year}, legal,
                       p.empty_count(), record);
                (is_held_out ? held_out : train).write(record, kMoveSampleRecordBytes);
                ++(is_held_out ? counts.held_out : counts.train);
            }
        }
    }
    train.close();
    held_out.close();
    if (!train || !held_out) throw std::runtime_error(folder.string() + ": write failed");
    std::filesystem::rename(temporary(train_path), train_path);
    std::filesystem::rename(temporary(held_out_path), held_out_path);
    return counts;
}

std::vector<MoveSample> read_move_samples(const std::filesystem::path& path) {
    const std::string name = path.string();
    // Checked before opening: a FIFO would block the open.
    if (!std::filesystem::is_regular_file(path))
        throw std::runtime_error(name + ": not a regular file (a move-sample file is expected)");
    std::ifstream file(path, std::ios::binary);
    if (!file) throw std::runtime_error(name + ": cannot open move-sample file");
    const std::string bytes{std::istreambuf_iterator<char>(file), {}};
    std::uint32_t version = 0, record_bytes = 0;
    if (bytes.size() >= kMoveSampleHeaderBytes) {
        std::memcpy(&version, bytes.data() + 8, 4);
        std::memcpy(&record_bytes, bytes.data() + 12, 4);
    }
    if (bytes.size() < kMoveSampleHeaderBytes ||
        std::memcmp(bytes.data(), kMoveSampleMagic, 8) != 0 || version != kMoveSampleVersion ||
        record_bytes != kMoveSampleRecordBytes)
        throw std::runtime_error(name + ": not a move-sample file (OTHMOVES version 1)");
    if ((bytes.size() - kMoveSampleHeaderBytes) % kMoveSampleRecordBytes != 0)
        throw std::runtime_error(name + ": truncated: the last record is incomplete");
    std::vector<MoveSample> samples;
    for (std::size_t at = kMoveSampleHeaderBytes; at < bytes.size(); at += kMoveSampleRecordBytes) {
        MoveSample s;
        std::memcpy(&s.player, bytes.data() + at, 8);
        std::memcpy(&s.opponent, bytes.data() + at + 8, 8);
        s.move = static_cast<std::uint8_t>(bytes[at + 24]);
        s.result = static_cast<std::int8_t>(bytes[at + 25]);
        std::uint16_t year = 0;
        std::memcpy(&year, bytes.data() + at + 26, 2);
        s.year = year;
        if ((s.player & s.opponent) || s.move > 63 || (bit(s.move) & (s.player | s.opponent)))
            throw std::runtime_error(
                name + ": record " +
                std::to_string((at - kMoveSampleHeaderBytes) / kMoveSampleRecordBytes) +
                " is not a position with a move on an empty square");
        samples.push_back(s);
    }
    return samples;
}

}  // namespace othello::training
