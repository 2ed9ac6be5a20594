// The engine spec key table: the spec's own keys as rows, then the protocols' and the policies'.
#include "match/players/engine_spec_keys.h"

#include <boost/program_options/parsers.hpp>
#include <charconv>
#include <optional>
#include <stdexcept>

#include "engine/policy_options.h"
#include "match/players/engine_protocols.h"

namespace othello {

namespace {

bool is_engine(const EngineSpec& spec, const SpecKeyContext&) {
    return spec.kind == EngineSpec::Kind::Engine;
}

bool is_started_process(const EngineSpec& spec, const SpecKeyContext&) {
    return spec.kind == EngineSpec::Kind::Engine &&
           spec.connection.kind == EngineConnection::Kind::Process;
}

bool anyone(const EngineSpec&, const SpecKeyContext&) {
    return true;
}

// dir= and token=: an empty value names nothing.
void check_not_empty(const std::string& key, const std::string& value,
                     const SpecKeyContext& context) {
    if (value.empty()) refuse_spec(context.text, key + "= is empty");
}

// stderr=: 1 (or yes, true) shows the engine's stderr on the runner's, 0 (no, false) does not;
// anything else is a file the engine's stderr is appended to (cutechess's stderr=FILE).
void apply_stderr(const std::string& value, std::string_view text, ProcessOptions& process) {
    if (value == "1" || value == "yes" || value == "true") {
        process.inherit_stderr = true;
    } else if (value == "0" || value == "no" || value == "false") {
        process.inherit_stderr = false;
    } else if (value.empty()) {
        refuse_spec(text, "stderr= is empty (0, 1 or a FILE to append to)");
    } else {
        process.stderr_file = value;
    }
}

// timemargin=MS: milliseconds, as cutechess takes them, up to --time-margin's 60 s.
double parse_time_margin(const std::string& value, std::string_view text) {
    int ms = -1;
    const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), ms);
    if (error != std::errc() || end != value.data() + value.size() || ms < 0 || ms > 60000) {
        refuse_spec(text, "timemargin '" + value + "': expected milliseconds from 0 to 60000");
    }
    return ms / 1000.0;
}

// tc= and st= set the whole clock but the margin, which timemargin= sets.
void parse_clock(const std::string& key, const std::string& value, std::string_view text,
                 ClockRules& clock) {
    const double margin = clock.margin;
    try {
        clock = key == "tc" ? parse_tc(value) : parse_st(value);
    } catch (const std::invalid_argument& e) {
        refuse_spec(text, e.what());
    }
    clock.margin = margin;
}

void parse_protocol(const std::string& value, const SpecKeyContext& context, EngineSpec& spec) {
    if (!find_engine_protocol(value)) {
        refuse_spec(context.text,
                    "unknown protocol '" + value + "' (known: " + engine_protocol_names() + ")");
    }
    if (context.nboard_short_form && value != "nboard") {
        // --each may hold it for a mix of engines; only an engine's own spec is wrong.
        if (!context.own) return;
        refuse_spec(context.text,
                    "nboard:COMMAND is protocol=nboard,cmd:COMMAND, not protocol=" + value);
    }
    spec.protocol = value;
}

void parse_name(const std::string& value, const SpecKeyContext& context, EngineSpec& spec) {
    if (value.empty()) refuse_spec(context.text, "empty name");
    spec.name = value;
    spec.name_given = true;
}

void check_dir(const std::string& value, const SpecKeyContext& context) {
    check_not_empty("dir", value, context);
}

void parse_dir(const std::string& value, const SpecKeyContext&, EngineSpec& spec) {
    spec.connection.process.working_directory = value;
}

// args=A: appended to the command, split like a shell.
void parse_args(const std::string& value, const SpecKeyContext&, EngineSpec& spec) {
    for (auto& a : boost::program_options::split_unix(value))
        spec.connection.process.argv.push_back(a);
}

void check_stderr(const std::string& value, const SpecKeyContext& context) {
    ProcessOptions checked;
    apply_stderr(value, context.text, checked);
}

void parse_stderr(const std::string& value, const SpecKeyContext& context, EngineSpec& spec) {
    apply_stderr(value, context.text, spec.connection.process);
}

void check_token(const std::string& value, const SpecKeyContext& context) {
    check_not_empty("token", value, context);
}

void parse_token(const std::string& value, const SpecKeyContext&, EngineSpec& spec) {
    spec.connection.token = value;
}

void parse_tc_key(const std::string& value, const SpecKeyContext& context, EngineSpec& spec) {
    parse_clock("tc", value, context.text, spec.clock);
}

void parse_st_key(const std::string& value, const SpecKeyContext& context, EngineSpec& spec) {
    parse_clock("st", value, context.text, spec.clock);
}

void parse_timemargin(const std::string& value, const SpecKeyContext& context, EngineSpec& spec) {
    spec.clock.margin = parse_time_margin(value, context.text);
}

// restart=auto|on|off, cutechess's values.
std::optional<EngineSpec::Restart> restart_named(const std::string& value) {
    if (value == "auto") return EngineSpec::Restart::Auto;
    if (value == "on") return EngineSpec::Restart::On;
    if (value == "off") return EngineSpec::Restart::Off;
    return std::nullopt;
}

void check_restart(const std::string& value, const SpecKeyContext& context) {
    if (!restart_named(value))
        refuse_spec(context.text, "restart '" + value + "': expected auto, on or off");
}

void parse_restart(const std::string& value, const SpecKeyContext&, EngineSpec& spec) {
    spec.restart = *restart_named(value);
}

// The keys of the spec itself: its name, its connection, its protocol, its clock, its restarts.
std::vector<EngineSpecKey> spec_keys() {
    const std::string for_engines = "engines (cmd: or tcp://)";
    const std::string for_processes = "engines started by cmd: or nboard:";
    return {
        {"name", {}, anyone, "", parse_name},
        {"dir", check_dir, is_started_process, for_processes, parse_dir},
        {"args", {}, is_started_process, for_processes, parse_args},
        {"stderr", check_stderr, is_started_process, for_processes, parse_stderr},
        {"token", check_token, is_engine, for_engines, parse_token},
        {"protocol",
         {},
         is_engine,
         "engines reached by cmd: or tcp://HOST:PORT, not for policy: or human",
         parse_protocol},
        {"tc", {}, anyone, "", parse_tc_key},
        {"st", {}, anyone, "", parse_st_key},
        {"timemargin", {}, anyone, "", parse_timemargin},
        {"restart", check_restart, is_engine, for_engines, parse_restart},
    };
}

// A protocol's own key: for that protocol's engines only, which is known once protocol= is read.
EngineSpecKey protocol_spec_key(const EngineProtocol& protocol, const EngineProtocolKey& key) {
    const std::string name = protocol.name;
    return {key.name,
            {},
            [name](const EngineSpec& spec, const SpecKeyContext&) {
                return spec.kind == EngineSpec::Kind::Engine && spec.protocol == name;
            },
            name + ": engines (protocol=" + name + ")",
            [parse = key.parse](const std::string& value, const SpecKeyContext& context,
                                EngineSpec& spec) {
                try {
                    parse(value, spec);
                } catch (const std::invalid_argument& e) {
                    refuse_spec(context.text, e.what());
                }
            },
            true};
}

// A policy option (engine/policy_options.h) as the spec key of the same name. --each may hold
// one for a mix of engines; an engine's own spec is wrong too, except for seed=, which every
// engine has always accepted (only policies use it).
EngineSpecKey policy_spec_key(const PolicyOption& option) {
    return {option.name,
            {},
            [seed = option.name == "seed"](const EngineSpec& spec, const SpecKeyContext& context) {
                return spec.kind == EngineSpec::Kind::Policy || (seed && context.own);
            },
            "policy: engines (an engine process takes its own --" + option.name + " in cmd:)",
            [parse = option.parse](const std::string& value, const SpecKeyContext& context,
                                   EngineSpec& spec) {
                try {
                    parse(value, spec.policy_options);
                } catch (const std::invalid_argument& e) {
                    refuse_spec(context.text, e.what());
                }
            }};
}

}  // namespace

const std::vector<EngineSpecKey>& engine_spec_key_table() {
    static const std::vector<EngineSpecKey> kKeys = [] {
        std::vector<EngineSpecKey> keys = spec_keys();
        for (const EngineProtocol& protocol : engine_protocol_table()) {
            for (const EngineProtocolKey& key : protocol.keys)
                keys.push_back(protocol_spec_key(protocol, key));
        }
        for (const PolicyOption& option : policy_option_table())
            keys.push_back(policy_spec_key(option));
        return keys;
    }();
    return kKeys;
}

const EngineSpecKey* find_engine_spec_key(std::string_view name) {
    for (const EngineSpecKey& key : engine_spec_key_table()) {
        if (key.name == name) return &key;
    }
    return nullptr;
}

std::string engine_spec_key_names() {
    std::string names;
    for (const EngineSpecKey& key : engine_spec_key_table())
        names += (names.empty() ? "" : ", ") + key.name;
    return names;
}

void refuse_spec(std::string_view text, const std::string& what) {
    throw std::invalid_argument("engine spec '" + std::string(text) + "': " + what);
}

}  // namespace othello
