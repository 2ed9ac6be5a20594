// EngineSpec parsing: key=value options, then the engine kind; shell-like command splitting.
#include "match/players/engine_spec.h"

#include <boost/program_options/parsers.hpp>
#include <charconv>
#include <cmath>
#include <map>
#include <stdexcept>

#include "engine/ascii_text.h"

namespace othello {

namespace {

bool starts_with_kind(std::string_view s) {
    return s.starts_with("policy:") || s.starts_with("cmd:") || s.starts_with("cmd=") ||
           s.starts_with("nboard:") || s.starts_with("tcp://") || s == "human";
}

// Reads leading "key=value," options into `options`; returns the rest (the kind).
std::string_view read_options(std::string_view s, std::map<std::string, std::string>& options,
                              std::string_view whole) {
    while (!s.empty() && !starts_with_kind(s)) {
        const auto comma = s.find(',');
        const std::string_view item = s.substr(0, comma);
        const auto eq = item.find('=');
        if (eq == std::string_view::npos || eq == 0) {
            throw std::invalid_argument("engine spec '" + std::string(whole) +
                                        "': expected key=value, policy:NAME, "
                                        "cmd:COMMAND, nboard:COMMAND, tcp://HOST:PORT or human "
                                        "at '" +
                                        std::string(s) + "'");
        }
        const std::string key(item.substr(0, eq));
        // tc= and st= replace each other: an engine's own st= wins over --each tc=.
        if (key == "tc") options.erase("st");
        if (key == "st") options.erase("tc");
        options[key] = std::string(item.substr(eq + 1));
        if (comma == std::string_view::npos) return {};
        s.remove_prefix(comma + 1);
    }
    return s;
}

std::vector<std::string> split_command(const std::string& line) {
    return boost::program_options::split_unix(line);
}

double non_negative_number(std::string_view text, const std::string& key,
                           const std::string& value) {
    double number = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), number);
    if (ec != std::errc() || end != value.data() + value.size() || !(number >= 0) ||
        !std::isfinite(number)) {
        throw std::invalid_argument("engine spec '" + std::string(text) + "': " + key + " '" +
                                    value + "' is not a number >= 0");
    }
    return number;
}

std::string basename_of(const std::string& path) {
    const auto slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

}  // namespace

EngineSpec parse_engine_spec(std::string_view text, std::string_view each) {
    std::map<std::string, std::string> options;
    if (!each.empty()) {
        const std::string_view rest = read_options(each, options, each);
        if (!rest.empty())
            throw std::invalid_argument("--each '" + std::string(each) +
                                        "' may only hold key=value options");
    }
    std::map<std::string, std::string> own_options;
    const std::string_view kind = read_options(text, own_options, text);
    for (const auto& [key, value] : own_options) {
        // The engine's own win; tc= and st= replace each other (its own st= over --each tc=).
        if (key == "tc") options.erase("st");
        if (key == "st") options.erase("tc");
        options[key] = value;
    }
    if (kind.empty())
        throw std::invalid_argument("engine spec '" + std::string(text) + "' names no engine");

    EngineSpec spec;
    if (kind.starts_with("policy:")) {
        spec.kind = EngineSpec::Kind::Policy;
        spec.policy = std::string(kind.substr(7));
        if (spec.policy.empty())
            throw std::invalid_argument("engine spec '" + std::string(text) +
                                        "': policy name missing");
        spec.name = spec.policy;
    } else if (kind.starts_with("cmd:") || kind.starts_with("cmd=") ||
               kind.starts_with("nboard:")) {
        const bool nboard = kind.starts_with("nboard:");
        spec.kind = nboard ? EngineSpec::Kind::Nboard : EngineSpec::Kind::Command;
        std::string line(kind.substr(nboard ? 7 : 4));
        // cutechess style: cmd="/usr/games/gtp-rhino -l 2" — the quotes hold the whole command.
        if (line.size() >= 2 && line.front() == '"' && line.back() == '"' &&
            line.find('"', 1) == line.size() - 1) {
            line = line.substr(1, line.size() - 2);
        }
        spec.argv = split_command(line);
        if (spec.argv.empty())
            throw std::invalid_argument("engine spec '" + std::string(text) + "': empty command");
        spec.name = basename_of(spec.argv[0]);
        for (std::size_t i = 1; i < spec.argv.size(); ++i) spec.name += " " + spec.argv[i];
    } else if (kind.starts_with("tcp://")) {
        spec.kind = EngineSpec::Kind::Tcp;
        const std::string_view hp = kind.substr(6);
        const auto colon = hp.rfind(':');
        unsigned port = 0;
        if (colon == std::string_view::npos || colon == 0 ||
            std::from_chars(hp.data() + colon + 1, hp.data() + hp.size(), port).ec != std::errc() ||
            port == 0 || port > 65535) {
            throw std::invalid_argument("engine spec '" + std::string(text) +
                                        "': expected tcp://HOST:PORT");
        }
        spec.host = std::string(hp.substr(0, colon));
        spec.port = static_cast<unsigned short>(port);
        spec.name = std::string(hp);
    } else {
        spec.kind = EngineSpec::Kind::Human;
        spec.name = "human";
    }

    for (const auto& [key, value] : options) {
        if (key == "name") {
            if (value.empty())
                throw std::invalid_argument("engine spec '" + std::string(text) + "': empty name");
            spec.name = value;
        } else if (key == "dir") {
            spec.working_directory = value;
        } else if (key == "args") {
            for (auto& a : split_command(value)) spec.argv.push_back(a);
        } else if (key == "seed") {
            if (std::from_chars(value.data(), value.data() + value.size(), spec.seed).ec !=
                std::errc()) {
                throw std::invalid_argument("engine spec '" + std::string(text) + "': seed '" +
                                            value + "' is not a number");
            }
        } else if (key == "stderr") {
            spec.stderr_visible = value == "1" || value == "yes" || value == "true";
        } else if (key == "token") {
            spec.token = value;
        } else if (key == "book" || key == "weights" || key == "temperature" ||
                   key == "book-randomness") {
            if (spec.kind != EngineSpec::Kind::Policy) {
                // --each may hold them for a mix of engines; only an engine's own spec is wrong.
                if (!own_options.count(key)) continue;
                throw std::invalid_argument("engine spec '" + std::string(text) + "': " + key +
                                            "= is for policy: engines (an engine process takes "
                                            "its own --" +
                                            key + " in cmd:)");
            }
            if (value.empty() && (key == "book" || key == "weights"))
                throw std::invalid_argument("engine spec '" + std::string(text) + "': empty " +
                                            key + " file name");
            if (key == "book")
                spec.policy_options.book_path = value;
            else if (key == "weights")
                spec.policy_options.weights_path = value;
            else if (key == "temperature")
                spec.policy_options.temperature = non_negative_number(text, key, value);
            else
                spec.policy_options.book_randomness = non_negative_number(text, key, value);
        } else if (key == "tc" || key == "st") {
            try {
                spec.clock = key == "tc" ? parse_tc(value) : parse_st(value);
            } catch (const std::invalid_argument& e) {
                throw std::invalid_argument("engine spec '" + std::string(text) + "': " + e.what());
            }
        } else if (key == "depth") {
            const auto [end, error] =
                std::from_chars(value.data(), value.data() + value.size(), spec.depth);
            if (error != std::errc() || end != value.data() + value.size() || spec.depth < 1 ||
                spec.depth > 60) {
                throw std::invalid_argument("engine spec '" + std::string(text) + "': depth '" +
                                            value + "' is not a depth from 1 to 60");
            }
        } else {
            throw std::invalid_argument(
                "engine spec '" + std::string(text) + "': unknown option '" + key +
                "' (known: name, dir, args, seed, stderr, token, tc, st, depth, book, weights, "
                "temperature, book-randomness)");
        }
    }
    if (spec.depth > 0 && spec.kind != EngineSpec::Kind::Nboard) {
        throw std::invalid_argument("engine spec '" + std::string(text) +
                                    "': depth= is for nboard: engines");
    }
    // The name goes into results, journals, game records and the report, which hold UTF-8 only.
    spec.name = printable(spec.name);
    return spec;
}

void make_names_distinct(std::vector<EngineSpec>& engines) {
    for (std::size_t i = 0; i < engines.size(); ++i) {
        int n = 1;
        const std::string base = engines[i].name;
        for (std::size_t j = 0; j < i; ++j) {
            if (engines[j].name == engines[i].name) {
                engines[i].name = base + "-" + std::to_string(++n);
                j = static_cast<std::size_t>(-1);  // check the new name against all earlier ones
            }
        }
    }
}

}  // namespace othello
