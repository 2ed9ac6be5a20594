// RatingsCommand: Boost.Program_options for the arguments; the games gathered once each, then
// the joint rating list of match/stats/ratings.h.
#include "match/cli/ratings_command.h"

#include <algorithm>
#include <boost/program_options.hpp>
#include <cmath>
#include <filesystem>
#include <iomanip>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>

#include "engine/ascii_text.h"
#include "match/cli/options_and_inputs.h"
#include "match/cli/proof_budget_option.h"
#include "match/results/atomic_file.h"
#include "match/results/match_file.h"
#include "match/results/output_paths.h"
#include "match/results/record_check.h"
#include "match/results/results_file.h"
#include "match/results/results_merge.h"
#include "match/stats/ratings.h"
#include "match/stats/standings.h"

namespace othello {

namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace {

struct Anchor {
    std::string engine;
    double elo = 0;
};

constexpr double kMostAnchorElo = 100000;

// "NAME=ELO"; the name may itself hold '=' (engine names are free text), the number may not.
Anchor parse_anchor(const std::string& text) {
    const auto equals = text.rfind('=');
    if (equals == std::string::npos || equals == 0)
        throw std::invalid_argument("--anchor '" + text + "' is not NAME=ELO");
    Anchor anchor{text.substr(0, equals), 0};
    const std::string number = text.substr(equals + 1);
    try {
        std::size_t used = 0;
        anchor.elo = std::stod(number, &used);
        if (used != number.size() || !std::isfinite(anchor.elo)) throw std::invalid_argument("");
    } catch (const std::exception&) {
        throw std::invalid_argument("--anchor '" + text + "': '" + number +
                                    "' is not a finite number");
    }
    // Ratings shifted by 1e308 overflow to inf, and a table of them says nothing: the anchor
    // is a rating, within what any rating list holds.
    if (std::abs(anchor.elo) > kMostAnchorElo)
        throw std::invalid_argument("--anchor '" + text + "': '" + number +
                                    "' is not an Elo rating from -100000 to 100000");
    return anchor;
}

// The games of every input, each once: a game is identified by its match (the configuration, the
// shard left out so a merged file and its shards agree) and id, and by its whole record (for files
// without a configuration, and copies of a game under another configuration).
struct GatheredGames {
    std::vector<GameRecord> games;
    std::vector<std::string> engines;  // in order of first appearance
    long duplicates = 0;
};

// Two different records of one game of one match are refused, as merge refuses them: neither is
// taken on trust.
GatheredGames gather(const std::vector<MatchFile>& files) {
    GatheredGames out;
    std::set<std::string> seen_records;
    // match + id -> (the record, where it stands)
    std::map<std::string, std::pair<const GameRecord*, const std::string*>> seen_ids;
    for (const MatchFile& file : files) {
        std::string match;
        if (file.config) {
            nlohmann::json config = *file.config;
            if (config.is_object()) config.erase("shard");
            match = config.dump();
        }
        for (std::size_t i = 0; i < file.games.size(); ++i) {
            const GameRecord& r = file.games[i];
            bool new_id = true;
            if (!match.empty()) {
                const auto [seen, inserted] =
                    seen_ids.try_emplace(match + '\n' + std::to_string(r.id), &r, &file.where[i]);
                new_id = inserted;
                if (!inserted && !same_game(*seen->second.first, r)) {
                    throw std::runtime_error("game " + std::to_string(r.id) + ": " +
                                             *seen->second.second + " and " + file.where[i] +
                                             " hold different games of one match; give only the "
                                             "right one");
                }
            }
            GameRecord unsigned_record = r;
            unsigned_record.signature.clear();
            const bool new_record = seen_records.insert(to_json(unsigned_record).dump()).second;
            if (!new_id || !new_record) {
                ++out.duplicates;
                continue;
            }
            for (const std::string* name : {&r.black, &r.white}) {
                if (std::find(out.engines.begin(), out.engines.end(), *name) == out.engines.end())
                    out.engines.push_back(*name);
            }
            out.games.push_back(r);
        }
    }
    return out;
}

// A rating compares engines: games of an engine against itself say nothing about it.
std::string self_play_only(const GatheredGames& gathered) {
    std::string names;
    for (const std::string& e : gathered.engines) names += (names.empty() ? "'" : ", '") + e + "'";
    return "every game in the inputs is an engine against itself (" + names +
           "): self-play gives no rating; rate games between different engines";
}

void note_self_play_only_engines(const GatheredGames& gathered, const RatingList& list,
                                 std::ostream& err) {
    std::set<std::string> rated;
    for (const Rating& r : list.ratings) rated.insert(r.engine);
    for (const std::string& e : gathered.engines) {
        if (!rated.count(e))
            err << "othello-match ratings: note: '" << printable(e)
                << "' played only against itself: not rated\n";
    }
}

void print_list(std::ostream& out, const RatingList& list, const std::string& zero) {
    std::size_t width = 6;
    for (const Rating& r : list.ratings) width = std::max(width, r.engine.size());
    out << "Ratings (joint maximum likelihood over all games, " << zero << ", 95% error):\n"
        << "  rank " << std::left << std::setw(static_cast<int>(width)) << "engine" << std::right
        << "      elo    error   games  score\n";
    for (std::size_t i = 0; i < list.ratings.size(); ++i) {
        const Rating& r = list.ratings[i];
        out << "  " << std::setw(4) << i + 1 << ' ' << std::left
            << std::setw(static_cast<int>(width)) << r.engine << std::right << std::fixed
            << std::setprecision(1) << std::setw(9) << r.elo << "  ±" << std::setw(6) << r.error
            << std::setw(8) << r.games << std::setw(6) << std::setprecision(1) << r.score * 100
            << "%\n";
    }
    out.unsetf(std::ios::floatfield);
    if (list.virtual_draws) {
        out << "  (an engine won or lost every game: one virtual draw was added between each pair "
               "of engines that met, to keep the ratings finite)\n";
    }
}

// The command line, checked.
struct RatingsRequest {
    std::string out_path;
    std::vector<std::string> inputs;
    std::optional<Anchor> anchor;
    bool overwrite = false;
    std::string sign_key_path;
    std::uint64_t proof_budget = 0;
};

// nullopt after --help. Throws std::invalid_argument (or Program_options' errors) for bad words.
std::optional<RatingsRequest> parse_ratings_request(int argc, char** argv, std::ostream& out) {
    RatingsRequest request;
    std::string anchor_text;
    po::options_description desc(
        "othello-match ratings --results OUT.json IN...: one joint rating list (maximum "
        "likelihood, as Ordo and BayesElo) over the games of any number of results files (.json) "
        "or journals (.jsonl); engines are matched by name, a game found in two inputs is counted "
        "once\n\nOptions");
    desc.add_options()("help,h", "this help")("results", po::value(&request.out_path),
                                              "where the rating list is written (JSON)")(
        "anchor", po::value(&anchor_text),
        "NAME=ELO: fix that engine's rating (default: the mean is 0)")(
        "overwrite", po::bool_switch(&request.overwrite), "replace OUT if it exists")(
        "sign-key", po::value(&request.sign_key_path),
        "FILE: the key the matches were run with (othello-match --sign-key FILE): a record not "
        "signed with it is refused");
    add_proof_budget_option(desc, request.proof_budget);
    po::variables_map vm;
    if (!parse_options_and_inputs(argc, argv, desc, request.inputs, out, vm)) return std::nullopt;
    if (request.out_path.empty()) throw std::invalid_argument("ratings needs --results OUT.json");
    if (request.inputs.empty()) throw std::invalid_argument("ratings needs the files to rate");
    if (vm.count("anchor")) request.anchor = parse_anchor(anchor_text);
    return request;
}

// Every input read and checked (its notes said on `err`); any refused record, or an output that
// is also an input or already there without --overwrite, throws.
std::vector<MatchFile> read_inputs(const RatingsRequest& request, std::ostream& err) {
    for (const auto& in : request.inputs) {
        std::error_code ec;
        if (fs::equivalent(in, request.out_path, ec))
            throw std::runtime_error("--results '" + request.out_path + "' is also an input");
    }
    if (!request.overwrite && fs::exists(request.out_path)) {
        throw std::runtime_error("--results '" + request.out_path +
                                 "' already exists; --overwrite replaces it");
    }
    check_output_path("--results", request.out_path);
    std::optional<SigningKey> key;
    if (!request.sign_key_path.empty()) key = SigningKey::load(request.sign_key_path);
    std::vector<MatchFile> files;
    std::vector<std::string> refused;
    for (const auto& in : request.inputs) {
        if (!fs::exists(in)) throw std::runtime_error("'" + in + "' does not exist");
        files.push_back(read_match_file(in, key ? &*key : nullptr, request.proof_budget));
        for (const auto& note : files.back().notes)
            err << "othello-match ratings: note: " << printable(note) << "\n";
        refused.insert(refused.end(), files.back().refused.begin(), files.back().refused.end());
    }
    // As merge and report: a game that does not check out is not silently left out.
    if (!refused.empty()) throw std::runtime_error(refused_records_message(refused));
    std::vector<const MatchFile*> checked;
    for (const MatchFile& file : files) checked.push_back(&file);
    check_against_schedules(checked);
    return files;
}

// Shifts the list so the anchor has its rating; returns what the zero is, for the heading.
std::string anchored(RatingList& list, const std::optional<Anchor>& anchor) {
    if (!anchor) return "mean 0";
    const auto it = std::find_if(list.ratings.begin(), list.ratings.end(),
                                 [&](const Rating& r) { return r.engine == anchor->engine; });
    if (it == list.ratings.end()) {
        throw std::runtime_error("--anchor: no engine named '" + anchor->engine +
                                 "' played in the inputs");
    }
    const double shift = anchor->elo - it->elo;
    for (Rating& r : list.ratings) r.elo += shift;
    std::ostringstream text;
    text << anchor->engine << " fixed at " << anchor->elo;
    return text.str();
}

nlohmann::json ratings_json(const RatingList& list, const GatheredGames& gathered,
                            const RatingsRequest& request) {
    nlohmann::json ratings = nlohmann::json::array();
    for (const Rating& r : list.ratings) {
        ratings.push_back({{"engine", r.engine},
                           {"elo", r.elo},
                           {"error", r.error},
                           {"games", r.games},
                           {"score", r.score}});
    }
    nlohmann::json result = {{"ratings", ratings},
                             {"games", gathered.games.size()},
                             {"duplicates", gathered.duplicates},
                             {"inputs", request.inputs},
                             {"virtual_draws", list.virtual_draws}};
    if (request.anchor)
        result["anchor"] = {{"engine", request.anchor->engine}, {"elo", request.anchor->elo}};
    return result;
}

void rate(const RatingsRequest& request, std::ostream& out, std::ostream& err) {
    const std::vector<MatchFile> files = read_inputs(request, err);
    const GatheredGames gathered = gather(files);
    Standings standings(gathered.engines);
    for (const auto& r : gathered.games) standings.add(r);
    RatingList list = joint_ratings(standings);
    if (gathered.games.empty()) throw std::runtime_error("the inputs hold no game");
    if (list.ratings.empty()) throw std::runtime_error(self_play_only(gathered));
    note_self_play_only_engines(gathered, list, err);
    const std::string zero = anchored(list, request.anchor);

    out << "Rated " << gathered.games.size() << " games of " << gathered.engines.size()
        << " engines from " << files.size() << (files.size() == 1 ? " file" : " files");
    if (gathered.duplicates > 0)
        out << " (" << gathered.duplicates << " games found twice, counted once)";
    out << ".\n";
    print_list(out, list, zero);
    const nlohmann::json result = ratings_json(list, gathered, request);
    write_file_atomically(request.out_path, [&](std::ostream& file) {
        // Input paths need not be UTF-8; the file must be.
        file << result.dump(1, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
    });
}

}  // namespace

int run_ratings_command(int argc, char** argv, std::ostream& out, std::ostream& err) {
    std::optional<RatingsRequest> request;
    try {
        request = parse_ratings_request(argc, argv, out);
        if (!request) return 0;
    } catch (const std::exception& e) {
        err << "othello-match ratings: " << printable(e.what())
            << "\n(see othello-match ratings --help)\n";
        return 2;
    }
    try {
        rate(*request, out, err);
        return 0;
    } catch (const std::exception& e) {
        err << "othello-match ratings: " << printable_lines(e.what()) << "\n";
        return 2;
    }
}

}  // namespace othello
