// The GameRecord schema, declared once: one table row per field gives its JSON name, how it is
// written and read (with the reader's checks), whether it is a CSV column and how the report page
// shows it. The journal, results files (JSON and CSV), merge and the report page all go through it.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <span>
#include <string_view>

#include "match/record/game_record.h"

namespace othello {

// What a file without the field means.
enum class FieldPresence {
    Required,   // always written; a record without it is refused
    Defaulted,  // always written; absent (files from before it existed) reads as the default
    Omitted,    // left out when empty (keeps journal lines short), and absent reads as empty
};

// How the report page's game rows carry a field (match/report/page_game_table.cpp encodes them).
enum class PageForm {
    None,          // not in the page's game rows
    AsIs,          // the JSON value
    Engine,        // index into the page's "engines"
    Opening,       // index into the page's "openings" (which carry name and board)
    Moves,         // one character per square (compact_moves)
    Winner,        // 0 black, 1 white, 2 draw
    Reason,        // index into the page's "reasons"
    ForfeitText,   // the text for a game that did not end normally, "" otherwise
    Seconds,       // rounded to hundredths
    Milliseconds,  // a per-move list in whole milliseconds; null when all round to zero
    Evals,         // a per-move list rounded to hundredths; null when all are null or zero
};

struct GameRecordField {
    std::string_view name;     // the JSON key, CSV column and the page's column name
    std::string_view meaning;  // for people: othello-match --help lists every field with it
    FieldPresence presence;
    bool csv;  // a column of CSV results (in table order)
    PageForm page;
    // The field's JSON value; null when an Omitted field is empty.
    nlohmann::json (*write)(const GameRecord&);
    // Sets the field from its JSON value; throws std::runtime_error naming the field.
    void (*read)(const nlohmann::json&, GameRecord&);
};

// Every field, in CSV column order.
std::span<const GameRecordField> game_record_fields();

nlohmann::json to_json(const GameRecord& r);
// Throws std::runtime_error ("bad game record: ...") for a record missing a required field or
// with a field of the wrong type or out of range.
GameRecord record_from_json(const nlohmann::json& j);

}  // namespace othello
