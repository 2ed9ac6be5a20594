// JSON for a script block: nlohmann's compact ASCII form with '<' escaped.
#include "match/report/script_json.h"

#include <nlohmann/json.hpp>

namespace othello {

std::string json_for_script_block(const nlohmann::json& json) {
    const std::string text = json.dump(-1, ' ', true, nlohmann::json::error_handler_t::replace);
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        if (c == '<')
            out += "\\u003c";
        else
            out += c;
    }
    return out;
}

}  // namespace othello
