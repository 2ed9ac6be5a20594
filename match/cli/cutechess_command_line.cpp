// cutechess-cli's single-dash options read as othello-match's: a table of what each option and
// each engine key means here (or why it means nothing), and the words each one takes.
#include "match/cli/cutechess_command_line.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <optional>
#include <stdexcept>
#include <string_view>

#include "engine/ascii_text.h"
#include "match/players/engine_protocols.h"
#include "match/players/engine_spec.h"

namespace othello {

namespace {

// What an option takes after it: key=value words (up to the next option), one value, a number
// only when one follows, or nothing.
enum class Takes { Words, Value, OptionalNumber, Nothing };

struct CutechessOption {
    std::string_view name;  // without the dash
    Takes takes;
    std::string_view refused;  // why it means nothing here; empty when it does
};

constexpr CutechessOption kOptions[] = {
    {"engine", Takes::Words, ""},
    {"each", Takes::Words, ""},
    {"games", Takes::Value, ""},
    {"rounds", Takes::Value, ""},
    {"repeat", Takes::OptionalNumber, ""},
    {"concurrency", Takes::Value, ""},
    {"openings", Takes::Words, ""},
    {"tournament", Takes::Value, ""},
    {"seeds", Takes::Value, ""},
    {"sprt", Takes::Words, ""},
    {"resign", Takes::Words, ""},
    {"draw", Takes::Words, ""},
    {"recover", Takes::Nothing, ""},
    {"srand", Takes::Value, ""},
    {"wait", Takes::Value, ""},
    {"event", Takes::Value, ""},
    {"site", Takes::Value, ""},
    {"ratinginterval", Takes::Value, ""},
    {"outcomeinterval", Takes::Value, ""},
    {"epdout", Takes::Value, ""},
    {"noswap", Takes::Nothing, ""},
    {"reverse", Takes::Nothing, ""},
    {"version", Takes::Nothing, ""},
    {"help", Takes::Nothing, ""},
    {"variant", Takes::Value, "chess variants; othello-match plays Othello only"},
    {"maxmoves", Takes::Value, "an Othello game ends by its rules within 60 moves"},
    {"tb", Takes::Value,
     "Syzygy tablebases are chess's; --adjudicate N solves Othello endgames exactly"},
    {"tbpieces", Takes::Value,
     "Syzygy tablebases are chess's; --adjudicate N solves Othello endgames exactly"},
    {"tbignore50", Takes::Nothing, "Othello has no fifty-move rule"},
    {"pgnout", Takes::Words, "PGN is chess's game format; --records FILE.ggf writes GGF records"},
    {"bookmode", Takes::Value, "Polyglot books are chess's"},
    {"resultformat", Takes::Value, "othello-match's table has fixed columns"},
    {"debug", Takes::OptionalNumber,
     "--log FILE writes every line sent to and received from the engines"},
    {"engines", Takes::Nothing,
     "othello-match's --engines FILE names the engines file; `jq -r '.[].name' FILE` lists it"},
};

const CutechessOption* find_option(std::string_view word) {
    if (word.size() < 2 || word[0] != '-' || word[1] == '-') return nullptr;
    for (const CutechessOption& option : kOptions)
        if (word.substr(1) == option.name) return &option;
    return nullptr;
}

bool is_number(std::string_view word) {
    if (!word.empty() && (word[0] == '-' || word[0] == '+')) word.remove_prefix(1);
    return !word.empty() && std::all_of(word.begin(), word.end(), [](char c) {
        return std::isdigit(static_cast<unsigned char>(c)) || c == '.';
    });
}

// A word that starts another option (one dash or two), not a value such as -5.
bool starts_option(std::string_view word) {
    return word.size() > 1 && word[0] == '-' && !is_number(word);
}

// Engine keys that mean nothing here, and why.
const std::map<std::string, std::string, std::less<>> kRefusedEngineKeys = {
    {"initstr",
     "othello-match opens GTP and NBoard sessions with the protocol's own commands; an engine "
     "that needs more can take it as arg="},
    {"trust", "othello-match referees every move itself and takes no claims from engines"},
    {"whitepov", "NBoard engines report evals from the mover's side"},
    {"ponder", "GTP and NBoard engines are not asked to ponder"},
    {"book",
     "Polyglot books are chess's; an engine's own book is its own option (arg= or option.)"},
    {"bookdepth", "Polyglot books are chess's"},
    {"nodes", "GTP and NBoard have no node limits"},
    {"tscale", "--start-timeout and --move-timeout set othello-match's timeouts"},
    {"debug", "--log FILE writes every line sent to and received from the engines"},
};

// Keys copied as they are (name=, dir=, ...), and cutechess's names for the others.
const std::map<std::string, std::string, std::less<>> kEngineKeys = {
    {"name", "name"},       {"dir", "dir"},     {"stderr", "stderr"},
    {"tc", "tc"},           {"st", "st"},       {"timemargin", "timemargin"},
    {"restart", "restart"}, {"depth", "depth"}, {"proto", "protocol"},
};

[[noreturn]] void refuse(const std::string& what, const std::string& why) {
    throw std::invalid_argument(what + ": " + why);
}

// `value` of key `key` in an engine's words, which becomes one comma-separated item.
std::string spec_item(const std::string& option, const std::string& key, const std::string& value) {
    if (value.find(',') != std::string::npos)
        refuse(option + " " + key + "=" + printable(value),
               "a value here cannot hold a comma (othello-match's specs are comma-separated)");
    return key + "=" + value;
}

// What one -engine's (or -each's) words say.
struct EngineWords {
    std::string conf, command;
    std::vector<std::string> args, items;  // arg= words; the spec's items (name=N, depth=D, ...)
};

// One key=value word of `option` read into `engine`; throws std::invalid_argument for a word
// that means nothing here.
void read_engine_word(const std::string& option, const std::string& word, EngineWords& engine) {
    const std::size_t equals = word.find('=');
    const std::string key = word.substr(0, equals);
    const std::string value = equals == std::string::npos ? "" : word.substr(equals + 1);
    if (const auto refused = kRefusedEngineKeys.find(key); refused != kRefusedEngineKeys.end())
        refuse(option + " " + key, refused->second);
    if (equals == std::string::npos)
        refuse(option + " '" + printable(word) + "'", "expected key=value");
    if (key == "conf") {
        engine.conf = value;
    } else if (key == "cmd") {
        engine.command = value;
    } else if (key == "arg") {
        if (value.empty())
            refuse(option + " arg=",
                   "an empty argument, which an engine spec's command line cannot hold");
        engine.args.push_back(value);
    } else if (key == "proto" && !find_engine_protocol(value)) {
        refuse(option + " proto=" + printable(value),
               value == "uci" || value == "xboard"
                   ? "a chess protocol; othello-match speaks " + engine_protocol_names()
                   : "expected one of " + engine_protocol_names());
    } else if (key.starts_with("option.") && key.size() > 7) {
        engine.items.push_back(spec_item(option, key.substr(7), value));
    } else if (const auto known = kEngineKeys.find(key); known != kEngineKeys.end()) {
        engine.items.push_back(spec_item(option, known->second, value));
    } else {
        refuse(option + " " + printable(key) + "=",
               "not an engine key (conf, name, cmd, arg, dir, proto, tc, st, timemargin, "
               "restart, stderr, depth, option.NAME)");
    }
}

// The othello-match engine spec of `engine`'s words (for -each, the --each options: no cmd=).
std::string spec_of(const std::string& option, const EngineWords& engine) {
    std::string spec;
    const auto add = [&spec](const std::string& item) { spec += (spec.empty() ? "" : ",") + item; };
    if (option == "-each") {
        if (!engine.conf.empty() || !engine.command.empty())
            refuse("-each", "conf= and cmd= name one engine: give them to -engine");
        for (const std::string& item : engine.items) add(item);
        if (!engine.args.empty()) {
            std::string line;
            for (const std::string& a : engine.args)
                line += (line.empty() ? "" : " ") + command_word(a);
            add(spec_item(option, "args", line));
        }
        return spec;
    }
    if (!engine.conf.empty()) {
        if (!engine.command.empty() || !engine.args.empty())
            refuse(option + " conf=" + printable(engine.conf),
                   "the engines file gives its command; cmd= and arg= cannot change it");
        add(spec_item(option, "conf", engine.conf));
        for (const std::string& item : engine.items) add(item);
        return spec;
    }
    if (engine.command.empty()) refuse(option, "give cmd=PROGRAM or conf=NAME");
    for (const std::string& item : engine.items) add(item);
    // cmd= is split like a shell (cutechess's "cmd=./engine -l 2" too); each arg= is one word.
    std::string line = engine.command;
    for (const std::string& a : engine.args) line += " " + command_word(a);
    add("cmd:" + line);
    return spec;
}

// One -engine's (or -each's) key=value words as an othello-match engine spec. A word that means
// nothing here is added to `refusals` and left out, so that one run names every such word.
std::string engine_spec(const std::string& option, const std::vector<std::string>& words,
                        std::vector<std::string>& refusals) {
    EngineWords engine;
    for (const std::string& word : words) {
        try {
            read_engine_word(option, word, engine);
        } catch (const std::invalid_argument& e) {
            refusals.push_back(e.what());
        }
    }
    return spec_of(option, engine);
}

// What -openings' words say.
struct OpeningsWords {
    std::string file, plies, start, order;
};

// One of -openings' words read into `openings`; throws std::invalid_argument for a word that
// means nothing here.
void read_openings_word(const std::string& word, OpeningsWords& openings) {
    auto& [file, plies, start, order] = openings;
    const std::size_t equals = word.find('=');
    const std::string key = word.substr(0, equals);
    const std::string value = equals == std::string::npos ? "" : word.substr(equals + 1);
    {
        if (key == "file") {
            file = value;
        } else if (key == "plies") {
            plies = value;
        } else if (key == "start") {
            start = value;
        } else if (key == "order") {
            order = value;
        } else if (key == "format") {
            if (value == "pgn" || value == "epd")
                refuse("-openings format=" + value,
                       std::string(value == "pgn" ? "PGN holds chess games"
                                                  : "EPD holds chess "
                                                    "positions") +
                           "; give OBF lines (format=obf) or move transcripts (no format=)");
            if (value != "obf")
                refuse("-openings format=" + printable(value), "expected obf (OBF boards)");
        } else if (key == "policy") {
            if (value != "default")
                refuse("-openings policy=" + printable(value),
                       "othello-match plays each pairing's openings in the file's order "
                       "(policy=default)");
        } else {
            refuse("-openings " + printable(word),
                   "expected file=, format=, order=, plies=, start= or policy=");
        }
    }
}

// "plies=8,start=2,FILE" and the order from -openings' words; each word's refusal added to
// `refusals`.
void translate_openings(const std::vector<std::string>& words, std::vector<std::string>& out,
                        std::vector<std::string>& refusals) {
    OpeningsWords openings;
    for (const std::string& word : words) {
        try {
            read_openings_word(word, openings);
        } catch (const std::invalid_argument& e) {
            refusals.push_back(e.what());
        }
    }
    const auto& [file, plies, start, order] = openings;
    if (file.empty()) refuse("-openings", "give file=FILE");
    std::string spec;
    if (!plies.empty()) spec += "plies=" + plies + ",";
    if (!start.empty()) spec += "start=" + start + ",";
    out.insert(out.end(), {"--openings", spec + file});
    if (!order.empty()) out.insert(out.end(), {"--openings-order", order});
}

// cutechess's centipawns as discs (100 to a disc) in -resign's and -draw's score=.
std::string scores_in_discs(const std::string& option, const std::vector<std::string>& words) {
    std::string joined;
    for (const std::string& word : words) {
        std::string item = word;
        if (word.starts_with("score=")) {
            const std::string value = word.substr(6);
            char* end = nullptr;
            const double centipawns = std::strtod(value.c_str(), &end);
            if (value.empty() || *end != '\0')
                refuse(option + " score=" + printable(value), "expected centipawns, e.g. 400");
            item = "score=" + number_text(centipawns / 100);
        }
        joined += (joined.empty() ? "" : ",") + item;
    }
    return joined;
}

int whole_number(const std::string& option, const std::string& value) {
    std::size_t used = 0;
    int number = 0;
    try {
        number = std::stoi(value, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used == 0 || used != value.size() || number < 1)
        refuse(option + " '" + printable(value) + "'", "expected a whole number from 1");
    return number;
}

// The translation as it is built: the words so far, -games and -rounds (multiplied at the end),
// and every refusal met.
struct Translation {
    std::vector<std::string> out;
    std::optional<int> games, rounds;
    std::vector<std::string> refusals;
};

// `option` (the word `word`) with the words it took, `values`, added to `t`; throws
// std::invalid_argument for an option that means nothing here (its words' own refusals are added
// to t.refusals).
void translate_option(const CutechessOption& option, const std::string& word,
                      const std::vector<std::string>& values, Translation& t) {
    if (!option.refused.empty()) refuse(word, std::string(option.refused));
    std::vector<std::string>& out = t.out;
    const std::string name(option.name);
    const std::string value = values.empty() ? "" : values.front();
    if (name == "engine" || name == "each") {
        if (values.empty()) refuse(word, "expects key=value words, e.g. cmd=PROGRAM");
        out.insert(out.end(), {"--" + name, engine_spec(word, values, t.refusals)});
    } else if (name == "games") {
        t.games = whole_number(word, value);
    } else if (name == "rounds") {
        t.rounds = whole_number(word, value);
    } else if (name == "repeat") {
        out.insert(out.end(), {"--repeat", values.empty() ? "2" : value});
    } else if (name == "openings") {
        translate_openings(values, out, t.refusals);
    } else if (name == "sprt") {
        out.push_back("--sprt");
        out.insert(out.end(), values.begin(), values.end());
    } else if (name == "resign" || name == "draw") {
        out.insert(out.end(), {"--" + name, scores_in_discs(word, values)});
    } else if (name == "recover") {
        // What othello-match always does: a crashed engine costs its game and is restarted.
    } else if (name == "srand") {
        out.insert(out.end(), {"--seed", value});
    } else if (name == "ratinginterval") {
        out.insert(out.end(), {"--report-every", value});
    } else if (name == "outcomeinterval") {
        out.insert(out.end(), {"--score-every", value});
    } else if (name == "epdout") {
        out.insert(out.end(), {"--positions-out", value});
    } else if (option.takes == Takes::Nothing) {
        out.push_back("--" + name);  // noswap, reverse, version, help
    } else {
        out.insert(out.end(), {"--" + name, value});  // concurrency, tournament, seeds, ...
    }
}

}  // namespace

CutechessTranslation translate_cutechess_command_line(const std::vector<std::string>& words) {
    Translation t;
    for (std::size_t i = 0; i < words.size(); ++i) {
        const std::string& word = words[i];
        const CutechessOption* option = find_option(word);
        if (!option) {
            // One dash and a word that is no cutechess option: not ours either (-h aside).
            if (word.size() > 2 && word[0] == '-' && word[1] != '-' && !is_number(word)) {
                t.refusals.push_back("unknown option '" + printable(word) +
                                     "': cutechess-cli's options take one dash (-engine, -each, "
                                     "-games, ...), othello-match's own two (--engine, --games, "
                                     "...): see --help");
                continue;
            }
            t.out.push_back(word);
            continue;
        }
        // The words this option takes.
        std::vector<std::string> values;
        const auto next_is_value = [&] {
            return i + 1 < words.size() && !starts_option(words[i + 1]);
        };
        if (option->takes == Takes::Words) {
            while (next_is_value()) values.push_back(words[++i]);
        } else if (option->takes == Takes::Value) {
            if (!next_is_value()) {
                t.refusals.push_back(word + ": expects a value");
                continue;
            }
            values.push_back(words[++i]);
        } else if (option->takes == Takes::OptionalNumber) {
            if (i + 1 < words.size() && is_number(words[i + 1])) values.push_back(words[++i]);
        }
        try {
            translate_option(*option, word, values, t);
        } catch (const std::invalid_argument& e) {
            t.refusals.push_back(e.what());
        }
    }
    if (t.games || t.rounds)
        t.out.insert(t.out.end(),
                     {"--games", std::to_string(static_cast<long long>(t.games.value_or(1)) *
                                                t.rounds.value_or(1))});
    return {std::move(t.out), std::move(t.refusals)};
}

std::vector<std::string> translate_cutechess_options(const std::vector<std::string>& words) {
    CutechessTranslation translation = translate_cutechess_command_line(words);
    if (!translation.refusals.empty())
        throw std::invalid_argument(usage_problems(translation.refusals));
    return std::move(translation.words);
}

std::string usage_problems(const std::vector<std::string>& problems) {
    if (problems.size() == 1) return problems.front();
    std::string text = std::to_string(problems.size()) + " problems with the command line:";
    for (const std::string& problem : problems) text += "\n  " + problem;
    return text;
}

std::string default_engines_file() {
    namespace fs = std::filesystem;
    if (fs::exists("engines.json")) return "engines.json";
    fs::path config;
    if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg)
        config = xdg;
    else if (const char* home = std::getenv("HOME"); home && *home)
        config = fs::path(home) / ".config";
    if (config.empty()) return "";
    const fs::path file = config / "cutechess" / "engines.json";
    return fs::exists(file) ? file.string() : "";
}

}  // namespace othello
