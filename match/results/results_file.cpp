// Results on disk: nlohmann::json for every format; POSIX append for the journal.
#include "match/results/results_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
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

std::string journal_path_for(const std::string& results_path) {
    if (results_path.ends_with(".json")) return results_path + "l";
    return results_path + ".jsonl";
}

ResultsJournal::ResultsJournal(std::string path, const nlohmann::json& config,
                               const std::vector<GameRecord>& kept, const SigningKey* key)
    : path_(std::move(path)) {
    if (key) signer_.emplace(*key, config);
    // The kept lines replace the old journal in one step: a kill during the rewrite leaves the
    // old journal (still readable the same way), never a truncated one.
    write_file_atomically(path_, [&](std::ostream& out) {
        out << json_text(nlohmann::json{{"config", config}}) << '\n';
        for (const auto& r : kept) out << line_of(r);
    });
    fd_ = ::open(path_.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
    if (fd_ < 0)
        throw std::runtime_error("cannot write journal '" + path_ + "': " + std::strerror(errno));
    end_ = ::lseek(fd_, 0, SEEK_END);
}

ResultsJournal::~ResultsJournal() {
    if (fd_ >= 0) ::close(fd_);
}

std::string ResultsJournal::line_of(const GameRecord& r) const {
    return json_text(signer_ ? signer_->signed_json(r) : to_json(r)) + "\n";
}

void ResultsJournal::append(const GameRecord& r) {
    append_lines(line_of(r));
}

void ResultsJournal::append(const std::vector<GameRecord>& games) {
    std::string lines;
    for (const auto& r : games) lines += line_of(r);
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

// A field's JSON value as a CSV cell: numbers as the stream prints them, text quoted as needed,
// an omitted field empty.
void write_csv_cell(std::ostream& out, const nlohmann::json& value) {
    if (value.is_string())
        out << csv_field(value.get<std::string>());
    else if (value.is_number_float())
        out << value.get<double>();
    else if (!value.is_null())
        out << value.dump();
}

}  // namespace

void write_results(const std::string& path, std::vector<GameRecord> records,
                   const nlohmann::json& summary, const nlohmann::json& config,
                   const nlohmann::json& ratings, const SigningKey* key) {
    std::optional<RecordSigner> signer;
    if (key) signer.emplace(*key, config);
    std::sort(records.begin(), records.end(),
              [](const auto& a, const auto& b) { return a.id < b.id; });
    write_file_atomically(path, [&](std::ostream& out) {
        if (path.ends_with(".csv")) {
            const auto fields = game_record_fields();
            const char* separator = "";
            for (const GameRecordField& f : fields) {
                if (!f.csv) continue;
                out << separator << f.name;
                separator = ",";
            }
            out << '\n';
            for (const auto& r : records) {
                separator = "";
                for (const GameRecordField& f : fields) {
                    if (!f.csv) continue;
                    out << separator;
                    write_csv_cell(out, f.write(r));
                    separator = ",";
                }
                out << '\n';
            }
        } else {
            nlohmann::json games = nlohmann::json::array();
            for (const auto& r : records)
                games.push_back(signer ? signer->signed_json(r) : to_json(r));
            nlohmann::json results{{"summary", summary}, {"games", games}};
            if (!config.is_null()) results["config"] = config;
            if (!ratings.is_null()) results["ratings"] = ratings;
            out << json_text(results, 1) << '\n';
        }
    });
}

}  // namespace othello
