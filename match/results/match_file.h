// MatchFile: a journal (.jsonl) or results file (.json) read back — the match configuration it
// records and its games, each replayed and checked (record_check.h) — for --resume, merging
// shards and the report.
#pragma once

#include <cstdint>
#include <functional>
#include <istream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "match/record/game_record.h"
#include "match/results/record_signature.h"

namespace othello {

struct MatchFile {
    std::string path;
    // Absent in results files written before the configuration was recorded (a journal without
    // it is refused whole).
    std::optional<nlohmann::json> config;
    // In id order; a repeated id keeps its first record. Each one follows from its own moves.
    std::vector<GameRecord> games;
    // Where games[i] stands in the file, for messages: "'r.jsonl' line 7", "'r.json' games[3]".
    std::vector<std::string> where;
    // Records that are not games or do not check out, each with where it stands and why:
    // "'r.jsonl' line 7: game 5 (a - b): winner black, but the moves leave black 20, white 44".
    std::vector<std::string> refused;
    // For people, not errors: a last journal line cut short by a kill, dropped.
    std::vector<std::string> notes;
};

// A journal: the {"config": ...} line, then one game per line; a last line cut short by a kill
// is dropped with a note (that game is played again); any other line that is not a game that
// checks out (record_problem, against the rules of the recorded configuration) is refused. A
// results file: {"config", "summary", "games"}. With `key`, a record without that key's signature
// for the recorded configuration is refused too. An adjudication at more than
// kAlwaysSolvedEmpties empty squares is proved by its signature, or solved again within
// `proof_budget` positions (record_check.h).
// A missing journal reads as empty. Throws std::runtime_error naming the file for a results file
// that is missing or not JSON, a .csv file (which cannot be read back), and a journal whose games
// come without the configuration line before them (nothing to check them against).
MatchFile read_match_file(const std::string& path, const SigningKey* key = nullptr,
                          std::uint64_t proof_budget = 0);

// Each record that checks out as read_match_file reads it, with its place in the file (a
// journal's line number, an index into a results file's "games"), handed over as soon as its
// batch is checked, in file order, repeats included.
using CheckedGameSink = std::function<void(GameRecord&&, long place)>;

// read_match_file without holding the games: each goes to `game` and is not kept, so a file of a
// million games costs the memory of a batch. The MatchFile returned holds no games; what `game`
// throws is thrown as it is.
MatchFile stream_match_file(const std::string& path, const CheckedGameSink& game,
                            const SigningKey* key = nullptr, std::uint64_t proof_budget = 0);

// The configuration the file at `path` records, read without its games; nullopt when it records
// none. Throws std::runtime_error naming the file when it is not a regular file or not a results
// file.
std::optional<nlohmann::json> recorded_config(const std::string& path);

// How messages name a record's place: "'r.jsonl' line 7", "'r.json' games[3]".
std::string record_place(const std::string& path, long place);

// A results file ({"config", "summary", "games", ...}) parsed with each element of its "games"
// list handed to `game` (with its index) as soon as it is read, then dropped: the document
// returned has "games" empty, so that a file of a million games is never held whole as JSON.
// Throws nlohmann::json::parse_error for text that is not JSON, and std::runtime_error for a
// "games" given twice (whatever `game` throws too).
nlohmann::json parse_results_file(
    std::istream& in, const std::function<void(const nlohmann::json&, std::size_t)>& game);

// The configuration recorded for --results RESULTS_PATH: its journal's first line, else the
// results file's "config"; nullopt when neither holds one (no such file, not a results file).
// Reads no further than the configuration; the caller checks what it reads in it.
std::optional<nlohmann::json> recorded_match_config(const std::string& results_path);

// The run id ("run") of recorded_match_config(); nullopt when it holds none (no such file, a
// run without an id).
std::optional<std::string> recorded_run_id(const std::string& results_path);

// One message listing refused records (MatchFile::refused), one a line, the first few only.
std::string refused_records_message(const std::vector<std::string>& refused);

}  // namespace othello
