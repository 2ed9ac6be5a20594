// No function in any source folder, tests included, is longer than 80 lines (signature to
// closing brace): a long function is where changes pile up, and where the next ladder of cases
// grows. A doctest TEST_CASE is a function too, and as hard to read when long.
// Functions are found as clang-format lays them out (scripts/check-format.sh): a definition's
// body opens at the end of its signature's last line and closes with a brace at the signature's
// indentation. .clang-format indents no namespace body, so a free function is at 0 however deep
// its namespaces (`namespace a::b {` or `namespace a {` then `namespace b {`), a member at 4.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

constexpr int kMostLines = 80;

// Every folder of sources: the libraries, the mains, the benches, the tests and the fuzzers.
constexpr const char* kSourceFolders[] = {"io",   "engine", "protocol", "match", "training",
                                          "apps", "bench",  "tests",    "fuzz"};

struct LongFunction {
    std::string where;  // file:line
    std::string signature;
    int lines = 0;
};

bool starts_with_any(const std::string& text, std::initializer_list<const char*> words) {
    for (const char* w : words) {
        const std::string word(w);
        if (text.compare(0, word.size(), word) == 0 &&
            (text.size() == word.size() ||
             !std::isalnum(static_cast<unsigned char>(text[word.size()]))))
            return true;
    }
    return false;
}

std::string trimmed(const std::string& line) {
    const auto first = line.find_first_not_of(' ');
    return first == std::string::npos ? "" : line.substr(first);
}

// The first line of the signature ending at `open`: back over lines that continue it.
std::size_t signature_start(const std::vector<std::string>& lines, std::size_t open) {
    std::size_t k = open;
    while (k > 0) {
        const std::string previous = trimmed(lines[k - 1]);
        if (previous.empty() || previous.ends_with(';') || previous.ends_with('}') ||
            previous.ends_with('{') || previous.starts_with("//") || previous.starts_with('#'))
            break;
        --k;
    }
    return k;
}

std::vector<LongFunction> long_functions(const fs::path& file, const std::string& shown) {
    std::vector<std::string> lines;
    std::ifstream in(file);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    std::vector<LongFunction> found;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (!lines[i].ends_with('{')) continue;
        const std::size_t start = signature_start(lines, i);
        const std::string& first = lines[start];
        const std::size_t indent = first.find_first_not_of(' ');
        if (indent != 0 && indent != 4) continue;
        if (starts_with_any(first.substr(indent),
                            {"namespace", "struct", "class", "enum", "union", "if", "for", "while",
                             "switch", "else", "do", "try", "}", "//", "case", "return"}))
            continue;
        std::string signature;
        for (std::size_t k = start; k <= i; ++k) signature += trimmed(lines[k]) + " ";
        // A function's signature has parentheses; an initialiser (`= {`) is no function.
        if (signature.find('(') == std::string::npos ||
            signature.substr(0, signature.find('(')).find('=') != std::string::npos)
            continue;
        const std::string close = std::string(indent, ' ') + "}";
        std::size_t end = i + 1;
        while (end < lines.size() && lines[end] != close && !lines[end].starts_with(close + ";"))
            ++end;
        const int length = static_cast<int>(end - start + 1);
        if (length > kMostLines)
            found.push_back({shown + ":" + std::to_string(start + 1), signature, length});
        i = end;
    }
    return found;
}

// Writes `lines` lines of `statement` at `indent` spaces: a body of a known length.
void write_body(std::ofstream& file, int lines, const std::string& statement, int indent) {
    for (int i = 0; i < lines; ++i) file << std::string(indent, ' ') << statement << "\n";
}

}  // namespace

TEST_CASE("no function in any source folder is longer than 80 lines") {
    const fs::path root = OTHELLO_SOURCE_DIR;
    int files = 0;
    std::vector<LongFunction> found;
    for (const char* folder : kSourceFolders) {
        for (const auto& entry : fs::recursive_directory_iterator(root / folder)) {
            const fs::path& p = entry.path();
            if (!entry.is_regular_file() || (p.extension() != ".cpp" && p.extension() != ".h"))
                continue;
            ++files;
            for (auto& f : long_functions(p, fs::relative(p, root).string()))
                found.push_back(std::move(f));
        }
    }
    CHECK(files > 300);
    for (const LongFunction& f : found) {
        CAPTURE(f.where);
        CAPTURE(f.signature);
        CHECK(f.lines <= kMostLines);
    }
}

TEST_CASE("the length check finds long functions: free, members, nested, test cases; only those") {
    const fs::path dir = fs::temp_directory_path() / "othello_function_length";
    fs::create_directories(dir);
    std::ofstream file(dir / "sample.cpp");
    file << "namespace x {\n\nint long_one(int a,\n             int b) {\n";
    write_body(file, 80, "a += b;", 4);
    file << "    return a;\n}\n\nconst int table[] = {\n";
    write_body(file, 90, "1,", 4);
    file << "};\n\nstruct S {\n    void member() {\n";
    write_body(file, 79, "f();", 8);
    file << "    }\n};\n\n}  // namespace x\n\nnamespace othello::x {\n\nvoid nested() {\n";
    write_body(file, 81, "f();", 4);
    file << "}\n\n}  // namespace othello::x\n\nnamespace a {\nnamespace b {\n\n";
    file << "TEST_CASE(\"a long test case\") {\n";
    write_body(file, 79, "CHECK(f());", 4);
    file << "}\n\n}  // namespace b\n}  // namespace a\n\nextern \"C\" int entry(int n) {\n";
    write_body(file, 80, "n += 1;", 4);
    file << "    return n;\n}\n";
    file.close();
    const auto found = long_functions(dir / "sample.cpp", "sample.cpp");
    REQUIRE(found.size() == 5);
    CHECK(found[0].where == "sample.cpp:3");
    CHECK(found[0].lines == 84);
    CHECK(found[1].signature == "void member() { ");
    CHECK(found[1].lines == 81);
    CHECK(found[2].signature == "void nested() { ");
    CHECK(found[2].lines == 83);
    CHECK(found[3].signature == "TEST_CASE(\"a long test case\") { ");
    CHECK(found[3].lines == 81);
    CHECK(found[4].signature == "extern \"C\" int entry(int n) { ");
    CHECK(found[4].lines == 83);
    fs::remove_all(dir);
}
