// PolicyOptions: the options the policies read, and the table that declares each one once — its
// name, help text, default and parser — for every place that sets them: othello-engine's flags
// (`--book FILE`) and the match runner's policy: spec keys (`book=FILE`). Adding an option is a
// field here and a row in the table.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace othello {

// Options shared by the policies; each policy reads what concerns it.
struct PolicyOptions {
    std::uint64_t seed = 1;      // ties and randomness come from a generator seeded with this
    std::string book_path;       // empty: the shipped default book
    double book_randomness = 0;  // 0: the book plays its best-rated move
    std::string weights_path;    // empty: the shipped default weights
    double temperature = 0;      // 0: the regression and network policies play their best move
    std::string network_path;    // empty: the shipped default network
    // The network policy adds this many logits per disc of the pattern evaluation of each move's
    // result: the network's move prediction and a value over its children, blended (the default
    // is the weight the held-out expert games prefer, docs/training-log.md). 0: the network alone.
    double value_weight = 1;
};

// The kinds of value an option holds; each kind has one parser, so the values it refuses are the
// kind's: a number >= 0 (finite), a file name (not empty), a seed (an unsigned integer).
enum class PolicyOptionKind { Number, File, Seed };

struct PolicyOption {
    std::string name;  // the engine's flag --NAME and the runner's spec key NAME=
    std::string help;  // one line, for --help
    PolicyOptionKind kind;
    // Reads `value` into its field; throws std::invalid_argument("NAME 'VALUE' is not ..."), the
    // message starting with the name so that callers can say where it came from.
    std::function<void(const std::string& value, PolicyOptions& options)> parse;
    // The field's value as text ("" for an empty file name): --help shows the default this way.
    std::function<std::string(const PolicyOptions& options)> show;
};

// Every option, in the order --help lists them.
const std::vector<PolicyOption>& policy_option_table();

// The row named `name`, or null.
const PolicyOption* find_policy_option(std::string_view name);

}  // namespace othello
