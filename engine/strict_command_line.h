// Command lines where every word is meant: a word that is neither an option nor one of the
// program's positional arguments is a usage error naming it, never silently dropped (Boost's
// parse_command_line ignores such words; with a positional description it refuses them without
// saying which). Header-only, for every program's options: its users link Boost.Program_options.
#pragma once

#include <boost/program_options.hpp>
#include <stdexcept>
#include <string>
#include <vector>

namespace othello {

// Runs `parser` with `options` and `positional` (whose last entry must take a bounded number of
// words), and throws std::invalid_argument "unexpected argument 'WORD'" for the first word
// beyond them. The result refers to `options`, which must outlive it.
inline boost::program_options::parsed_options parse_strictly(
    boost::program_options::command_line_parser parser,
    const boost::program_options::options_description& options,
    const boost::program_options::positional_options_description& positional = {}) {
    namespace po = boost::program_options;
    // A name with a space: no one can give it as an option.
    static const char* const kStray = "unexpected argument";
    po::options_description all;
    all.add(options);
    all.add_options()(kStray, po::value<std::vector<std::string>>());
    po::positional_options_description every = positional;
    every.add(kStray, -1);
    po::parsed_options parsed = parser.options(all).positional(every).run();
    for (const po::option& o : parsed.options) {
        if (o.string_key == kStray)
            throw std::invalid_argument("unexpected argument '" + o.value.front() + "'");
    }
    // What store() reads the options' types from: `all` ends here, and the options left are all
    // in `options`.
    parsed.description = &options;
    return parsed;
}

}  // namespace othello
