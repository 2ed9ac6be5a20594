// The GameRecord field table and the JSON writer and reader that walk it.
#include "match/record/game_record_schema.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace othello {

namespace {

using nlohmann::json;

// A value of the wrong type or range; the reader puts the field's name in front.
struct WrongValue : std::runtime_error {
    using std::runtime_error::runtime_error;
};

std::string shown(const json& v) {
    std::string s = v.dump(-1, ' ', false, json::error_handler_t::replace);
    return s.size() > 40 ? s.substr(0, 37) + "..." : s;
}

// nlohmann converts any number to int, so an id of 1e300 would read as some other game's: only
// whole numbers in [0, INT_MAX] are accepted.
int count(const json& v) {
    if (!v.is_number_integer() || v.get<std::int64_t>() < 0 ||
        v.get<std::int64_t>() > std::numeric_limits<int>::max())
        throw WrongValue("is " + shown(v) + ", not an integer from 0 to 2147483647");
    return static_cast<int>(v.get<std::int64_t>());
}

std::string text(const json& v) {
    if (!v.is_string()) throw WrongValue("is " + shown(v) + ", not a string");
    return v.get<std::string>();
}

double number(const json& v) {
    if (!v.is_number()) throw WrongValue("is " + shown(v) + ", not a number");
    return v.get<double>();
}

const json& list(const json& v) {
    if (!v.is_array()) throw WrongValue("is " + shown(v) + ", not a list");
    return v;
}

template <int GameRecord::*M>
json write_count(const GameRecord& r) {
    return r.*M;
}
template <int GameRecord::*M>
void read_count(const json& v, GameRecord& r) {
    r.*M = count(v);
}
// A side's discs: 0 to 64, so that no sum or margin of them can overflow.
template <int GameRecord::*M>
void read_discs(const json& v, GameRecord& r) {
    const int discs = count(v);
    if (discs > 64) throw WrongValue("is " + shown(v) + ", not a disc count from 0 to 64");
    r.*M = discs;
}

template <std::string GameRecord::*M>
json write_text(const GameRecord& r) {
    return r.*M;
}
template <std::string GameRecord::*M>
json write_text_unless_empty(const GameRecord& r) {
    return (r.*M).empty() ? json() : json(r.*M);
}
template <std::string GameRecord::*M>
void read_text(const json& v, GameRecord& r) {
    r.*M = text(v);
}

template <double GameRecord::*M>
json write_number(const GameRecord& r) {
    return r.*M;
}
template <double GameRecord::*M>
void read_number(const json& v, GameRecord& r) {
    r.*M = number(v);
}

json write_winner(const GameRecord& r) {
    return to_string(r.winner);
}
void read_winner(const json& v, GameRecord& r) {
    r.winner = winner_from_string(text(v));
}

json write_reason(const GameRecord& r) {
    return to_string(r.reason);
}
void read_reason(const json& v, GameRecord& r) {
    r.reason = outcome_from_string(text(v));
}

// Absent (not empty) for games between in-process players, which have neither.
json write_move_seconds(const GameRecord& r) {
    if (r.move_records.empty()) return json();
    json seconds = json::array();
    for (const MoveRecord& m : r.move_records) seconds.push_back(m.seconds);
    return seconds;
}
void read_move_seconds(const json& v, GameRecord& r) {
    r.move_records.clear();
    for (const json& s : list(v)) r.move_records.push_back({number(s), std::nullopt});
}

// Left out too when no move has an eval (GTP engines give none): journal lines stay short.
// JSON has no infinity or NaN: such an eval is written as null, as a move without one.
json write_move_evals(const GameRecord& r) {
    if (std::none_of(r.move_records.begin(), r.move_records.end(),
                     [](const MoveRecord& m) { return m.eval.has_value(); }))
        return json();
    json evals = json::array();
    for (const MoveRecord& m : r.move_records)
        evals.push_back(m.eval && std::isfinite(*m.eval) ? json(*m.eval) : json());
    return evals;
}
// Read after "move_seconds" (the table's order): one eval (or null) for each of its moves.
void read_move_evals(const json& v, GameRecord& r) {
    std::vector<std::optional<double>> evals;
    for (const json& e : list(v))
        evals.push_back(e.is_null() ? std::nullopt : std::optional<double>(number(e)));
    if (evals.size() != r.move_records.size())
        throw WrongValue("has " + std::to_string(evals.size()) +
                         " entries, but \"move_seconds\" has " +
                         std::to_string(r.move_records.size()));
    for (std::size_t i = 0; i < evals.size(); ++i) r.move_records[i].eval = evals[i];
}

json write_last_lines(const GameRecord& r) {
    return r.last_lines.empty() ? json() : json(r.last_lines);
}
void read_last_lines(const json& v, GameRecord& r) {
    r.last_lines.clear();
    for (const json& line : list(v)) r.last_lines.push_back(text(line));
}

using P = FieldPresence;
using G = GameRecord;

// Results files and journals keep every name here (they are read by other people's tools), and
// old journals lack the Defaulted and Omitted ones: both must keep reading.
const std::array<GameRecordField, 19> kFields{{
    {"id", "the game's number in the schedule, from 0 (--resume plays the rest)", P::Required, true,
     PageForm::AsIs, write_count<&G::id>, read_count<&G::id>},
    {"pair", "the number the two games of an opening (colours swapped) share", P::Required, true,
     PageForm::None, write_count<&G::pair>, read_count<&G::pair>},
    {"black", "the engine playing black, by name", P::Required, true, PageForm::Engine,
     write_text<&G::black>, read_text<&G::black>},
    {"white", "the engine playing white, by name", P::Required, true, PageForm::Engine,
     write_text<&G::white>, read_text<&G::white>},
    {"opening", "the opening's moves (\"\" for the standard start or a board)", P::Required, true,
     PageForm::Opening, write_text<&G::opening>, read_text<&G::opening>},
    {"opening_name",
     "the opening's name: its own in an openings file (FILE:LINE for an unnamed board), "
     "else generated (balanced#3, random:6#12); \"\" for an unnamed line of moves",
     P::Defaulted, false, PageForm::None, write_text<&G::opening_name>,
     read_text<&G::opening_name>},
    {"moves", "every move from the start (or start_board), the opening's included: f5d6c3...",
     P::Required, true, PageForm::Moves, write_text<&G::moves>, read_text<&G::moves>},
    {"black_discs",
     "black's discs on the last board (reason adjudicated: the solver's perfect-play "
     "score, the empty squares to the winner)",
     P::Required, true, PageForm::AsIs, write_count<&G::black_discs>, read_discs<&G::black_discs>},
    {"white_discs", "white's discs on the last board (reason adjudicated: as black_discs)",
     P::Required, true, PageForm::AsIs, write_count<&G::white_discs>, read_discs<&G::white_discs>},
    {"winner", "black, white or draw", P::Required, true, PageForm::Winner, write_winner,
     read_winner},
    {"reason", "why it ended: normal, a forfeit (crash, timeout, ...) or an adjudication",
     P::Required, true, PageForm::Reason, write_reason, read_reason},
    {"detail",
     "for people: how it ended (\"game over: black 14, white 50\", or what the "
     "offender did, or the adjudication)",
     P::Defaulted, true, PageForm::ForfeitText, write_text<&G::detail>, read_text<&G::detail>},
    {"black_seconds",
     "the seconds black's engine used in the game, all its answers (0: not on a clock: "
     "an in-process policy, a human)",
     P::Defaulted, true, PageForm::Seconds, write_number<&G::black_seconds>,
     read_number<&G::black_seconds>},
    {"white_seconds", "the seconds white's engine used in the game (as black_seconds)",
     P::Defaulted, true, PageForm::Seconds, write_number<&G::white_seconds>,
     read_number<&G::white_seconds>},
    // Absent for games from the standard start: results written before boards existed and
    // after read the same.
    {"start_board",
     "the board and side to move the game started from: a board line of the --openings "
     "file",
     P::Omitted, true, PageForm::None, write_text_unless_empty<&G::start_board>,
     read_text<&G::start_board>},
    {"move_seconds",
     "a list, one per move after the opening: the seconds the mover took, its answers "
     "since its previous move included (0: an in-process policy); absent between two "
     "in-process players",
     P::Omitted, false, PageForm::Milliseconds, write_move_seconds, read_move_seconds},
    {"move_evals",
     "a list, one per move after the opening: the eval the mover reported (NBoard's "
     "=== move/eval), in discs from its own side, or null; absent when no move has one",
     P::Omitted, false, PageForm::Evals, write_move_evals, read_move_evals},
    {"last_lines", "a forfeit by an engine: its last protocol lines, up to 20 (> sent, < received)",
     P::Omitted, false, PageForm::None, write_last_lines, read_last_lines},
    // With --sign-key (record_signature.h); kept as read, so a file merged or resumed without the
    // key still carries its records' signatures.
    {"sig", "the record's signature (hmac-sha256:...), written by a runner given --sign-key",
     P::Omitted, false, PageForm::None, write_text_unless_empty<&G::signature>,
     read_text<&G::signature>},
}};

}  // namespace

std::span<const GameRecordField> game_record_fields() {
    return kFields;
}

nlohmann::json to_json(const GameRecord& r) {
    json j = json::object();
    for (const GameRecordField& f : kFields) {
        json value = f.write(r);
        if (!value.is_null()) j[std::string(f.name)] = std::move(value);
    }
    return j;
}

GameRecord record_from_json(const nlohmann::json& j) {
    GameRecord r;
    try {
        if (!j.is_object()) throw std::runtime_error("is " + shown(j) + ", not an object");
        for (const GameRecordField& f : kFields) {
            const auto it = j.find(std::string(f.name));
            if (it == j.end()) {
                if (f.presence == P::Required)
                    throw std::runtime_error("\"" + std::string(f.name) + "\" is missing");
                continue;
            }
            try {
                f.read(*it, r);
            } catch (const WrongValue& e) {
                throw std::runtime_error("\"" + std::string(f.name) + "\" " + e.what());
            }
        }
    } catch (const std::exception& e) {
        throw std::runtime_error(std::string("bad game record: ") + e.what());
    }
    return r;
}

}  // namespace othello
