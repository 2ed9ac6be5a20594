// The policy option table: one row per option, built from the kind of value it holds.
#include "engine/policy_options.h"

#include <charconv>
#include <cmath>
#include <stdexcept>

#include "engine/ascii_text.h"

namespace othello {

namespace {

// A number >= 0: randomness and temperatures, where 0 means "always the best move".
PolicyOption number_option(std::string name, std::string help, double PolicyOptions::*field) {
    return {name, std::move(help), PolicyOptionKind::Number,
            [name, field](const std::string& value, PolicyOptions& options) {
                double number = 0;
                const auto [end, error] =
                    std::from_chars(value.data(), value.data() + value.size(), number);
                if (error != std::errc() || end != value.data() + value.size() || !(number >= 0) ||
                    !std::isfinite(number)) {
                    throw std::invalid_argument(name + " '" + value + "' is not a number >= 0");
                }
                options.*field = number;
            },
            [field](const PolicyOptions& options) { return number_text(options.*field); }};
}

// A file to load instead of the shipped one; empty means the shipped one, so it is never given.
PolicyOption file_option(std::string name, std::string help, std::string PolicyOptions::*field) {
    return {name, std::move(help), PolicyOptionKind::File,
            [name, field](const std::string& value, PolicyOptions& options) {
                if (value.empty()) throw std::invalid_argument(name + " '' is not a file name");
                options.*field = value;
            },
            [field](const PolicyOptions& options) { return options.*field; }};
}

PolicyOption seed_option() {
    return {"seed", "seed of every random choice (ties, random moves)", PolicyOptionKind::Seed,
            [](const std::string& value, PolicyOptions& options) {
                const auto [end, error] =
                    std::from_chars(value.data(), value.data() + value.size(), options.seed);
                if (error != std::errc() || end != value.data() + value.size())
                    throw std::invalid_argument("seed '" + value + "' is not a number");
            },
            [](const PolicyOptions& options) { return std::to_string(options.seed); }};
}

}  // namespace

const std::vector<PolicyOption>& policy_option_table() {
    static const std::vector<PolicyOption> kOptions = {
        seed_option(),
        file_option("book", "opening book file (book policy)", &PolicyOptions::book_path),
        number_option("book-randomness", "0: the book plays its best move; higher: more variety",
                      &PolicyOptions::book_randomness),
        file_option("weights", "pattern weights file (regression policy)",
                    &PolicyOptions::weights_path),
        number_option("temperature",
                      "0: the regression and network policies play their best move; higher: "
                      "softmax sampling",
                      &PolicyOptions::temperature),
        file_option("network", "network weights file (network policy)",
                    &PolicyOptions::network_path),
        number_option("value-weight",
                      "network policy: logits added per disc of the pattern evaluation of each "
                      "move's result (0: the network alone)",
                      &PolicyOptions::value_weight),
    };
    return kOptions;
}

const PolicyOption* find_policy_option(std::string_view name) {
    for (const PolicyOption& option : policy_option_table()) {
        if (option.name == name) return &option;
    }
    return nullptr;
}

}  // namespace othello
