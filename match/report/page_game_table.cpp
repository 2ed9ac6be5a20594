// PageGameTable: each row built field by field from the schema table, then kept as text.
#include "match/report/page_game_table.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string_view>

#include "match/report/page_numbers.h"
#include "match/report/script_json.h"

namespace othello {

namespace {

// Square index (a1 = 0, b1 = 1, ..., h8 = 63) -> character; all are JSON- and HTML-safe.
constexpr std::string_view kMoveAlphabet =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

// Per-move figures, scaled (seconds to milliseconds) and rounded (0 decimals: integers); dropped
// when they say nothing once rounded (all zero or null, as for in-process players).
nlohmann::json compact_numbers(const nlohmann::json& values, double scale, int decimals) {
    if (!values.is_array()) return nullptr;
    bool informative = false;
    nlohmann::json out = nlohmann::json::array();
    for (const auto& v : values) {
        if (v.is_number()) {
            const double x = v.get<double>() * scale;
            nlohmann::json y =
                decimals == 0 ? nlohmann::json(std::lround(x)) : rounded(x, decimals);
            informative = informative || y != 0;
            out.push_back(std::move(y));
        } else {
            out.push_back(nullptr);
        }
    }
    return informative ? out : nlohmann::json(nullptr);
}

// What a game row refers to by index: the page's engines, its opening and its reason.
struct GameIndexes {
    const std::unordered_map<std::string, int>& engines;
    int opening;
    int reason;
};

// A field's column in the page's game rows (PageForm says how).
nlohmann::json page_cell(const GameRecordField& f, const GameRecord& r, const GameIndexes& ix) {
    const nlohmann::json value = f.write(r);
    switch (f.page) {
        case PageForm::None:
        case PageForm::AsIs:
            return value;
        case PageForm::Engine:
            return ix.engines.at(value.get<std::string>());
        case PageForm::Opening:
            return ix.opening;
        case PageForm::Moves:
            return compact_moves(value.get<std::string>());
        case PageForm::Winner:
            return static_cast<int>(winner_from_string(value.get<std::string>()));
        case PageForm::Reason:
            return ix.reason;
        case PageForm::ForfeitText:
            return r.reason == Outcome::Normal ? nlohmann::json("") : value;
        case PageForm::Seconds:
            return rounded(value.get<double>(), 2);
        case PageForm::Milliseconds:
            return compact_numbers(value, 1000, 0);
        case PageForm::Evals:
            return compact_numbers(value, 1, 2);
    }
    return value;
}

}  // namespace

std::string compact_moves(const std::string& transcript) {
    std::string out;
    for (std::size_t i = 0; i < transcript.size();) {
        const char c = static_cast<char>(std::tolower(static_cast<unsigned char>(transcript[i])));
        const char d = i + 1 < transcript.size() ? transcript[i + 1] : '\0';
        if (c >= 'a' && c <= 'h' && d >= '1' && d <= '8') {
            out += kMoveAlphabet[(d - '1') * 8 + (c - 'a')];
            i += 2;
        } else {
            ++i;  // spaces and written passes ("pass", "PA"): the viewer passes by itself
        }
    }
    return out;
}

PageGameTable::PageGameTable(const std::vector<std::string>& engines) {
    for (const GameRecordField& f : game_record_fields())
        if (f.page != PageForm::None) page_fields_.push_back(&f);
    for (std::size_t i = 0; i < engines.size(); ++i)
        engine_index_.emplace(engines[i], static_cast<int>(i));
}

nlohmann::json PageGameTable::field_names() const {
    nlohmann::json names = nlohmann::json::array();
    for (const GameRecordField* f : page_fields_) names.push_back(f->name);
    return names;
}

int PageGameTable::engine_index(const std::string& name) const {
    const auto it = engine_index_.find(name);
    return it == engine_index_.end() ? -1 : it->second;
}

int PageGameTable::opening_index(const GameRecord& r) {
    const auto [it, added] = opening_index_.emplace(r.opening + '\n' + r.start_board,
                                                    static_cast<int>(openings_.size()));
    if (added) openings_.push_back({r.opening_name, r.opening, r.start_board});
    OpeningTally& o = openings_[static_cast<std::size_t>(it->second)];
    ++o.games;
    ++(r.winner == Winner::Black   ? o.black_wins
       : r.winner == Winner::White ? o.white_wins
                                   : o.draws);
    o.disc_difference_sum += r.black_discs - r.white_discs;
    return it->second;
}

int PageGameTable::reason_index(Outcome reason) {
    const std::string name(to_string(reason));
    const auto it = std::find(reasons_.begin(), reasons_.end(), name);
    if (it != reasons_.end()) return static_cast<int>(it - reasons_.begin());
    reasons_.push_back(name);
    return static_cast<int>(reasons_.size()) - 1;
}

bool PageGameTable::add(const GameRecord& r) {
    if (!engine_index_.contains(r.black) || !engine_index_.contains(r.white)) return false;
    const int reason = reason_index(r.reason);
    const GameIndexes indexes{engine_index_, opening_index(r), reason};
    nlohmann::json row = nlohmann::json::array();
    for (const GameRecordField* f : page_fields_) row.push_back(page_cell(*f, r, indexes));
    // Columns a game has nothing for (per-move figures of in-process players) are left off its
    // end: the page reads a missing column as null.
    while (!row.empty() && row.back().is_null()) row.erase(row.end() - 1);
    if (rows_ > 0) piece_ += ',';
    piece_ += json_for_script_block(row);
    ++rows_;
    if (piece_.size() >= kRowsPiece) spill();
    return true;
}

void PageGameTable::spill() {
    if (!spilled_) spilled_.reset(std::tmpfile());
    if (!spilled_ || std::fwrite(piece_.data(), 1, piece_.size(), spilled_.get()) != piece_.size())
        throw std::runtime_error(std::string("report page: cannot keep its rows in a temporary "
                                             "file: ") +
                                 std::strerror(errno));
    piece_.clear();
}

void PageGameTable::write_rows(std::ostream& out) const {
    if (spilled_) {
        std::FILE* file = spilled_.get();
        std::fflush(file);
        std::rewind(file);
        std::vector<char> chunk(kRowsPiece);
        for (std::size_t n; (n = std::fread(chunk.data(), 1, chunk.size(), file)) > 0;)
            out.write(chunk.data(), static_cast<std::streamsize>(n));
        const bool failed = std::ferror(file);
        std::fseek(file, 0, SEEK_END);  // where the next piece is written
        if (failed)
            throw std::runtime_error(std::string("report page: cannot read its rows back: ") +
                                     std::strerror(errno));
    }
    out << piece_;
}

nlohmann::json PageGameTable::openings() const {
    nlohmann::json list = nlohmann::json::array();
    for (const OpeningTally& o : openings_) {
        list.push_back(
            {o.name, o.moves, o.games, o.black_wins, o.white_wins, o.draws, o.disc_difference_sum});
        if (!o.start_board.empty()) list.back().push_back(o.start_board);
    }
    return list;
}

}  // namespace othello
