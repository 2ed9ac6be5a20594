// Without libFuzzer (any compiler, any build): runs a fuzz target once over each file named on
// the command line, or every file in each folder named, and fails on the first input that makes
// it crash. The seeds in fuzz/corpus/ then run in every test pass, under the sanitizers in CI,
// and the targets keep compiling where clang's libFuzzer is absent.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

bool replay(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        std::cerr << "corpus replay: cannot read '" << file.string() << "'\n";
        return false;
    }
    const std::vector<char> bytes{std::istreambuf_iterator<char>(in),
                                  std::istreambuf_iterator<char>()};
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    long inputs = 0;
    for (int i = 1; i < argc; ++i) {
        const std::filesystem::path path = argv[i];
        std::vector<std::filesystem::path> files;
        if (std::filesystem::is_directory(path)) {
            for (const auto& entry : std::filesystem::directory_iterator(path))
                if (entry.is_regular_file()) files.push_back(entry.path());
        } else {
            files.push_back(path);
        }
        for (const auto& file : files) {
            if (!replay(file)) return 1;
            ++inputs;
        }
    }
    if (inputs == 0) {
        std::cerr << "corpus replay: no inputs\n";
        return 1;
    }
    std::cout << "corpus replay: " << inputs << " inputs, no crash\n";
    return 0;
}
