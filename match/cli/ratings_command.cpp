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
#include <unordered_set>

#include "engine/ascii_text.h"
#include "match/cli/options_and_inputs.h"
#include "match/cli/proof_budget_option.h"
#include "match/results/atomic_file.h"
#include "match/results/game_spool.h"
#include "match/results/match_file.h"
#include "match/results/output_paths.h"
#include "match/results/record_check.h"
#include "match/results/record_signature.h"
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
// without a configuration, and copies of a game under another configuration). The games
// themselves wait in a spool on disk: a million of them are never held as records.
struct GatheredGames {
    long games = 0;
    std::vector<std::string> engines;  // in order of first appearance
    long duplicates = 0;
};

struct DigestHash {
    std::size_t operator()(const GameDigest& d) const {
        std::size_t h = 0;
        for (std::size_t i = 0; i < sizeof h; ++i) h = h << 8 | d[i];
        return h;
    }
};

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

// An output that is also an input, or already there without --overwrite, throws.
void check_output(const RatingsRequest& request) {
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
}

// Every input read and checked as merge checks the shards of one match (the inputs of one match
// together; a file without a configuration alone), its notes said on `err`, each game once into
// `spool`. A refused record, or two different records of one game of one match, throws: neither
// is taken on trust.
GatheredGames gather(const RatingsRequest& request, GameSpool& spool, std::ostream& err) {
    std::optional<SigningKey> key;
    if (!request.sign_key_path.empty()) key = SigningKey::load(request.sign_key_path);
    struct Group {
        bool configured = false;
        std::vector<std::string> paths;
    };
    std::vector<Group> groups;  // in the order of their first input
    std::map<std::string, std::size_t> group_of_match;
    for (const auto& in : request.inputs) {
        if (!fs::exists(in)) throw std::runtime_error("'" + in + "' does not exist");
        std::optional<nlohmann::json> config = recorded_config(in);
        if (config) config->erase("shard");
        const auto [it, added] =
            group_of_match.try_emplace(config ? config->dump() : "", groups.size());
        if (added || !config)
            groups.push_back({config.has_value(), {in}});
        else
            groups[it->second].paths.push_back(in);
    }
    GatheredGames out;
    std::unordered_set<GameDigest, DigestHash> seen;
    const auto keep = [&](const GameRecord& r) {
        if (!seen.insert(game_digest(r)).second) {
            ++out.duplicates;
            return;
        }
        for (const std::string* name : {&r.black, &r.white}) {
            if (std::find(out.engines.begin(), out.engines.end(), *name) == out.engines.end())
                out.engines.push_back(*name);
        }
        ++out.games;
        spool.add(r);
    };
    std::vector<std::string> notes;
    for (const Group& group : groups) {
        if (group.configured) {
            const MergedMatch merged =
                ShardMerge(group.paths).read(keep, key ? &*key : nullptr, request.proof_budget);
            out.duplicates += merged.duplicate_records;
            notes.insert(notes.end(), merged.notes.begin(), merged.notes.end());
            continue;
        }
        // No configuration to check a schedule against: each id once, as --resume keeps them.
        std::set<int> ids;
        const MatchFile file = stream_match_file(
            group.paths.front(),
            [&](GameRecord&& r, long) {
                if (ids.insert(r.id).second) keep(r);
            },
            key ? &*key : nullptr, request.proof_budget);
        if (!file.refused.empty()) throw std::runtime_error(refused_records_message(file.refused));
        notes.insert(notes.end(), file.notes.begin(), file.notes.end());
    }
    for (const auto& note : notes)
        err << "othello-match ratings: note: " << printable(note) << "\n";
    return out;
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
                             {"games", gathered.games},
                             {"duplicates", gathered.duplicates},
                             {"inputs", request.inputs},
                             {"virtual_draws", list.virtual_draws}};
    if (request.anchor)
        result["anchor"] = {{"engine", request.anchor->engine}, {"elo", request.anchor->elo}};
    return result;
}

void rate(const RatingsRequest& request, std::ostream& out, std::ostream& err) {
    check_output(request);
    GameSpool spool(request.out_path);
    const GatheredGames gathered = gather(request, spool, err);
    Standings standings(gathered.engines);
    spool.records(GameSpool::Order::AsAdded)([&](const GameRecord& r) { standings.add(r); });
    RatingList list = joint_ratings(standings);
    if (gathered.games == 0) throw std::runtime_error("the inputs hold no game");
    if (list.ratings.empty()) throw std::runtime_error(self_play_only(gathered));
    note_self_play_only_engines(gathered, list, err);
    const std::string zero = anchored(list, request.anchor);

    const std::size_t files = request.inputs.size();
    out << "Rated " << gathered.games << " games of " << gathered.engines.size() << " engines from "
        << files << (files == 1 ? " file" : " files");
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
