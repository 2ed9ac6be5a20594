// Count: a command-line option's whole number from 0 (a size or a limit), for
// Boost.Program_options. Read into a plain std::size_t, "-1" becomes its largest value
// (boost::lexical_cast wraps), so a negative limit would silently be no limit at all; a Count
// refuses it, naming the option. Header-only, for every program's options.
#pragma once

#include <boost/program_options.hpp>
#include <charconv>
#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

namespace othello {

struct Count {
    std::size_t value = 0;
};

// How --help shows a default.
inline std::ostream& operator<<(std::ostream& out, const Count& count) {
    return out << count.value;
}

// Boost.Program_options reads a Count through this (found by argument-dependent lookup): digits
// only, so "-1", "+3", "2.5" and "" are refused with "--OPTION: '-1' is not a count (a whole
// number from 0)".
inline void validate(boost::any& stored, const std::vector<std::string>& values, Count*, int) {
    namespace po = boost::program_options;
    po::validators::check_first_occurrence(stored);
    const std::string& text = po::validators::get_single_string(values);
    Count count;
    const char* end = text.data() + text.size();
    const auto [stop, error] = std::from_chars(text.data(), end, count.value);
    if (text.empty() || text[0] < '0' || text[0] > '9' || error != std::errc() || stop != end) {
        po::error_with_option_name refused(
            "%canonical_option%: '%value%' is not a count (a whole number from 0)");
        refused.set_substitute("value", text);
        throw refused;
    }
    stored = count;
}

}  // namespace othello
