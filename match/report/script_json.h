// JSON as text for the page's <script type="application/json"> block.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <string>

namespace othello {

// `json` as text safe inside <script type="application/json">: every '<' is written \u003c, so
// neither "</script" nor "<!--" can end or confuse the block. Non-ASCII is escaped too: the page
// is exact whatever the engines' names are made of.
std::string json_for_script_block(const nlohmann::json& json);

}  // namespace othello
