// Editing a match's journal in tests, as an attacker or a damaged disk would: its lines, the line
// of one game, and a game changed in place.
#pragma once

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "tests/match/match_test_support.h"

namespace othello::testing {

inline void write_lines(const std::filesystem::path& p, const std::vector<std::string>& lines) {
    std::ofstream out(p);
    for (const auto& line : lines) out << line << "\n";
}

// The journal line (0-based index into lines_of) holding game `id`.
inline std::size_t line_of_game(const std::vector<std::string>& lines, int id) {
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const auto j = nlohmann::json::parse(lines[i], nullptr, false);
        if (j.is_object() && j.contains("id") && j["id"] == id) return i;
    }
    FAIL("no game " << id << " in the journal");
    return 0;
}

// Changes game `id` in the journal lines with `edit`; returns its line number as messages say it.
inline std::string edit_game(std::vector<std::string>& lines, int id,
                             const std::function<void(nlohmann::json&)>& edit) {
    const std::size_t i = line_of_game(lines, id);
    nlohmann::json j = nlohmann::json::parse(lines[i]);
    edit(j);
    lines[i] = j.dump();
    return "line " + std::to_string(i + 1);
}

}  // namespace othello::testing
