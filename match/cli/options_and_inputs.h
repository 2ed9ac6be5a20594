// The command line of a subcommand that reads files: its options, then any number of inputs.
#pragma once

#include <boost/program_options.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "engine/gnu_help.h"

namespace othello {

// Parses argv against `options`, every word that is no option being an input file. Returns false
// when --help was asked for (the options are then printed to `out`); throws on a bad command line.
inline bool parse_options_and_inputs(int argc, char** argv,
                                     const boost::program_options::options_description& options,
                                     std::vector<std::string>& inputs, std::ostream& out,
                                     boost::program_options::variables_map& vm) {
    namespace po = boost::program_options;
    po::options_description hidden;
    hidden.add_options()("input", po::value(&inputs));
    po::options_description all;
    all.add(options).add(hidden);
    po::positional_options_description positional;
    positional.add("input", -1);
    po::store(po::command_line_parser(argc, argv).options(all).positional(positional).run(), vm);
    po::notify(vm);
    if (vm.count("help")) {
        out << gnu_help(options) << "\n";
        return false;
    }
    return true;
}

}  // namespace othello
