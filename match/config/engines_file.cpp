// Engines files: cutechess's engines.json read with nlohmann::json, one configuration turned into
// "key=value,...,cmd:COMMAND".
#include "match/config/engines_file.h"

#include <cctype>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include "engine/data_file.h"
#include "match/players/engine_protocols.h"

namespace othello {

namespace {

using Keys = std::vector<std::pair<std::string, std::string>>;

// cutechess fields that become one spec key each.
struct FieldKey {
    const char* field;
    const char* key;
};
constexpr FieldKey kFieldKeys[] = {
    {"name", "name"},         {"workingDirectory", "dir"},  {"protocol", "protocol"},
    {"stderrFile", "stderr"}, {"timemargin", "timemargin"}, {"restart", "restart"},
};

// cutechess fields for chess engines that mean nothing here; accepted only when they ask for
// nothing (empty or false), as a file written by cutechess for a GTP engine holds them so.
constexpr const char* kIdleFields[] = {"initStrings", "ponder", "whitepov"};

// Fields cutechess writes into every entry (or whenever they differ from its own defaults) that
// othello-match has no use for: passed over without a note while they hold the value cutechess
// writes for an engine nobody configured, noted otherwise. `timeoutScaleFactor` (1 unless set)
// scales cutechess's own timeouts; othello-match's are --start-timeout and --move-timeout.
struct DefaultedField {
    const char* field;
    const char* value;  // the JSON of cutechess's default
};
constexpr DefaultedField kDefaultedFields[] = {
    {"timeoutScaleFactor", "1"},
    {"validateClaims", "true"},
    {"debug", "false"},
    {"variants", "[\"standard\"]"},
};

bool holds_cutechess_default(const std::string& field, const nlohmann::json& value) {
    for (const DefaultedField& f : kDefaultedFields) {
        if (field == f.field) return value == nlohmann::json::parse(f.value);
    }
    return false;
}

// Chess protocols: cutechess speaks them, this runner does not.
constexpr const char* kChessProtocols[] = {"uci", "xboard", "cecp"};

void set_key(Keys& keys, const std::string& key, const std::string& value) {
    for (auto& [k, v] : keys) {
        if (k == key) {
            v = value;
            return;
        }
    }
    keys.emplace_back(key, value);
}

// A scalar JSON value as the text of a spec key; "" for anything else (the caller refuses it).
bool scalar_text(const nlohmann::json& value, std::string& text) {
    if (value.is_string()) {
        text = value.get<std::string>();
    } else if (value.is_boolean()) {
        text = value.get<bool>() ? "1" : "0";
    } else if (value.is_number()) {
        text = value.dump();
    } else {
        return false;
    }
    return true;
}

bool is_idle(const nlohmann::json& value) {
    return value.is_null() || (value.is_boolean() && !value.get<bool>()) ||
           ((value.is_array() || value.is_string() || value.is_object()) && value.empty());
}

bool plain_key(const std::string& key) {
    if (key.empty()) return false;
    for (const char c : key) {
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-')) return false;
    }
    return true;
}

class EntryReader {
  public:
    EntryReader(const std::string& path, std::size_t index, const nlohmann::json& entry)
        : where_("engines file '" + path + "': entry " + std::to_string(index + 1)), entry_(entry) {
        if (entry.is_object() && entry.contains("name") && entry["name"].is_string())
            where_ += " (\"" + entry["name"].get<std::string>() + "\")";
    }

    [[noreturn]] void fail(const std::string& what) const {
        throw std::invalid_argument(where_ + ": " + what);
    }

    // The spec keys and the command of this entry; each field ignored gets a note.
    std::pair<Keys, std::string> read(std::vector<std::string>& notes) const {
        Keys keys;
        std::string command;
        for (const auto& [field, value] : entry_.items()) {
            if (field == "command") {
                if (!scalar_text(value, command) || !value.is_string() || command.empty())
                    fail("\"command\" must be a non-empty string");
            } else if (field == "options") {
                read_options(value, keys);
            } else if (const FieldKey* mapped = find_field(field)) {
                std::string text;
                if (!scalar_text(value, text)) fail("\"" + field + "\" must be a string or number");
                if (text.empty() && field != "name") continue;  // cutechess's "unset"
                check_value(field, text);
                if (field == "protocol") check_protocol(text);
                set_key(keys, mapped->key, text);
            } else if (is_idle_field(field)) {
                if (!is_idle(value))
                    fail("\"" + field +
                         "\" is for chess engines; othello-match has no use for it "
                         "(leave it out or empty)");
            } else if (!holds_cutechess_default(field, value)) {
                notes.push_back(where_ + ": field \"" + field +
                                "\" ignored (othello-match reads name, command, "
                                "workingDirectory, protocol, stderrFile, timemargin, restart, "
                                "options, initStrings, ponder, whitepov)");
            }
        }
        if (command.empty()) fail("no \"command\"");
        return {keys, command};
    }

  private:
    static const FieldKey* find_field(const std::string& field) {
        for (const FieldKey& f : kFieldKeys) {
            if (field == f.field) return &f;
        }
        return nullptr;
    }

    static bool is_idle_field(const std::string& field) {
        for (const char* f : kIdleFields) {
            if (field == f) return true;
        }
        return false;
    }

    // An engine spec is split at commas: a value holding one cannot be carried in it.
    void check_value(const std::string& field, const std::string& text) const {
        if (text.find(',') != std::string::npos)
            fail("\"" + field + "\" '" + text +
                 "' holds a comma, which an engine spec cannot carry");
    }

    void check_protocol(const std::string& protocol) const {
        for (const char* chess : kChessProtocols) {
            if (protocol == chess) {
                fail("protocol \"" + protocol +
                     "\" is a chess protocol (cutechess's); othello-match speaks " +
                     engine_protocol_names());
            }
        }
    }

    // cutechess's engine options, [{"name": K, "value": V, ...}]: here each is the spec key K.
    void read_options(const nlohmann::json& options, Keys& keys) const {
        if (!options.is_array()) fail("\"options\" must be an array of {\"name\", \"value\"}");
        for (const auto& option : options) {
            std::string name, value;
            if (!option.is_object() || !option.contains("name") || !option["name"].is_string() ||
                !option.contains("value") || !scalar_text(option["value"], value)) {
                fail("\"options\": each must be {\"name\": KEY, \"value\": VALUE}, not " +
                     option.dump());
            }
            name = option["name"].get<std::string>();
            if (!plain_key(name)) fail("\"options\": '" + name + "' is not a spec key");
            check_value("options." + name, value);
            set_key(keys, name, value);
        }
    }

    std::string where_;
    const nlohmann::json& entry_;
};

// The largest engines file read: cutechess's of hundreds of engines is a few hundred KB. A larger
// one is refused before any of it is read (a 3 GB file was read whole).
constexpr std::size_t kMostEnginesFileBytes = 16 << 20;

// Only a regular file is read: a FIFO would hang the runner, /dev/zero fill its memory.
nlohmann::json read_json_file(const std::string& path) {
    std::string text;
    try {
        text = read_regular_file(path, "engines file", kMostEnginesFileBytes);
    } catch (const DataFileError& e) {
        throw std::invalid_argument(std::string("--engines ") + e.what());
    }
    try {
        return nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        // nlohmann's message names the line and column.
        throw std::invalid_argument("engines file '" + path + "': not JSON: " + e.what());
    }
}

// "conf=NAME,k=v,...": NAME and the overrides, in order.
std::pair<std::string, Keys> conf_and_overrides(std::string_view argument) {
    argument.remove_prefix(5);  // "conf="
    const auto comma = argument.find(',');
    std::pair<std::string, Keys> out{std::string(argument.substr(0, comma)), {}};
    if (out.first.empty()) throw std::invalid_argument("--engine conf=: no configuration name");
    std::string_view rest =
        comma == std::string_view::npos ? std::string_view{} : argument.substr(comma + 1);
    while (!rest.empty()) {
        const auto next = rest.find(',');
        const std::string item(rest.substr(0, next));
        const auto eq = item.find('=');
        if (eq == std::string::npos || !plain_key(item.substr(0, eq))) {
            throw std::invalid_argument("--engine conf=" + out.first + ": expected key=value at '" +
                                        item + "' (the command is the engines file's)");
        }
        const std::string key = item.substr(0, eq);
        for (const auto& [k, v] : out.second) {
            if (k == key)
                throw std::invalid_argument("--engine conf=" + out.first + ": " + key +
                                            "= given twice");
        }
        out.second.emplace_back(key, item.substr(eq + 1));
        if (next == std::string_view::npos) break;
        rest.remove_prefix(next + 1);
    }
    return out;
}

}  // namespace

bool names_engine_configuration(std::string_view engine_argument) {
    return engine_argument.starts_with("conf=");
}

std::string engine_spec_from_engines_file(std::string_view conf_argument,
                                          const std::string& engines_path,
                                          std::vector<std::string>* notes) {
    const auto [conf, overrides] = conf_and_overrides(conf_argument);
    if (engines_path.empty())
        throw std::invalid_argument("--engine conf=" + conf + ": needs --engines FILE");
    const nlohmann::json file = read_json_file(engines_path);
    if (!file.is_array()) {
        throw std::invalid_argument("engines file '" + engines_path +
                                    "': expected a JSON array of engine configurations");
    }
    // Every entry is checked, not only the one named: a broken file is found at once. Names
    // are looked up in a set, so a file of 100,000 entries costs a pass, not 10^10 comparisons.
    std::vector<std::string> names;
    std::unordered_set<std::string> seen;
    std::optional<std::pair<Keys, std::string>> named;
    for (std::size_t i = 0; i < file.size(); ++i) {
        const EntryReader entry(engines_path, i, file[i]);
        if (!file[i].is_object()) entry.fail("expected an object");
        if (!file[i].contains("name") || !file[i]["name"].is_string() ||
            file[i]["name"].get<std::string>().empty())
            entry.fail("no \"name\"");
        std::vector<std::string> entry_notes;
        auto read = entry.read(entry_notes);
        const std::string& name = file[i]["name"].get_ref<const std::string&>();
        if (!seen.insert(name).second) entry.fail("a second configuration named \"" + name + "\"");
        if (name == conf) {
            named = std::move(read);
            if (notes) notes->insert(notes->end(), entry_notes.begin(), entry_notes.end());
        }
        names.push_back(name);
    }
    if (named) {
        auto& [keys, command] = *named;
        for (const auto& [key, value] : overrides) set_key(keys, key, value);
        std::string spec;
        for (const auto& [key, value] : keys) spec += key + "=" + value + ",";
        return spec + "cmd:" + command;
    }
    constexpr std::size_t kNamesShown = 20;
    std::string known;
    for (std::size_t i = 0; i < names.size() && i < kNamesShown; ++i)
        known += (known.empty() ? "" : ", ") + names[i];
    if (names.size() > kNamesShown)
        known += ", ... and " + std::to_string(names.size() - kNamesShown) + " more";
    throw std::invalid_argument("--engine conf=" + conf + ": no configuration named \"" + conf +
                                "\" in engines file '" + engines_path +
                                "' (it holds: " + (known.empty() ? "none" : known) + ")");
}

}  // namespace othello
