// Cutting a record's texts to their bounds, as printable() escapes and cuts them.
#include "match/record/record_bounds.h"

#include <iterator>

#include "engine/ascii_text.h"

namespace othello {

void bound_texts(GameRecord& r) {
    r.black = printable(r.black, kMostRecordNameBytes);
    r.white = printable(r.white, kMostRecordNameBytes);
    r.opening_name = printable(r.opening_name, kMostOpeningNameBytes);
    r.detail = printable(r.detail, kMostDetailBytes);
    if (r.last_lines.size() > kMostLastLines) {
        r.last_lines.erase(r.last_lines.begin(),
                           std::prev(r.last_lines.end(), static_cast<long>(kMostLastLines)));
    }
    for (std::string& line : r.last_lines) line = printable(line, kMostLastLineBytes);
}

}  // namespace othello
