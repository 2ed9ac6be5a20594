// EngineSpec parsing: key=value options (each a row of match/players/engine_spec_keys.h), then
// where the engine is; shell-like command splitting.
#include "match/players/engine_spec.h"

#include <boost/program_options/parsers.hpp>
#include <charconv>
#include <map>
#include <set>
#include <stdexcept>

#include "engine/ascii_text.h"
#include "match/players/engine_spec_keys.h"

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
        // st= still replaces --each's tc=, see read_spec_options.)
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

std::string basename_of(const std::string& path) {
    const auto slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

// The key=value options of a spec: --each's and the engine's own merged (`all`), the engine's
// own alone (`own`), and the rest of the spec, where the engine is.
struct SpecOptions {
    std::map<std::string, std::string> all, own;
    std::string_view where;
};

SpecOptions read_spec_options(std::string_view text, std::string_view each) {
    SpecOptions options;
    if (!each.empty()) {
        const std::string_view rest = read_options(each, options.all, each);
        if (!rest.empty())
            throw std::invalid_argument("--each '" + std::string(each) +
                                        "' may only hold key=value options");
    }
    options.where = read_options(text, options.own, text);
    for (const auto& [key, value] : options.own) {
        // The engine's own win; tc= and st= replace each other (its own st= over --each tc=).
        if (key == "tc") options.all.erase("st");
        if (key == "st") options.all.erase("tc");
        options.all[key] = value;
    }
    if (options.where.empty())
        throw std::invalid_argument("engine spec '" + std::string(text) + "' names no engine");
    return options;
}

// cmd:COMMAND LINE or nboard:COMMAND LINE: a process the runner starts.
void read_command(std::string_view where, std::string_view text, EngineSpec& spec) {
    spec.kind = EngineSpec::Kind::Engine;
    const bool nboard_short_form = where.starts_with("nboard:");
    if (nboard_short_form) spec.protocol = "nboard";
    std::string line(where.substr(nboard_short_form ? 7 : 4));
    // cutechess style: cmd="/usr/games/gtp-rhino -l 2" — the quotes hold the whole command.
    if (line.size() >= 2 && line.front() == '"' && line.back() == '"' &&
        line.find('"', 1) == line.size() - 1) {
        line = line.substr(1, line.size() - 2);
    }
    std::vector<std::string>& argv = spec.connection.process.argv;
    argv = split_command(line);
    if (argv.empty()) refuse_spec(text, "empty command");
    spec.name = basename_of(argv[0]);
    for (std::size_t i = 1; i < argv.size(); ++i) spec.name += " " + argv[i];
}

// tcp://HOST:PORT: a server the runner connects to.
void read_tcp_address(std::string_view where, std::string_view text, EngineSpec& spec) {
    spec.kind = EngineSpec::Kind::Engine;
    spec.connection.kind = EngineConnection::Kind::Tcp;
    const std::string_view hp = where.substr(6);
    const auto colon = hp.rfind(':');
    unsigned port = 0;
    if (colon == std::string_view::npos || colon == 0 ||
        std::from_chars(hp.data() + colon + 1, hp.data() + hp.size(), port).ec != std::errc() ||
        port == 0 || port > 65535) {
        refuse_spec(text, "expected tcp://HOST:PORT");
    }
    spec.connection.host = std::string(hp.substr(0, colon));
    spec.connection.port = static_cast<unsigned short>(port);
    spec.name = std::string(hp);
}

// The spec of the engine `where` names, before its keys are read.
EngineSpec spec_of_where(std::string_view where, std::string_view text) {
    EngineSpec spec;
    spec.policy_options.seed = 0;  // derived from --seed for each game unless seed= gives one
    if (where.starts_with("policy:")) {
        spec.kind = EngineSpec::Kind::Policy;
        spec.policy = std::string(where.substr(7));
        if (spec.policy.empty()) refuse_spec(text, "policy name missing");
        spec.name = spec.policy;
    } else if (where.starts_with("cmd:") || where.starts_with("cmd=") ||
               where.starts_with("nboard:")) {
        read_command(where, text, spec);
    } else if (where.starts_with("tcp://")) {
        read_tcp_address(where, text, spec);
    } else {
        spec.kind = EngineSpec::Kind::Human;
        spec.name = "human";
    }
    return spec;
}

}  // namespace

EngineSpec parse_engine_spec(std::string_view text, std::string_view each) {
    const SpecOptions options = read_spec_options(text, each);
    SpecKeyContext context{text, false, options.where.starts_with("nboard:")};
    EngineSpec spec = spec_of_where(options.where, text);
    std::vector<const EngineSpecKey*> protocol_keys;  // checked once the protocol is known
    for (const auto& [name, value] : options.all) {
        const EngineSpecKey* key = find_engine_spec_key(name);
        if (!key) {
            refuse_spec(text,
                        "unknown option '" + name + "' (known: " + engine_spec_key_names() + ")");
        }
        context.own = options.own.count(name) > 0;
        if (key->check) key->check(value, context);
        if (key->protocol_key) {
            protocol_keys.push_back(key);
        } else if (!key->applies(spec, context)) {
            if (!context.own) continue;
            refuse_spec(text, name + "= is for " + key->for_whom);
        }
        key->parse(value, context, spec);
    }
    for (const EngineSpecKey* key : protocol_keys) {
        if (!key->applies(spec, context))
            refuse_spec(text, key->name + "= is for " + key->for_whom);
    }
    // The name goes into results, journals, game records and the report, which hold UTF-8 only,
    // in lines of bounded length. A name the user gave is refused rather than cut: cut names
    // could meet.
    if (spec.name_given && printable(spec.name).size() > kMostNameBytes) {
        refuse_spec(text, "name= is " + std::to_string(printable(spec.name).size()) +
                              " bytes (escaped); a name is at most " +
                              std::to_string(kMostNameBytes));
    }
    spec.name = bounded_name(spec.name);
    return spec;
}

std::string bounded_name(std::string_view name) {
    return printable(name, kMostNameBytes);
}

std::string shell_quoted(std::string_view word) {
    std::string quoted = "'";
    for (const char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return quoted + "'";
}

std::string command_word(std::string_view word) {
    if (word.find_first_of("\\\"'\n") == std::string_view::npos)
        return "'" + std::string(word) + "'";
    std::string quoted = "\"";
    for (const char c : word) {
        if (c == '\\' || c == '"' || c == '\'') {
            quoted += '\\';
            quoted += c;
        } else if (c == '\n') {
            quoted += "\\n";
        } else {
            quoted += c;
        }
    }
    return quoted + "\"";
}

void make_names_distinct(std::vector<EngineSpec>& engines, std::vector<std::string>* notes) {
    // The names the user gave (name=, a policy's) first, then those taken from a command, then
    // the reported ones: each against every name settled. A command's name only stands in until
    // its engine answers, so it never pushes a given name aside.
    const auto rank = [](const EngineSpec& e) {
        if (e.name_given || e.kind == EngineSpec::Kind::Policy) return 0;
        return e.name_reported ? 2 : 1;
    };
    std::vector<std::size_t> order;
    for (const int r : {0, 1, 2}) {
        for (std::size_t i = 0; i < engines.size(); ++i) {
            if (rank(engines[i]) == r) order.push_back(i);
        }
    }
    std::set<std::string> taken;
    for (const std::size_t i : order) {
        const std::string base = engines[i].name;
        for (int n = 2; taken.count(engines[i].name) > 0; ++n) {
            std::string suffix = "-";
            suffix += std::to_string(n);
            engines[i].name = printable(base, kMostNameBytes - suffix.size()) + suffix;
        }
        taken.insert(engines[i].name);
        if (notes && engines[i].name_reported && engines[i].name != base) {
            notes->push_back("engine " + std::to_string(i + 1) + " named itself '" + base +
                             "', a name another engine has: it plays as '" + engines[i].name + "'");
        }
    }
}

}  // namespace othello
