// MatchFile: nlohmann::json line by line for journals, whole for results files; every game
// replayed as it is read.
#include "match/results/match_file.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <numeric>
#include <stdexcept>
#include <thread>

#include "engine/data_file.h"
#include "engine/parallel_for.h"
#include "match/config/match_config.h"
#include "match/record/record_bounds.h"
#include "match/results/record_check.h"
#include "match/results/results_file.h"

namespace othello {

namespace {

void keep_first_of_each_id(MatchFile& file) {
    // Files are written in id order: then there is nothing to move (a million games moved would
    // be held twice meanwhile).
    if (std::adjacent_find(file.games.begin(), file.games.end(),
                           [](const GameRecord& a, const GameRecord& b) { return a.id >= b.id; }) ==
        file.games.end())
        return;
    std::vector<std::size_t> order(file.games.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return file.games[a].id < file.games[b].id;
    });
    std::vector<GameRecord> games;
    std::vector<std::string> where;
    games.reserve(order.size());
    where.reserve(order.size());
    for (const std::size_t i : order) {
        if (!games.empty() && games.back().id == file.games[i].id) continue;
        games.push_back(std::move(file.games[i]));
        where.push_back(std::move(file.where[i]));
    }
    file.games = std::move(games);
    file.where = std::move(where);
}

// Reads the records of one file, each checked against the rules of the configuration the file
// records (and, with a key, its signature for that configuration), a batch at a time: the checks
// of a batch run spread over every core (an adjudicated record is solved again, within the bounds
// record_check.h sets), then each record that checks out goes to the sink, in file order, and
// none is kept. The refused are said in file.refused, in file order too.
class RecordReader {
  public:
    RecordReader(MatchFile& file, const SigningKey* key, std::uint64_t proof_budget,
                 const CheckedGameSink& sink)
        : file_(file),
          key_(key),
          proof_budget_(proof_budget),
          budget_left_(proof_budget),
          sink_(sink) {}

    // Called once, before any record, with what the file records.
    void set_config(std::optional<nlohmann::json> config) {
        file_.config = std::move(config);
        rules_ = record_rules_in(file_.config);
        if (key_) signer_.emplace(*key_, file_.config ? *file_.config : nlohmann::json());
    }

    // Adds the record in `j`, standing at `place`, to those the next batch checks; one that is
    // not a game record is refused there, in its place.
    void add(const nlohmann::json& j, long place) {
        try {
            pending_.push_back({record_from_json(j), place, ""});
        } catch (const std::exception& e) {
            // The id, when it is one, says which game is played again.
            const auto id = j.is_object() ? j.find("id") : j.end();
            const std::string game = id != j.end() && id->is_number_integer()
                                         ? ": game " + std::to_string(id->get<long long>())
                                         : "";
            pending_.push_back(
                {{},
                 place,
                 record_place(file_.path, place) + game + ": not a game record: " + e.what()});
        }
        if (pending_.size() >= kBatch) finish();
    }

    // Checks every record added since the last batch and hands on those that check out.
    void finish() {
        const int threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
        // The solves --proof-budget allows wait for the pass in file order below: the budget
        // bounds the file's total too, so which records it proves must not depend on threads.
        parallel_for(pending_.size(), threads, [&](std::size_t i) {
            Pending& p = pending_[i];
            if (!p.refusal.empty()) return;
            std::string problem = signer_ ? signer_->problem(p.record) : "";
            if (problem.empty()) {
                problem = record_problem(p.record, rules_,
                                         {signer_.has_value(), 0, nullptr, &p.needs_budget});
            }
            if (problem.empty() || (p.needs_budget && proof_budget_ > 0)) return;
            p.refusal = refusal(p, problem);
        });
        for (Pending& p : pending_) {
            if (p.needs_budget && proof_budget_ > 0 && p.refusal.empty()) prove_within_budget(p);
        }
        for (Pending& p : pending_) {
            if (!p.refusal.empty())
                file_.refused.push_back(std::move(p.refusal));
            else
                sink_(std::move(p.record), p.place);
        }
        pending_.clear();
    }

    // Once every record is checked: how many adjudications the budget proved, and at what cost.
    void note_proofs() {
        if (proved_ == 0) return;
        file_.notes.push_back("'" + file_.path + "': " + std::to_string(proved_) +
                              " adjudications no signature covers proved by solving them again, "
                              "in " +
                              std::to_string(proof_budget_ - budget_left_) +
                              " endgame-solver positions of the --proof-budget of " +
                              std::to_string(proof_budget_) + " (a record, and the file in all)");
    }

  private:
    // Enough records to keep every core busy, few enough that a batch costs little memory.
    static constexpr std::size_t kBatch = 4096;
    struct Pending {
        GameRecord record;
        long place = 0;
        std::string refusal;        // the whole message; empty while the record checks out
        bool needs_budget = false;  // an unsigned adjudication only a solve can prove
    };

    std::string refusal(const Pending& p, const std::string& problem) const {
        return record_place(file_.path, p.place) + ": game " + std::to_string(p.record.id) + " (" +
               p.record.black + " - " + p.record.white + "): " + problem;
    }

    // In file order: a solve within what is left of the file's budget (at most the budget a
    // record), its positions taken from what is left.
    void prove_within_budget(Pending& p) {
        if (budget_left_ == 0) {
            p.refusal = refusal(p,
                                "an adjudication no signature covers, and the --proof-budget "
                                "of " +
                                    std::to_string(proof_budget_) +
                                    " positions, which bounds a file's solves in all, is "
                                    "spent on the records before it");
            return;
        }
        const std::uint64_t budget = std::min(proof_budget_, budget_left_);
        std::uint64_t spent = 0;
        std::string problem = record_problem(p.record, rules_, {false, budget, &spent, nullptr});
        budget_left_ -= std::min(spent, budget_left_);
        if (problem.empty()) {
            ++proved_;
            return;
        }
        if (budget < proof_budget_ && spent > budget) {
            problem = "an adjudication no signature covers, and proving it takes more than the " +
                      std::to_string(budget) + " positions left of the --proof-budget of " +
                      std::to_string(proof_budget_) + ", which bounds a file's solves in all";
        }
        p.refusal = refusal(p, problem);
    }

    MatchFile& file_;
    const SigningKey* key_;
    std::uint64_t proof_budget_;
    std::uint64_t budget_left_;  // of the file's total
    long proved_ = 0;
    const CheckedGameSink& sink_;
    RecordRules rules_;
    std::optional<RecordSigner> signer_;
    std::vector<Pending> pending_;
};

bool is_config_line(const nlohmann::json& j) {
    return j.is_object() && j.contains("config") && !j.contains("id");
}

[[noreturn]] void refuse_journal_without_config(const std::string& where) {
    throw std::runtime_error(
        where +
        ": a game, but the journal has no configuration line before it (the {\"config\": ...} "
        "line othello-match writes first), so its games cannot be checked against their match. "
        "Put that line back (the results file's \"config\" holds the same), or, resuming a "
        "match, start a new journal: drop --resume and give another --results, or --overwrite");
}

// A first line too long to read: the configuration every journal starts with cannot be read.
[[noreturn]] void refuse_unreadable_config(const std::string& where) {
    throw std::runtime_error(
        where + ": longer than the " + std::to_string(kMostJournalLineBytes) +
        " bytes a journal line may hold, so the journal's configuration (its first line) cannot "
        "be read and none of its games can be checked; not read (othello-match writes no such "
        "line; earlier builds did, for an engine that named itself with hundreds of kilobytes). "
        "Start a new journal: drop --resume and give another --results, or --overwrite");
}

// The next line of `in` into `line`, as std::getline, but never more than `most` bytes of it:
// the rest of a longer line is skipped, and `too_long` set.
bool read_bounded_line(std::istream& in, std::string& line, std::size_t most, bool& too_long) {
    line.clear();
    too_long = false;
    std::streambuf& buffer = *in.rdbuf();
    for (;;) {
        const int c = buffer.sbumpc();
        if (c == std::char_traits<char>::eof()) {
            in.setstate(std::ios::eofbit);
            return !line.empty() || too_long;
        }
        if (c == '\n') return true;
        if (line.size() < most) {
            line += static_cast<char>(c);
        } else {
            too_long = true;
            line.clear();
        }
    }
}

MatchFile stream_journal(const std::string& path, const SigningKey* key, std::uint64_t proof_budget,
                         const CheckedGameSink& sink) {
    MatchFile file{path, std::nullopt, {}, {}, {}, {}};
    RecordReader reader(file, key, proof_budget, sink);
    bool configured = false;
    std::ifstream in(path);
    std::string line;
    // A line that is not JSON is a torn write only when it is the last one: held until the
    // next line shows it was not.
    std::optional<std::string> unparsed;
    bool too_long = false;
    for (long number = 1; read_bounded_line(in, line, kMostJournalLineBytes, too_long); ++number) {
        if (line.empty() && !too_long) continue;
        const std::string where = record_place(path, number);
        if (unparsed) file.refused.push_back(*unparsed);
        unparsed.reset();
        if (too_long && !configured) refuse_unreadable_config(where);
        if (too_long) {
            file.refused.push_back(where + ": longer than " +
                                   std::to_string(kMostJournalLineBytes) +
                                   " bytes, more than any record; not read");
            continue;
        }
        nlohmann::json j;
        try {
            j = nlohmann::json::parse(line);
        } catch (const std::exception& e) {
            unparsed = where + ": not JSON: " + e.what();
            continue;
        }
        if (is_config_line(j)) {
            if (configured) {
                file.refused.push_back(where +
                                       ": a second configuration line (a journal holds one "
                                       "match; its first line is the configuration)");
            } else if (!j.at("config").is_object()) {
                file.refused.push_back(where + ": the configuration line holds no configuration");
            } else if (std::string p = config_shape_problem(j.at("config")); !p.empty()) {
                throw std::runtime_error(where + ": the configuration's " + p);
            } else {
                reader.set_config(j.at("config"));
                configured = true;
            }
            continue;
        }
        if (!configured) refuse_journal_without_config(where);
        reader.add(j, number);
    }
    reader.finish();
    reader.note_proofs();
    if (unparsed) {
        file.notes.push_back(unparsed->substr(0, unparsed->find(": not JSON")) +
                             " is cut short (the runner was killed while writing it): dropped, "
                             "that game is played again");
    }
    return file;
}

// The "config" of a results file, read before its games wherever it stands in the object, so
// that the games can be checked as they stream past; the games met on the way are dropped unread.
std::optional<nlohmann::json> results_file_config(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot read '" + path + "'");
    struct Found {};
    std::optional<nlohmann::json> config;
    bool config_key = false;  // the last key of the top-level object was "config"
    try {
        const nlohmann::json without_config = nlohmann::json::parse(
            in, [&](int depth, nlohmann::json::parse_event_t event, nlohmann::json& parsed) {
                using E = nlohmann::json::parse_event_t;
                if (depth == 1 && event == E::key) {
                    config_key = parsed == "config";
                    return true;
                }
                const bool value_ends =
                    event == E::object_end || event == E::array_end || event == E::value;
                if (config_key && depth == 1 && value_ends) {
                    config = std::move(parsed);
                    throw Found{};
                }
                return config_key || depth != 2 || !value_ends;
            });
        (void)without_config;  // the file holds no "config"
    } catch (const Found&) {
    }
    return config;
}

// results_file_config of an object of the configuration's shape (config_shape_problem); nullopt
// when the file holds none or "config" is no object. Throws std::runtime_error for another shape.
std::optional<nlohmann::json> checked_results_file_config(const std::string& path) {
    std::optional<nlohmann::json> config = results_file_config(path);
    if (config && !config->is_object()) return std::nullopt;
    if (config) {
        if (std::string p = config_shape_problem(*config); !p.empty())
            throw std::runtime_error("the configuration's " + p);
    }
    return config;
}

// An exception a sink threw, carried through the readers untouched (they name the file in
// their own errors, which are not the sink's).
struct SinkFailure {
    std::exception_ptr error;
};

MatchFile stream_results_file(const std::string& path, const SigningKey* key,
                              std::uint64_t proof_budget, const CheckedGameSink& sink) {
    MatchFile file{path, std::nullopt, {}, {}, {}, {}};
    const CheckedGameSink carried = [&](GameRecord&& r, long place) {
        try {
            sink(std::move(r), place);
        } catch (...) {
            throw SinkFailure{std::current_exception()};
        }
    };
    RecordReader reader(file, key, proof_budget, carried);
    try {
        reader.set_config(checked_results_file_config(path));
        std::ifstream in(path);
        if (!in) throw std::runtime_error("cannot read '" + path + "'");
        const nlohmann::json j =
            parse_results_file(in, [&](const nlohmann::json& game, std::size_t i) {
                reader.add(game, static_cast<long>(i));
            });
        if (!j.at("games").is_array()) throw std::runtime_error("\"games\" is not an array");
        reader.finish();
        reader.note_proofs();
    } catch (const SinkFailure& failure) {
        std::rethrow_exception(failure.error);
    } catch (const std::exception& e) {
        throw std::runtime_error("'" + path + "' is not a results file: " + e.what());
    }
    return file;
}

std::optional<std::string> run_of(const nlohmann::json& config) {
    const auto run = config.find("run");
    if (run == config.end() || !run->is_string()) return std::nullopt;
    return run->get<std::string>();
}

}  // namespace

nlohmann::json parse_results_file(
    std::istream& in, const std::function<void(const nlohmann::json&, std::size_t)>& game) {
    enum class Games { Before, In, After } games = Games::Before;
    bool games_key = false;  // the last key of the top-level object was "games"
    std::size_t index = 0;
    return nlohmann::json::parse(in, [&](int depth, nlohmann::json::parse_event_t event,
                                         nlohmann::json& parsed) {
        using E = nlohmann::json::parse_event_t;
        if (depth == 1 && event == E::key) {
            games_key = parsed == "games";
            if (games_key && games != Games::Before)
                throw std::runtime_error("\"games\" is given twice");
            return true;
        }
        if (depth == 1 && games_key && event == E::array_start) games = Games::In;
        if (depth == 1 && games == Games::In && event == E::array_end) games = Games::After;
        if (depth == 1 && games_key && games == Games::Before &&
            (event == E::object_start || event == E::value))
            games = Games::After;  // not a list: refused once parsed
        // An element of the list ends: an object or list closes, or a plain value is read.
        const bool element_ends =
            depth == 2 && (event == E::object_end || event == E::array_end || event == E::value);
        if (games != Games::In || !element_ends) return true;
        game(parsed, index++);
        return false;
    });
}

std::string refused_records_message(const std::vector<std::string>& refused) {
    constexpr std::size_t kShown = 5;
    std::string message = std::to_string(refused.size()) +
                          (refused.size() == 1 ? " record does" : " records do") +
                          " not check out:";
    for (std::size_t i = 0; i < refused.size() && i < kShown; ++i) message += "\n  " + refused[i];
    if (refused.size() > kShown)
        message += "\n  ... and " + std::to_string(refused.size() - kShown) + " more";
    return message;
}

std::string record_place(const std::string& path, long place) {
    if (path.ends_with(".jsonl")) return "'" + path + "' line " + std::to_string(place);
    return "'" + path + "' games[" + std::to_string(place) + "]";
}

MatchFile stream_match_file(const std::string& path, const CheckedGameSink& game,
                            const SigningKey* key, std::uint64_t proof_budget) {
    // A FIFO or a device would hang the read or never end it.
    std::error_code error;
    if (std::filesystem::exists(path, error)) require_regular_file(path, "results file");
    if (path.ends_with(".jsonl")) return stream_journal(path, key, proof_budget, game);
    if (path.ends_with(".csv")) {
        throw std::runtime_error("'" + path +
                                 "': CSV results cannot be read back; give the .jsonl journal");
    }
    return stream_results_file(path, key, proof_budget, game);
}

MatchFile read_match_file(const std::string& path, const SigningKey* key,
                          std::uint64_t proof_budget) {
    std::vector<GameRecord> games;
    std::vector<std::string> where;
    MatchFile file = stream_match_file(
        path,
        [&](GameRecord&& r, long place) {
            games.push_back(std::move(r));
            where.push_back(record_place(path, place));
        },
        key, proof_budget);
    file.games = std::move(games);
    file.where = std::move(where);
    keep_first_of_each_id(file);
    return file;
}

std::optional<nlohmann::json> recorded_config(const std::string& path) {
    std::error_code error;
    if (std::filesystem::exists(path, error)) require_regular_file(path, "results file");
    if (path.ends_with(".jsonl")) {
        // The configuration line before the first game (lines that are not JSON are the
        // reader's to refuse).
        std::ifstream in(path);
        std::string line;
        bool too_long = false;
        for (long number = 1; in && read_bounded_line(in, line, kMostJournalLineBytes, too_long);
             ++number) {
            if (too_long) refuse_unreadable_config(record_place(path, number));
            if (line.empty()) continue;
            const auto j = nlohmann::json::parse(line, nullptr, false);
            if (j.is_discarded()) continue;
            if (!is_config_line(j)) refuse_journal_without_config(record_place(path, number));
            if (!j.at("config").is_object()) return std::nullopt;
            // As the reader says it: nothing reads a configuration of the wrong shape.
            if (std::string p = config_shape_problem(j.at("config")); !p.empty())
                throw std::runtime_error(record_place(path, number) + ": the configuration's " + p);
            return j.at("config");
        }
        return std::nullopt;
    }
    if (path.ends_with(".csv")) {
        throw std::runtime_error("'" + path +
                                 "': CSV results cannot be read back; give the .jsonl journal");
    }
    try {
        return checked_results_file_config(path);
    } catch (const std::exception& e) {
        throw std::runtime_error("'" + path + "' is not a results file: " + e.what());
    }
}

std::optional<nlohmann::json> recorded_match_config(const std::string& results_path) {
    // Only regular files: a FIFO at the path would be waited on (the outputs are checked later).
    const std::string journal_path = journal_path_for(results_path);
    std::ifstream journal;
    if (std::filesystem::is_regular_file(journal_path)) journal.open(journal_path);
    std::string line;
    bool too_long = false;
    while (journal && read_bounded_line(journal, line, kMostJournalLineBytes, too_long)) {
        if (too_long || line.empty()) continue;
        const auto j = nlohmann::json::parse(line, nullptr, false);
        if (!is_config_line(j) || !j.at("config").is_object()) return std::nullopt;
        return j.at("config");
    }
    if (!results_path.ends_with(".json") || !std::filesystem::is_regular_file(results_path))
        return std::nullopt;
    try {
        // Read no further than the configuration: not the games of a million-game file.
        std::optional<nlohmann::json> config = results_file_config(results_path);
        if (!config || !config->is_object()) return std::nullopt;
        return config;
    } catch (const std::exception&) {
        return std::nullopt;  // not a results file: --resume says so when it reads it
    }
}

std::optional<std::string> recorded_run_id(const std::string& results_path) {
    const std::optional<nlohmann::json> config = recorded_match_config(results_path);
    if (!config) return std::nullopt;
    return run_of(*config);
}

}  // namespace othello
