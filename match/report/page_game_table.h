// PageGameTable: the report page's games as its game table and viewer show them, a game at a
// time: one row a game in the form the record schema's PageForm gives each field (engines,
// openings and reasons as indexes, moves one character a square), kept as the row's JSON text,
// which is all the page holds of a game; and the tallies by opening the rows index.
#pragma once

#include <cstdio>
#include <memory>
#include <ostream>
#include <string>
#include <unordered_map>
#include <vector>

#include "match/record/game_record.h"
#include "match/record/game_record_schema.h"

namespace othello {

class PageGameTable {
  public:
    explicit PageGameTable(const std::vector<std::string>& engines);

    // False, adding nothing, when an engine of `r` is not one of the page's.
    bool add(const GameRecord& r);

    long size() const { return rows_; }
    // The index of the first of the page's engines named `name`; -1: none.
    int engine_index(const std::string& name) const;
    // The rows' field names (the page's "game_fields").
    nlohmann::json field_names() const;
    // The rows, each a JSON array as text safe in a script block (json_for_script_block), joined
    // by commas: the inside of the page's "games" list.
    void write_rows(std::ostream& out) const;
    // [name, moves, games, black wins, white wins, draws, black's disc difference sum, start
    // board (boards only)] an opening, in order of first appearance.
    nlohmann::json openings() const;
    // The reasons the rows index, in order of first appearance.
    const std::vector<std::string>& reasons() const { return reasons_; }

  private:
    struct OpeningTally {
        std::string name;
        std::string moves;
        std::string start_board;
        long games = 0;
        long black_wins = 0;
        long white_wins = 0;
        long draws = 0;
        long disc_difference_sum = 0;  // black's
    };
    int opening_index(const GameRecord& r);
    void spill();  // piece_ to the temporary file
    int reason_index(Outcome reason);

    std::vector<const GameRecordField*> page_fields_;
    std::unordered_map<std::string, int> engine_index_;  // the first engine of each name
    std::vector<std::string> reasons_;
    // Openings and reasons are indexes into their own lists, as a balanced opening set has
    // thousands of openings.
    std::unordered_map<std::string, int> opening_index_;  // opening + '\n' + start board
    std::vector<OpeningTally> openings_;
    // The rows' text: each piece of about kRowsPiece bytes, once full, goes to an anonymous
    // temporary file (std::tmpfile), read back only when the page is written: a million games'
    // rows are 100 MB of text that the page needs only then.
    static constexpr std::size_t kRowsPiece = 1 << 20;
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> spilled_{nullptr, &std::fclose};
    std::string piece_;  // the rows since the last piece spilled
    long rows_ = 0;
};

// One character per square played ("a1" -> 'A', ... see the alphabet in the .cpp), passes left
// out: half the size of a transcript in the page.
std::string compact_moves(const std::string& transcript);

}  // namespace othello
