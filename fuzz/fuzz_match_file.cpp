// libFuzzer target: the results reader behind --resume, merge and report. The input is written
// as a journal (.jsonl) and as a results file (.json) and read back with read_match_file; a file
// that is not one gives a std::runtime_error, never a crash, and every game read writes and
// reads back the same.
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

#include "match/results/match_file.h"
#include "match/results/results_file.h"

using namespace othello;

namespace {

void read_as(const std::string& path, const std::uint8_t* data, std::size_t size) {
    {
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    }
    try {
        for (const GameRecord& game : read_match_file(path).games) {
            const nlohmann::json written = to_json(game);
            if (to_json(record_from_json(written)) != written) std::abort();
        }
    } catch (const std::runtime_error&) {
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    // Memory-backed where there is one: the two files are rewritten for every input.
    static const std::string base = [] {
        const std::filesystem::path shm = "/dev/shm";
        const std::filesystem::path dir =
            std::filesystem::is_directory(shm) ? shm : std::filesystem::temp_directory_path();
        return (dir / ("fuzz_match_file-" + std::to_string(::getpid()))).string();
    }();
    read_as(base + ".jsonl", data, size);
    read_as(base + ".json", data, size);
    return 0;
}
