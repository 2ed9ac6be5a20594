// `othello-match report`: Boost.Program_options for the arguments, nlohmann::json for the file.
#include "match/cli/report_command.h"

#include <boost/program_options.hpp>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <utility>

#include "engine/ascii_text.h"
#include "engine/gnu_help.h"
#include "engine/strict_command_line.h"
#include "match/cli/proof_budget_option.h"
#include "match/record/game_record_schema.h"
#include "match/report/html_report.h"
#include "match/report/recorded_match.h"
#include "match/results/game_spool.h"
#include "match/results/match_file.h"
#include "match/results/output_paths.h"
#include "match/results/results_merge.h"

namespace othello {

namespace po = boost::program_options;

namespace {

// A journal (.jsonl) is read as --resume reads it; a results file as JSON, whose summary and
// rating list the page shows as they are. Either way every game is checked first, as --resume,
// merge and ratings check it (match_file.h), with `key` its signature too. With a key the page
// comes from the signed games alone (with the configuration their signatures cover), however the
// file is written: a results file's summary and rating list are covered by no signature, so they
// are not read (the ratings are computed for the page). The checked games wait in `spool`, read
// back one at a time when the page is made: a million of them are never held as records.
RecordedMatch recorded_match_from_file(const std::string& path, const SigningKey* key,
                                       std::uint64_t proof_budget, GameSpool& spool) {
    if (path.ends_with(".jsonl") && !std::filesystem::exists(path))
        throw std::runtime_error("cannot read '" + path + "'");
    // Each id once, in id order (as --resume keeps a file's games), checked against its match's
    // schedule when the file records its match.
    std::optional<nlohmann::json> config = recorded_config(path);
    const bool page_from_checked = path.ends_with(".jsonl") || key;
    EngineAppearance by_id;
    const auto keep = [&](const GameRecord& r) {
        if (!page_from_checked) return;
        spool.add(r);
        by_id.add(r, r.id);
    };
    std::vector<std::string> notes;
    if (config) {
        notes = ShardMerge({path}).read(keep, key, proof_budget).notes;
    } else {
        const MatchFile file = stream_match_file(
            path, [&](GameRecord&& r, long) { keep(r); }, key, proof_budget);
        if (!file.refused.empty()) throw std::runtime_error(refused_records_message(file.refused));
        notes = file.notes;
    }
    for (const auto& note : notes)
        std::cerr << "othello-match report: note: " << printable(note) << "\n";
    if (page_from_checked) {
        const long count = static_cast<long>(spool.entries().size());
        return recorded_match_from_games(by_id, spool.records(), count, std::move(config));
    }
    // A results file's games as they stand in it (in its order, repeats included).
    const auto each_game = [path](const std::function<void(const nlohmann::json&, long)>& game) {
        std::ifstream in(path);
        if (!in) throw std::runtime_error("cannot read '" + path + "'");
        return parse_results_file(
            in, [&](const nlohmann::json& g, std::size_t i) { game(g, static_cast<long>(i)); });
    };
    nlohmann::json results;
    EngineAppearance in_file;
    long count = 0;
    try {
        results = each_game([&](const nlohmann::json& g, long i) {
            try {
                in_file.add(record_from_json(g), i);
                ++count;
            } catch (const std::exception& e) {
                throw std::runtime_error("game " + std::to_string(i + 1) +
                                         " of \"games\": " + e.what());
            }
        });
    } catch (const nlohmann::json::parse_error& e) {
        throw std::runtime_error("'" + path + "' is not JSON: " + e.what() +
                                 " (a journal is read when its name ends in .jsonl)");
    } catch (const std::exception& e) {
        throw std::runtime_error("'" + path + "': " + e.what());
    }
    const RecordSource games = [each_game](const std::function<void(const GameRecord&)>& each) {
        each_game([&](const nlohmann::json& g, long) { each(record_from_json(g)); });
    };
    try {
        return recorded_match_from_results(std::move(results), in_file, games, count);
    } catch (const std::exception& e) {
        throw std::runtime_error("'" + path + "': " + e.what());
    }
}

}  // namespace

int run_report_command(int argc, char** argv) {
    std::string html_path, results_path, sign_key_path;
    bool overwrite = false;
    std::uint64_t proof_budget = 0;
    po::options_description desc(
        "othello-match report: the HTML report page of a finished match\n\n"
        "Usage: othello-match report --html FILE [--overwrite] RESULTS.json|JOURNAL.jsonl\n\n"
        "Options");
    desc.add_options()("help,h", "this help")("html", po::value(&html_path),
                                              "write the report page to FILE")(
        "results", po::value(&results_path),
        "the results file (--results FILE.json, or merged) or its journal (FILE.jsonl)")(
        "overwrite", po::bool_switch(&overwrite),
        "replace FILE even if it is not a report page othello-match wrote")(
        "sign-key", po::value(&sign_key_path),
        "FILE: the key the match was run with (othello-match --sign-key FILE): a record not "
        "signed with it is refused, and the page is drawn from the signed records alone (a "
        "results file's summary and rating list, which no signature covers, are not read)");
    add_proof_budget_option(desc, proof_budget);
    po::positional_options_description positional;
    positional.add("results", 1);
    try {
        po::variables_map vm;
        po::store(parse_strictly(po::command_line_parser(argc, argv), desc, positional), vm);
        po::notify(vm);
        if (vm.count("help")) {
            std::cout << gnu_help(desc) << "\n";
            return 0;
        }
        if (html_path.empty()) throw std::invalid_argument("give --html FILE");
        if (results_path.empty()) throw std::invalid_argument("give the RESULTS.json file");
    } catch (const std::exception& e) {
        std::cerr << "othello-match report: " << printable(e.what())
                  << "\n(see othello-match report --help)\n";
        return 2;
    }
    try {
        // Before anything is read: a FIFO is not waited on, a device never replaced.
        check_output_path("--html", html_path);
        check_html_report_path(html_path, overwrite);
        if (same_output(html_path, results_path))
            throw std::runtime_error("--html '" + html_path + "' is also the results file");
        std::optional<SigningKey> key;
        if (!sign_key_path.empty()) key = SigningKey::load(sign_key_path);
        GameSpool spool(html_path);
        const RecordedMatch match =
            recorded_match_from_file(results_path, key ? &*key : nullptr, proof_budget, spool);
        Standings standings(match.setup.engines);
        const ReportPageData page = report_page_data_of(match, standings);
        write_html_report(html_path, page, standings, true, match.ratings);
        std::cout << "Wrote " << html_path << " (" << page.games() << " games)\n";
    } catch (const std::exception& e) {
        std::cerr << "othello-match report: " << printable_lines(e.what()) << "\n";
        return 2;
    }
    return 0;
}

}  // namespace othello
