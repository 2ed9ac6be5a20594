// libFuzzer target: the book's line importers (`moves<TAB>name` opening lines and finished-game
// transcripts), fed through a file as othello-book reads them. Bad lines throw BookImportError.
#include <unistd.h>

#include <fstream>
#include <string>

#include "engine/book/book_import.h"

using namespace othello;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const std::filesystem::path path =
        std::filesystem::temp_directory_path() /
        ("othello-fuzz-book-import-" + std::to_string(::getpid()) + ".txt");
    {
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    }
    BookBuilder lines;
    try {
        (void)import_lines(lines, path);
        (void)lines.entries(0);
    } catch (const BookImportError&) {
    }
    BookBuilder games;
    try {
        (void)import_transcript_games(games, path, 20);
        (void)games.entries(1);
    } catch (const BookImportError&) {
    }
    return 0;
}
