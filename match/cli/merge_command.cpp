// MergeCommand: Boost.Program_options for the arguments, then merge, report and write.
#include "match/cli/merge_command.h"

#include <boost/program_options.hpp>
#include <filesystem>
#include <optional>
#include <set>
#include <utility>

#include "engine/ascii_text.h"
#include "match/cli/options_and_inputs.h"
#include "match/cli/proof_budget_option.h"
#include "match/config/match_config.h"
#include "match/report/report.h"
#include "match/results/match_file.h"
#include "match/results/output_paths.h"
#include "match/results/results_file.h"
#include "match/results/results_merge.h"
#include "match/stats/results_summary.h"
#include "match/stats/standings.h"

namespace othello {

namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace {

// An existing output is replaced only when asked, or when it is an earlier merge of the same
// match (merging again as more shards finish).
void check_output(const std::string& out_path, const std::vector<std::string>& inputs,
                  const MergedMatch& merged, bool overwrite) {
    for (const auto& in : inputs) {
        std::error_code ec;
        if (fs::equivalent(in, out_path, ec)) {
            throw std::runtime_error("--results '" + out_path + "' is also an input");
        }
    }
    if (overwrite || !fs::exists(out_path)) return;
    std::string why = "it holds another match";
    try {
        const MatchFile previous = read_match_file(out_path);
        if (previous.config) {
            const std::string d =
                config_difference(*previous.config, merged.config, "it", "the inputs", true);
            std::set<int> merged_ids;
            for (const auto& r : merged.games) merged_ids.insert(r.id);
            long lost = 0;
            for (const auto& r : previous.games) lost += merged_ids.count(r.id) == 0;
            if (d.empty() && lost == 0) return;
            why = d.empty() ? "it holds " + std::to_string(lost) + " games the inputs do not" : d;
        } else {
            why = "it records no match configuration";
        }
    } catch (const std::exception& e) {
        why = e.what();
    }
    throw std::runtime_error("--results '" + out_path +
                             "' already exists and is not an earlier merge of " + "these games (" +
                             why + "); --overwrite replaces it");
}

}  // namespace

int run_merge_command(int argc, char** argv, std::ostream& out, std::ostream& err) {
    std::string out_path;
    std::vector<std::string> inputs;
    bool overwrite = false;
    std::string sign_key_path;
    std::uint64_t proof_budget = 0;
    po::options_description desc(
        "othello-match merge --results OUT.json IN...: merges the results (.json) or journals "
        "(.jsonl) of a match's shards (--shard K/N) into OUT and prints the match's table\n\n"
        "Options");
    desc.add_options()("help,h", "this help")("results", po::value(&out_path),
                                              "the merged results file (.json or .csv)")(
        "overwrite", po::bool_switch(&overwrite), "replace OUT even if it holds another match")(
        "sign-key", po::value(&sign_key_path),
        "FILE: the key the shards were run with (othello-match --sign-key FILE): a record not "
        "signed with it is refused, and OUT's records are signed");
    add_proof_budget_option(desc, proof_budget);
    try {
        po::variables_map vm;
        if (!parse_options_and_inputs(argc, argv, desc, inputs, out, vm)) return 0;
        if (out_path.empty()) throw std::invalid_argument("merge needs --results OUT.json");
        if (inputs.empty()) throw std::invalid_argument("merge needs the files to merge");
    } catch (const std::exception& e) {
        err << "othello-match merge: " << printable(e.what())
            << "\n(see othello-match merge --help)\n";
        return 2;
    }
    try {
        // Before any file is read: a FIFO is not waited on, a device never replaced.
        check_output_path("--results", out_path);
        std::optional<SigningKey> key;
        if (!sign_key_path.empty()) key = SigningKey::load(sign_key_path);
        std::vector<MatchFile> files;
        for (const auto& in : inputs) {
            if (!fs::exists(in)) throw std::runtime_error("'" + in + "' does not exist");
            files.push_back(read_match_file(in, key ? &*key : nullptr, proof_budget));
        }
        MergedMatch merged = merge_match_files(files);
        check_output(out_path, inputs, merged, overwrite);

        const long total = static_cast<long>(merged.games.size() + merged.missing.size());
        out << "Merged " << files.size() << (files.size() == 1 ? " file: " : " files: ")
            << merged.games.size() << " of " << total << " games";
        if (merged.missing.empty()) {
            out << ", complete.\n";
        } else {
            out << "; missing " << merged.missing.size() << " (ids " << id_ranges(merged.missing)
                << ")";
            if (!merged.incomplete_shards.empty()) {
                out << " from shards ";
                for (std::size_t i = 0; i < merged.incomplete_shards.size(); ++i)
                    out << (i ? ", " : "") << merged.incomplete_shards[i];
            }
            out << ". Run the missing shards (--resume completes a shard) and merge again.\n";
        }
        if (!merged.duplicates.empty()) {
            out << "Duplicates: " << merged.duplicates.size() << " games in more than one input "
                << "(ids " << id_ranges(merged.duplicates) << "), counted once.\n";
        }
        for (const auto& n : merged.notes)
            err << "othello-match merge: note: " << printable(n) << "\n";
        out << "\n";

        files.clear();  // the merged games are copies: the inputs' records are not kept twice
        Standings standings(engine_names_in(merged.config));
        for (const auto& r : merged.games) standings.add(r);
        print_report(out, standings, sprt_in(merged.config));
        write_results(out_path, std::move(merged.games), results_summary(standings), merged.config,
                      results_ratings(standings), key ? &*key : nullptr);
        return 0;
    } catch (const std::exception& e) {
        err << "othello-match merge: " << printable_lines(e.what()) << "\n";
        return 2;
    }
}

}  // namespace othello
