// --help in the GNU form, for every program's options: "-h, --help" and "--games=N" where
// Boost.Program_options writes "-h [ --help ]" and "--games arg", so that people and help2man
// read it as they read any GNU program's. Header-only: its users link Boost.Program_options.
#pragma once

#include <boost/program_options.hpp>
#include <cctype>
#include <sstream>
#include <string>
#include <string_view>

namespace othello {

namespace gnu_help_detail {

// The name of an option's value: the WORD its description starts with as "WORD: ..." ("FILE",
// "K/N", "POSITIONS"), else ARG.
inline std::string value_name(std::string_view description) {
    const std::size_t colon = description.find(':');
    if (colon == std::string_view::npos || colon == 0) return "ARG";
    const std::string_view word = description.substr(0, colon);
    bool upper = false;
    for (const char c : word) {
        const auto u = static_cast<unsigned char>(c);
        if (std::isupper(u)) upper = true;
        if (!std::isupper(u) && !std::isdigit(u) &&
            std::string_view("_/.-").find(c) == std::string_view::npos)
            return "ARG";
    }
    return upper ? std::string(word) : "ARG";
}

// Boost's option column ("-h [ --help ]", "--games arg (=100)", "--resume") in the GNU form
// ("-h, --help", "    --games=ARG (default: 100)", "    --resume").
inline std::string gnu_option(std::string option, std::string_view description) {
    std::string names, rest;
    if (option.starts_with("--")) {
        const std::size_t space = option.find(' ');
        names = "    " + option.substr(0, space);
        rest = space == std::string::npos ? "" : option.substr(space + 1);
    } else {
        const std::size_t close = option.find(" ]");
        if (option.find(" [ --") == std::string::npos || close == std::string::npos) return option;
        names = option.substr(0, option.find(' ')) + ", " +
                option.substr(option.find("--"), close - option.find("--"));
        rest = close + 2 < option.size() ? option.substr(close + 3) : "";
    }
    if (rest.empty()) return names;
    std::string value = "=" + value_name(description);
    if (rest.starts_with("arg")) rest = rest.substr(3);
    if (rest.starts_with(" (=") && rest.ends_with(")"))
        return names + value + " (default: " + rest.substr(3, rest.size() - 4) + ")";
    return names + value + rest;
}

}  // namespace gnu_help_detail

// What `std::cout << options` prints, each option line in the GNU form; captions, groups and the
// descriptions' wrapping as Boost lays them out.
inline std::string gnu_help(const boost::program_options::options_description& options) {
    std::ostringstream boost_text;
    boost_text << options;
    const std::size_t column = options.get_option_column_width();
    std::istringstream in(boost_text.str());
    std::string out;
    for (std::string line; std::getline(in, line);) {
        if (!line.starts_with("  -")) {
            out += line + "\n";
            continue;
        }
        // An option wider than the column runs on past it, its description on the next line.
        const bool runs_on = line.size() > column && line[column - 1] != ' ';
        std::string option = runs_on ? line.substr(2) : line.substr(2, column - 2);
        const std::string description = runs_on || line.size() <= column ? "" : line.substr(column);
        while (!option.empty() && option.back() == ' ') option.pop_back();
        const std::string gnu = "  " + gnu_help_detail::gnu_option(option, description);
        if (description.empty()) {
            out += gnu + "\n";
        } else if (gnu.size() + 2 <= column) {
            out += gnu + std::string(column - gnu.size(), ' ') + description + "\n";
        } else {
            out += gnu + "\n" + std::string(column, ' ') + description + "\n";
        }
    }
    return out;
}

}  // namespace othello
