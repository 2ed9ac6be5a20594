// othello-token: prints a fresh random token for othello-engine --token (128 bits by default, as
// 32 hexadecimal digits from the kernel's randomness).
#include <boost/program_options.hpp>
#include <iostream>
#include <string>

#include "engine/ascii_text.h"
#include "engine/gnu_help.h"
#include "engine/strict_command_line.h"
#include "engine/version.h"
#include "protocol/token_secret.h"

namespace po = boost::program_options;
using namespace othello;

int main(int argc, char** argv) {
    int bits = kTokenBits;
    po::options_description described(
        "Usage: othello-token [OPTION]...\n"
        "Print a random token for othello-engine --token (and token= of othello-match's TCP "
        "engines): hexadecimal digits from the kernel's randomness, one line.\n\nOptions");
    described.add_options()("help,h", "print this help")("version",
                                                         "print 'othello-token VERSION'")(
        "bits", po::value(&bits)->default_value(bits),
        "bits of randomness: a multiple of 4 from 128 to 4096 (4 bits a digit)");
    po::variables_map vm;
    try {
        po::store(parse_strictly(po::command_line_parser(argc, argv), described), vm);
        po::notify(vm);
    } catch (const std::exception& e) {
        std::cerr << "othello-token: " << printable(e.what()) << "\n(see othello-token --help)\n";
        return 2;
    }
    if (vm.count("help")) {
        std::cout << gnu_help(described) << "\n";
        return 0;
    }
    if (vm.count("version")) {
        std::cout << "othello-token " << kVersion << "\n";
        return 0;
    }
    if (bits < kTokenBits || bits > 4096 || bits % 4 != 0) {
        std::cerr << "othello-token: --bits " << bits << ": give a multiple of 4 from "
                  << kTokenBits << " to 4096\n";
        return 2;
    }
    try {
        std::cout << random_token(bits) << "\n";
    } catch (const std::exception& e) {
        std::cerr << "othello-token: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
