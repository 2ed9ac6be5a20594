// Results on disk: nlohmann::json for every format; POSIX append for the journal.
#include "match/results/results_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <string_view>

#include "match/results/atomic_file.h"
#include "protocol/fd_write.h"

namespace othello {

namespace {

// JSON text that can always be written: what engines send is escaped (\xNN) before it reaches a
// record, and any string still not UTF-8 (a file or engine name given with Latin-1 bytes) costs
// a replacement character, never the results file or the journal.
std::string json_text(const nlohmann::json& j, int indent = -1) {
    return j.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace

nlohmann::json to_json(const GameRecord& r) {
    nlohmann::json j = {{"id", r.id},
                        {"pair", r.pair},
                        {"black", r.black},
                        {"white", r.white},
                        {"opening", r.opening},
                        {"opening_name", r.opening_name},
                        {"moves", r.moves},
                        {"black_discs", r.black_discs},
                        {"white_discs", r.white_discs},
                        {"winner", to_string(r.winner)},
                        {"reason", to_string(r.reason)},
                        {"detail", r.detail},
                        {"black_seconds", r.black_seconds},
                        {"white_seconds", r.white_seconds}};
    // Absent (not empty) for games between in-process players, which have neither.
    // Absent for games from the standard start: results written before boards existed and
    // after read the same.
    if (!r.start_board.empty()) j["start_board"] = r.start_board;
    if (!r.move_seconds.empty()) j["move_seconds"] = r.move_seconds;
    // Left out too when no move has an eval (GTP engines give none): journal lines stay short.
    if (std::any_of(r.move_evals.begin(), r.move_evals.end(),
                    [](const auto& e) { return e.has_value(); })) {
        nlohmann::json evals = nlohmann::json::array();
        for (const auto& e : r.move_evals)
            evals.push_back(e && std::isfinite(*e) ? nlohmann::json(*e) : nlohmann::json());
        j["move_evals"] = evals;
    }
    if (!r.last_lines.empty()) j["last_lines"] = r.last_lines;
    return j;
}

namespace {

// nlohmann converts any number to int, so an id of 1e300 would read as some other game's: only
// whole numbers in [0, INT_MAX] are accepted.
int count_field(const nlohmann::json& j, const char* name) {
    const nlohmann::json& v = j.at(name);
    if (!v.is_number_integer() || v.get<std::int64_t>() < 0 ||
        v.get<std::int64_t>() > std::numeric_limits<int>::max()) {
        std::string shown = v.dump();
        if (shown.size() > 40) shown = shown.substr(0, 37) + "...";
        throw std::runtime_error(std::string("\"") + name + "\" is " + shown +
                                 ", not an integer from 0 to 2147483647");
    }
    return static_cast<int>(v.get<std::int64_t>());
}

}  // namespace

GameRecord record_from_json(const nlohmann::json& j) {
    GameRecord r;
    try {
        r.id = count_field(j, "id");
        r.pair = count_field(j, "pair");
        r.black = j.at("black").get<std::string>();
        r.white = j.at("white").get<std::string>();
        r.opening = j.at("opening").get<std::string>();
        r.opening_name = j.value("opening_name", "");
        r.start_board = j.value("start_board", "");
        r.moves = j.at("moves").get<std::string>();
        r.black_discs = count_field(j, "black_discs");
        r.white_discs = count_field(j, "white_discs");
        r.winner = winner_from_string(j.at("winner").get<std::string>());
        r.reason = outcome_from_string(j.at("reason").get<std::string>());
        r.detail = j.value("detail", "");
        r.black_seconds = j.value("black_seconds", 0.0);
        r.white_seconds = j.value("white_seconds", 0.0);
        // Optional: journals written before these fields existed still resume.
        if (j.contains("move_seconds"))
            r.move_seconds = j.at("move_seconds").get<std::vector<double>>();
        if (j.contains("move_evals")) {
            for (const auto& e : j.at("move_evals"))
                r.move_evals.push_back(e.is_null() ? std::nullopt
                                                   : std::optional<double>(e.get<double>()));
        }
        if (j.contains("last_lines"))
            r.last_lines = j.at("last_lines").get<std::vector<std::string>>();
    } catch (const std::exception& e) {
        throw std::runtime_error(std::string("bad game record: ") + e.what());
    }
    return r;
}

std::string journal_path_for(const std::string& results_path) {
    if (results_path.ends_with(".json")) return results_path + "l";
    return results_path + ".jsonl";
}

ResultsJournal::ResultsJournal(std::string path, const nlohmann::json& config,
                               const std::vector<GameRecord>& kept)
    : path_(std::move(path)) {
    // The kept lines replace the old journal in one step: a kill during the rewrite leaves the
    // old journal (still readable the same way), never a truncated one.
    write_file_atomically(path_, [&](std::ostream& out) {
        out << json_text(nlohmann::json{{"config", config}}) << '\n';
        for (const auto& r : kept) out << json_text(to_json(r)) << '\n';
    });
    fd_ = ::open(path_.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
    if (fd_ < 0)
        throw std::runtime_error("cannot write journal '" + path_ + "': " + std::strerror(errno));
    end_ = ::lseek(fd_, 0, SEEK_END);
}

ResultsJournal::~ResultsJournal() {
    if (fd_ >= 0) ::close(fd_);
}

void ResultsJournal::append(const GameRecord& r) {
    append_lines(json_text(to_json(r)) + "\n");
}

void ResultsJournal::append(const std::vector<GameRecord>& games) {
    std::string lines;
    for (const auto& r : games) lines += json_text(to_json(r)) + "\n";
    append_lines(lines);
}

void ResultsJournal::append_lines(const std::string& line) {
    const std::lock_guard guard(write_lock_);
    errno = 0;
    if (write_all(fd_, line)) {
        end_ += static_cast<off_t>(line.size());  // kept here: one system call a write, not two
        return;
    }
    const off_t end = end_;
    // A full disk often takes part of the line first (a short write, errno untouched) and refuses
    // the rest with ENOSPC: say the system's reason, and cut the partial line off so the journal
    // stays whole lines (--resume would drop it anyway).
    const int error = errno ? errno : ENOSPC;
    if (end >= 0 && ::ftruncate(fd_, end) != 0) {
        // Nothing more to do: a resume drops a line cut short.
    }
    throw std::runtime_error("cannot append to journal '" + path_ + "': " + std::strerror(error));
}

namespace {

// A cell a spreadsheet would take for a formula (an engine names itself, "=HYPERLINK(...)") is
// quoted and starts with an apostrophe, which spreadsheets show as text and do not evaluate.
std::string csv_field(const std::string& s) {
    const bool formula = !s.empty() && std::string_view("=+-@\t\r").find(s[0]) != std::string::npos;
    if (!formula && s.find_first_of(",\"\n\r") == std::string::npos) return s;
    std::string q = formula ? "\"'" : "\"";
    for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
}

}  // namespace

void write_results(const std::string& path, std::vector<GameRecord> records,
                   const nlohmann::json& summary, const nlohmann::json& config,
                   const nlohmann::json& ratings) {
    std::sort(records.begin(), records.end(),
              [](const auto& a, const auto& b) { return a.id < b.id; });
    write_file_atomically(path, [&](std::ostream& out) {
        if (path.ends_with(".csv")) {
            out << "id,pair,black,white,opening,moves,black_discs,white_discs,winner,reason,detail,"
                   "black_seconds,"
                   "white_seconds,start_board\n";
            for (const auto& r : records) {
                out << r.id << ',' << r.pair << ',' << csv_field(r.black) << ','
                    << csv_field(r.white) << ',' << csv_field(r.opening) << ','
                    << csv_field(r.moves) << ',' << r.black_discs << ',' << r.white_discs << ','
                    << to_string(r.winner) << ',' << csv_field(std::string(to_string(r.reason)))
                    << ',' << csv_field(r.detail) << ',' << r.black_seconds << ','
                    << r.white_seconds << ',' << csv_field(r.start_board) << '\n';
            }
        } else {
            nlohmann::json games = nlohmann::json::array();
            for (const auto& r : records) games.push_back(to_json(r));
            nlohmann::json results{{"summary", summary}, {"games", games}};
            if (!config.is_null()) results["config"] = config;
            if (!ratings.is_null()) results["ratings"] = ratings;
            out << json_text(results, 1) << '\n';
        }
    });
}

}  // namespace othello
