// The game record's fields for --help, one line each from the schema table.
#include "match/cli/record_fields_help.h"

#include <algorithm>

#include "match/record/game_record_schema.h"

namespace othello {

namespace {

std::string padded(std::string text, std::size_t width) {
    text.resize(std::max(text.size(), width), ' ');
    return text;
}

// `lead` then `text`, broken at spaces into lines of at most `width` characters, the lines after
// the first indented as far as `text` starts (a hanging paragraph).
std::string hanging(const std::string& lead, const std::string& text, std::size_t width) {
    std::string out, line = lead;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find(' ', start);
        if (end == std::string::npos) end = text.size();
        const std::string word = text.substr(start, end - start);
        // A line holding only its lead takes the next word whatever its length.
        if (line.size() > lead.size() && line.size() + 1 + word.size() > width) {
            out += line + "\n";
            line = std::string(lead.size(), ' ');
        }
        line += (line.size() == lead.size() ? "" : " ") + word;
        start = end + 1;
    }
    return out + line;
}

}  // namespace

std::string record_fields_help() {
    std::string text =
        "Game record fields (CSV: also a column of CSV results; ?: may be absent):\n";
    for (const GameRecordField& f : game_record_fields()) {
        std::string flags;
        if (f.csv) flags = "CSV";
        if (f.presence != FieldPresence::Required) flags += flags.empty() ? "?" : ", ?";
        const std::string tag = std::string(f.name) + (flags.empty() ? "" : " (" + flags + ")");
        text += hanging("  " + padded(tag, 22) + "  ", std::string(f.meaning), 100) + "\n";
    }
    return text +
           "\nEach game in --results FILE.json, and each game line of the match's journal "
           "(FILE.jsonl;\nFILE.csv.jsonl beside --results FILE.csv), is a JSON object of those "
           "fields; CSV results\nhold the CSV ones, in that order. A field may be absent from "
           "files written before it\nexisted, and some are left out of a record when empty.\n\n";
}

}  // namespace othello
