// Results on disk: nlohmann::json for every format; POSIX append for the journal.
#include "match/results/results_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <functional>
#include <ostream>
#include <stdexcept>
#include <string_view>
#include <utility>

#include "io/fd_write.h"
#include "match/players/engine_spec.h"
#include "match/record/record_bounds.h"
#include "match/results/atomic_file.h"

namespace othello {

static_assert(kMostNameBytes == kMostRecordNameBytes, "a spec's name is a record's name");

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
    // A configuration the readers would refuse is refused before anything is written: an engines
    // file of thousands of engines, or specs of hundreds of kilobytes.
    const std::string first = json_text(nlohmann::json{{"config", config}}) + '\n';
    if (first.size() > kMostJournalLineBytes) {
        throw std::runtime_error(
            "the match's configuration (its engines' specs and names, openings and options) is " +
            std::to_string(first.size() - 1) +
            " bytes as the journal's first line, more than the " +
            std::to_string(kMostJournalLineBytes) +
            " bytes a journal line may hold; give fewer or shorter engine specs");
    }
    std::vector<JournalEntry> entries;
    fd_ = write_file_atomically_for_appending(path_, [&](std::ostream& out) {
        entries.clear();
        out << first;
        std::int64_t offset = static_cast<std::int64_t>(first.size());
        for (const auto& r : kept) {
            const std::string line = line_of(r);
            out << line;
            entries.push_back({r.id, static_cast<std::uint32_t>(line.size() - 1), offset});
            offset += static_cast<std::int64_t>(line.size());
        }
    });
    entries_ = std::move(entries);
    end_ = ::lseek(fd_, 0, SEEK_END);
}

ResultsJournal::ResultsJournal(int fd, std::string path) : path_(std::move(path)), fd_(fd) {
    const std::string first =
        json_text(nlohmann::json{{"config", nlohmann::json::object()}}) + '\n';
    if (!write_all(fd_, first)) {
        const std::string why = std::strerror(errno ? errno : ENOSPC);
        ::close(fd_);
        fd_ = -1;
        throw std::runtime_error("cannot write '" + path_ + "': " + why);
    }
    end_ = static_cast<off_t>(first.size());
}

ResultsJournal::~ResultsJournal() {
    if (fd_ >= 0) ::close(fd_);
}

std::string ResultsJournal::line_of(const GameRecord& r) const {
    std::string line = json_text(signer_ ? signer_->signed_json(r) : to_json(r)) + "\n";
    // The referee bounds every text a record holds (record_bounds.h), so no record it makes
    // comes near this; a line the readers would refuse is never written.
    if (line.size() > kMostJournalLineBytes) {
        throw std::runtime_error(
            "game " + std::to_string(r.id) + "'s record is " + std::to_string(line.size() - 1) +
            " bytes as a journal line, more than the " + std::to_string(kMostJournalLineBytes) +
            " bytes a journal line may hold; not written");
    }
    return line;
}

void ResultsJournal::append(const GameRecord& r) {
    std::string line = line_of(r);
    append_lines(line, {{r.id, static_cast<std::uint32_t>(line.size() - 1), 0}});
}

void ResultsJournal::append(const std::vector<GameRecord>& games) {
    std::string lines;
    std::vector<JournalEntry> entries;
    entries.reserve(games.size());
    for (const auto& r : games) {
        const std::string line = line_of(r);
        entries.push_back({r.id, static_cast<std::uint32_t>(line.size() - 1),
                           static_cast<std::int64_t>(lines.size())});
        lines += line;
    }
    append_lines(lines, std::move(entries));
}

std::vector<JournalEntry> ResultsJournal::take_entries() {
    const std::lock_guard guard(write_lock_);
    return std::exchange(entries_, {});
}

void ResultsJournal::append_lines(const std::string& line, std::vector<JournalEntry> entries) {
    const std::lock_guard guard(write_lock_);
    errno = 0;
    if (write_all(fd_, line)) {
        for (JournalEntry& e : entries) {
            e.offset += static_cast<std::int64_t>(end_);
            entries_.push_back(e);
        }
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

// The games of a results file one at a time, in id order, as their JSON records.
using EachGame = std::function<void(const std::function<void(const nlohmann::json&)>&)>;

// `value` as nlohmann writes it with indent 1 at `depth` inside the document: every line after
// the first indented `depth` more (a JSON text holds no raw newline inside its strings).
void write_nested(std::ostream& out, const nlohmann::json& value, int depth) {
    const std::string text = json_text(value, 1);
    std::size_t at = 0;
    for (std::size_t newline; (newline = text.find('\n', at)) != std::string::npos;) {
        out.write(text.data() + at, static_cast<std::streamsize>(newline + 1 - at));
        for (int i = 0; i < depth; ++i) out.put(' ');
        at = newline + 1;
    }
    out.write(text.data() + at, static_cast<std::streamsize>(text.size() - at));
}

// The results document as json_text(results, 1) writes it: its members in key order (config,
// games, ratings, summary), the games streamed.
void write_results_json(std::ostream& out, const EachGame& each_game, const nlohmann::json& summary,
                        const nlohmann::json& config, const nlohmann::json& ratings) {
    out << "{\n";
    if (!config.is_null()) {
        out << " \"config\": ";
        write_nested(out, config, 1);
        out << ",\n";
    }
    out << " \"games\": ";
    bool first = true;
    each_game([&](const nlohmann::json& game) {
        out << (first ? "[\n  " : ",\n  ");
        write_nested(out, game, 2);
        first = false;
    });
    out << (first ? "[]" : "\n ]") << ",\n";
    if (!ratings.is_null()) {
        out << " \"ratings\": ";
        write_nested(out, ratings, 1);
        out << ",\n";
    }
    out << " \"summary\": ";
    write_nested(out, summary, 1);
    out << "\n}\n";
}

void write_results_csv(std::ostream& out, const EachGame& each_game) {
    const auto fields = game_record_fields();
    const char* separator = "";
    for (const GameRecordField& f : fields) {
        if (!f.csv) continue;
        out << separator << f.name;
        separator = ",";
    }
    out << '\n';
    each_game([&](const nlohmann::json& game) {
        separator = "";
        for (const GameRecordField& f : fields) {
            if (!f.csv) continue;
            out << separator;
            const auto value = game.find(f.name);  // an Omitted field left out is empty
            if (value != game.end()) write_csv_cell(out, *value);
            separator = ",";
        }
        out << '\n';
    });
}

void write_results_file(const std::string& path, const EachGame& each_game,
                        const nlohmann::json& summary, const nlohmann::json& config,
                        const nlohmann::json& ratings) {
    write_file_atomically(path, [&](std::ostream& out) {
        if (path.ends_with(".csv"))
            write_results_csv(out, each_game);
        else
            write_results_json(out, each_game, summary, config, ratings);
    });
}

// Reads lines of a file by offset, through a window of the file: the games of a journal in id
// order are mostly in file order, so most lines are in the window already.
class LineReader {
  public:
    explicit LineReader(const ResultsJournal& journal)
        : path_(journal.path()), fd_(journal.descriptor()) {}
    LineReader(const LineReader&) = delete;
    LineReader& operator=(const LineReader&) = delete;

    std::string_view line(const JournalEntry& e) {
        const std::int64_t end = e.offset + static_cast<std::int64_t>(e.length);
        if (e.offset < start_ || end > start_ + static_cast<std::int64_t>(window_.size())) {
            window_.resize(std::max<std::size_t>(kWindow, e.length));
            std::size_t got = 0;
            while (got < window_.size()) {
                const ssize_t n = ::pread(fd_, window_.data() + got, window_.size() - got,
                                          static_cast<off_t>(e.offset + got));
                if (n < 0 && errno == EINTR) continue;
                if (n < 0)
                    throw std::runtime_error("cannot read journal '" + path_ +
                                             "': " + std::strerror(errno));
                if (n == 0) break;
                got += static_cast<std::size_t>(n);
            }
            window_.resize(got);
            start_ = e.offset;
            if (got < e.length)
                throw std::runtime_error("journal '" + path_ + "' is shorter than it was written");
        }
        return std::string_view(window_).substr(static_cast<std::size_t>(e.offset - start_),
                                                e.length);
    }

  private:
    static constexpr std::size_t kWindow = 1 << 20;
    std::string path_;
    int fd_;  // the journal's
    std::string window_;
    std::int64_t start_ = 0;
};

}  // namespace

void write_results(const std::string& path, std::vector<GameRecord> records,
                   const nlohmann::json& summary, const nlohmann::json& config,
                   const nlohmann::json& ratings, const SigningKey* key) {
    std::optional<RecordSigner> signer;
    if (key) signer.emplace(*key, config);
    std::sort(records.begin(), records.end(),
              [](const auto& a, const auto& b) { return a.id < b.id; });
    const bool csv = path.ends_with(".csv");
    write_results_file(
        path,
        [&](const std::function<void(const nlohmann::json&)>& game) {
            for (const auto& r : records)
                game(signer && !csv ? signer->signed_json(r) : to_json(r));
        },
        summary, config, ratings);
}

std::vector<JournalEntry> journal_entries_by_id(std::vector<JournalEntry> entries) {
    std::stable_sort(entries.begin(), entries.end(),
                     [](const JournalEntry& a, const JournalEntry& b) { return a.id < b.id; });
    entries.erase(
        std::unique(entries.begin(), entries.end(),
                    [](const JournalEntry& a, const JournalEntry& b) { return a.id == b.id; }),
        entries.end());
    return entries;
}

std::function<void(const std::function<void(const GameRecord&)>&)> journal_records(
    const ResultsJournal& journal, const std::vector<JournalEntry>& entries_by_id) {
    return [&journal, &entries_by_id](const std::function<void(const GameRecord&)>& each) {
        LineReader lines(journal);
        for (const JournalEntry& e : entries_by_id)
            each(record_from_json(nlohmann::json::parse(lines.line(e))));
    };
}

void write_results_from_journal(const std::string& path, const ResultsJournal& journal,
                                const std::vector<JournalEntry>& entries_by_id,
                                const nlohmann::json& summary, const nlohmann::json& config,
                                const nlohmann::json& ratings) {
    write_results_file(
        path,
        [&](const std::function<void(const nlohmann::json&)>& game) {
            LineReader lines(journal);
            for (const JournalEntry& e : entries_by_id) game(nlohmann::json::parse(lines.line(e)));
        },
        summary, config, ratings);
}

}  // namespace othello
