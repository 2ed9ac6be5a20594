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
#include "match/results/game_spool.h"
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
        long lost = 0;
        const MatchFile previous = stream_match_file(out_path, [&](GameRecord&& r, long) {
            const auto id = static_cast<std::size_t>(r.id);
            lost += r.id < 0 || id >= merged.held.size() || !merged.held[id];
        });
        if (previous.config) {
            const std::string d =
                config_difference(*previous.config, merged.config, "it", "the inputs", true);
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

// "Merged 2 files: 40 of 48 games; missing ...", the duplicates and the notes.
void say_what_was_merged(std::ostream& out, std::ostream& err, std::size_t files,
                         const MergedMatch& merged) {
    const long total = merged.games + static_cast<long>(merged.missing.size());
    out << "Merged " << files << (files == 1 ? " file: " : " files: ") << merged.games << " of "
        << total << " games";
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
    for (const auto& n : merged.notes) err << "othello-match merge: note: " << printable(n) << "\n";
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
        for (const auto& in : inputs)
            if (!fs::exists(in)) throw std::runtime_error("'" + in + "' does not exist");
        // The merged games wait on disk, never all in memory: a million of them are a few GB
        // as records.
        ShardMerge merge(inputs);
        GameSpool spool(out_path);
        Standings standings(engine_names_in(merge.config()));
        MergedMatch merged = merge.read(
            [&](const GameRecord& r) {
                spool.add(r);
                standings.add(r);
            },
            key ? &*key : nullptr, proof_budget);
        check_output(out_path, inputs, merged, overwrite);
        // The records as their inputs hold them: with --sign-key, each checked to carry the
        // key's signature for this configuration (the shard is not signed). Written before
        // anything is said: a merge that could not write its results (a full disk) says only
        // that, never "complete".
        write_results_from_journal(out_path, spool.journal(), spool.entries(),
                                   results_summary(standings), merged.config,
                                   results_ratings(standings));

        say_what_was_merged(out, err, inputs.size(), merged);
        out << "\n";
        print_report(out, standings, sprt_in(merged.config));
        return 0;
    } catch (const std::exception& e) {
        err << "othello-match merge: " << printable_lines(e.what()) << "\n";
        return 2;
    }
}

}  // namespace othello
