// EngineSpec parsing: key=value options, then where the engine is; shell-like command splitting.
#include "match/players/engine_spec.h"

#include <boost/program_options/parsers.hpp>
#include <charconv>
#include <map>
#include <stdexcept>

#include "engine/ascii_text.h"
#include "match/players/engine_protocols.h"

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
        if (options.count(key)) {
            throw std::invalid_argument("engine spec '" + std::string(whole) + "': " + key +
                                        "= given twice (which one was meant cannot be guessed)");
        }
        // Two time controls in one spec: which one was meant cannot be guessed. (An engine's own
        // st= still replaces --each's tc=, see parse_engine_spec.)
        if ((key == "tc" && options.count("st")) || (key == "st" && options.count("tc"))) {
            throw std::invalid_argument("engine spec '" + std::string(whole) +
                                        "': tc= and st= together (give one time control)");
        }
        options[key] = std::string(item.substr(eq + 1));
        if (comma == std::string_view::npos) return {};
        s.remove_prefix(comma + 1);
    }
    return s;
}

std::vector<std::string> split_command(const std::string& line) {
    return boost::program_options::split_unix(line);
}

// "name, dir, ...": every key, for the message about an unknown one.
std::string known_keys() {
    std::string keys = "name, dir, args, stderr, token, protocol, tc, st, depth, timemargin";
    for (const PolicyOption& option : policy_option_table()) keys += ", " + option.name;
    return keys;
}

// stderr=: 1 (or yes, true) shows the engine's stderr on the runner's, 0 (no, false) does not;
// anything else is a file the engine's stderr is appended to (cutechess's stderr=FILE).
void apply_stderr(const std::string& value, std::string_view whole, ProcessOptions& process) {
    if (value == "1" || value == "yes" || value == "true") {
        process.inherit_stderr = true;
    } else if (value == "0" || value == "no" || value == "false") {
        process.inherit_stderr = false;
    } else if (value.empty()) {
        throw std::invalid_argument("engine spec '" + std::string(whole) +
                                    "': stderr= is empty (0, 1 or a FILE to append to)");
    } else {
        process.stderr_file = value;
    }
}

// timemargin=MS: milliseconds, as cutechess takes them, up to --time-margin's 60 s.
double parse_time_margin(const std::string& value, std::string_view whole) {
    int ms = -1;
    const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), ms);
    if (error != std::errc() || end != value.data() + value.size() || ms < 0 || ms > 60000) {
        throw std::invalid_argument("engine spec '" + std::string(whole) + "': timemargin '" +
                                    value + "': expected milliseconds from 0 to 60000");
    }
    return ms / 1000.0;
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
    spec.policy_options.seed = 0;  // derived from --seed for each game unless seed= gives one
    const bool nboard_short_form = kind.starts_with("nboard:");
    if (kind.starts_with("policy:")) {
        spec.kind = EngineSpec::Kind::Policy;
        spec.policy = std::string(kind.substr(7));
        if (spec.policy.empty())
            throw std::invalid_argument("engine spec '" + std::string(text) +
                                        "': policy name missing");
        spec.name = spec.policy;
    } else if (kind.starts_with("cmd:") || kind.starts_with("cmd=") ||
               kind.starts_with("nboard:")) {
        spec.kind = EngineSpec::Kind::Engine;
        if (nboard_short_form) spec.protocol = "nboard";
        std::string line(kind.substr(nboard_short_form ? 7 : 4));
        // cutechess style: cmd="/usr/games/gtp-rhino -l 2" — the quotes hold the whole command.
        if (line.size() >= 2 && line.front() == '"' && line.back() == '"' &&
            line.find('"', 1) == line.size() - 1) {
            line = line.substr(1, line.size() - 2);
        }
        std::vector<std::string>& argv = spec.connection.process.argv;
        argv = split_command(line);
        if (argv.empty())
            throw std::invalid_argument("engine spec '" + std::string(text) + "': empty command");
        spec.name = basename_of(argv[0]);
        for (std::size_t i = 1; i < argv.size(); ++i) spec.name += " " + argv[i];
    } else if (kind.starts_with("tcp://")) {
        spec.kind = EngineSpec::Kind::Engine;
        spec.connection.kind = EngineConnection::Kind::Tcp;
        const std::string_view hp = kind.substr(6);
        const auto colon = hp.rfind(':');
        unsigned port = 0;
        if (colon == std::string_view::npos || colon == 0 ||
            std::from_chars(hp.data() + colon + 1, hp.data() + hp.size(), port).ec != std::errc() ||
            port == 0 || port > 65535) {
            throw std::invalid_argument("engine spec '" + std::string(text) +
                                        "': expected tcp://HOST:PORT");
        }
        spec.connection.host = std::string(hp.substr(0, colon));
        spec.connection.port = static_cast<unsigned short>(port);
        spec.name = std::string(hp);
    } else {
        spec.kind = EngineSpec::Kind::Human;
        spec.name = "human";
    }

    const bool started_process = spec.kind == EngineSpec::Kind::Engine &&
                                 spec.connection.kind == EngineConnection::Kind::Process;
    // Whether `key` means something for this engine. A key that does not is skipped when --each
    // gave it (for a mix of engines), and refused in the engine's own spec.
    const auto applies = [&](const std::string& key, bool applicable, const char* for_whom) {
        if (applicable) return true;
        if (!own_options.count(key)) return false;
        throw std::invalid_argument("engine spec '" + std::string(text) + "': " + key +
                                    "= is for " + for_whom);
    };
    double time_margin = -1;  // applied after the loop: tc= and st= replace the whole clock
    for (const auto& [key, value] : options) {
        // A value that is wrong is wrong for every engine, --each's included.
        if ((key == "dir" || key == "token") && value.empty()) {
            throw std::invalid_argument("engine spec '" + std::string(text) + "': " + key +
                                        "= is empty");
        }
        if (key == "stderr") {
            ProcessOptions checked;
            apply_stderr(value, text, checked);
        }
        if ((key == "dir" || key == "args" || key == "stderr") &&
            !applies(key, started_process, "engines started by cmd: or nboard:")) {
            continue;
        }
        if (key == "token" &&
            !applies(key, spec.kind == EngineSpec::Kind::Engine, "engines (cmd: or tcp://)")) {
            continue;
        }
        if (key == "name") {
            if (value.empty())
                throw std::invalid_argument("engine spec '" + std::string(text) + "': empty name");
            spec.name = value;
        } else if (key == "dir") {
            spec.connection.process.working_directory = value;
        } else if (key == "args") {
            for (auto& a : split_command(value)) spec.connection.process.argv.push_back(a);
        } else if (key == "stderr") {
            apply_stderr(value, text, spec.connection.process);
        } else if (key == "token") {
            spec.connection.token = value;
        } else if (key == "protocol") {
            // --each may hold it for a mix of engines; only an engine's own spec is wrong.
            if (spec.kind != EngineSpec::Kind::Engine) {
                if (!own_options.count(key)) continue;
                throw std::invalid_argument("engine spec '" + std::string(text) +
                                            "': protocol= is for engines reached by cmd: or "
                                            "tcp://HOST:PORT, not for policy: or human");
            }
            if (!find_engine_protocol(value)) {
                throw std::invalid_argument("engine spec '" + std::string(text) +
                                            "': unknown protocol '" + value +
                                            "' (known: " + engine_protocol_names() + ")");
            }
            if (nboard_short_form && value != "nboard") {
                if (!own_options.count(key)) continue;
                throw std::invalid_argument("engine spec '" + std::string(text) +
                                            "': nboard:COMMAND is protocol=nboard,cmd:COMMAND, "
                                            "not protocol=" +
                                            value);
            }
            spec.protocol = value;
        } else if (const PolicyOption* option = find_policy_option(key)) {
            // --each may hold them for a mix of engines; only an engine's own spec is wrong,
            // except for seed=, which every engine has always accepted (only policies use it).
            const bool for_policy = spec.kind == EngineSpec::Kind::Policy;
            if (!for_policy && !own_options.count(key)) continue;
            if (!for_policy && key != "seed") {
                throw std::invalid_argument("engine spec '" + std::string(text) + "': " + key +
                                            "= is for policy: engines (an engine process takes "
                                            "its own --" +
                                            key + " in cmd:)");
            }
            try {
                option->parse(value, spec.policy_options);
            } catch (const std::invalid_argument& e) {
                throw std::invalid_argument("engine spec '" + std::string(text) + "': " + e.what());
            }
        } else if (key == "tc" || key == "st") {
            try {
                spec.clock = key == "tc" ? parse_tc(value) : parse_st(value);
            } catch (const std::invalid_argument& e) {
                throw std::invalid_argument("engine spec '" + std::string(text) + "': " + e.what());
            }
        } else if (key == "timemargin") {
            time_margin = parse_time_margin(value, text);
        } else if (key == "depth") {
            const auto [end, error] =
                std::from_chars(value.data(), value.data() + value.size(), spec.depth);
            if (error != std::errc() || end != value.data() + value.size() || spec.depth < 1 ||
                spec.depth > 60) {
                throw std::invalid_argument("engine spec '" + std::string(text) + "': depth '" +
                                            value + "' is not a depth from 1 to 60");
            }
        } else {
            throw std::invalid_argument("engine spec '" + std::string(text) +
                                        "': unknown option '" + key + "' (known: " + known_keys() +
                                        ")");
        }
    }
    spec.clock.margin = time_margin;
    if (spec.depth > 0 && (spec.kind != EngineSpec::Kind::Engine || spec.protocol != "nboard")) {
        throw std::invalid_argument("engine spec '" + std::string(text) +
                                    "': depth= is for nboard: engines (protocol=nboard)");
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
