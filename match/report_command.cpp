// `othello-match report`: Boost.Program_options for the arguments, nlohmann::json for the file.
#include "match/report_command.h"

#include <boost/program_options.hpp>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "match/html_report.h"
#include "match/output_paths.h"
#include "match/report_page_data.h"

namespace othello {

namespace po = boost::program_options;

int run_report_command(int argc, char** argv) {
    std::string html_path, results_path;
    bool overwrite = false;
    po::options_description desc(
        "othello-match report: the HTML report page of a finished match\n\n"
        "Usage: othello-match report --html FILE [--overwrite] RESULTS.json\n\nOptions");
    desc.add_options()("help,h", "this help")("html", po::value(&html_path),
                                              "write the report page to FILE")(
        "results", po::value(&results_path), "the results file (--results FILE.json, or merged)")(
        "overwrite", po::bool_switch(&overwrite),
        "replace FILE even if it is not a report page othello-match wrote");
    po::positional_options_description positional;
    positional.add("results", 1);
    try {
        po::variables_map vm;
        po::store(po::command_line_parser(argc, argv).options(desc).positional(positional).run(),
                  vm);
        po::notify(vm);
        if (vm.count("help")) {
            std::cout << desc << "\n";
            return 0;
        }
        if (html_path.empty()) throw std::invalid_argument("give --html FILE");
        if (results_path.empty()) throw std::invalid_argument("give the RESULTS.json file");
    } catch (const std::exception& e) {
        std::cerr << "othello-match report: " << e.what()
                  << "\n(see othello-match report --help)\n";
        return 2;
    }
    try {
        // Before anything is read: a FIFO is not waited on, a device never replaced.
        check_output_path("--html", html_path);
        check_html_report_path(html_path, overwrite);
        if (same_output(html_path, results_path))
            throw std::runtime_error("--html '" + html_path + "' is also the results file");
        std::ifstream in(results_path);
        if (!in) throw std::runtime_error("cannot read '" + results_path + "'");
        nlohmann::json results;
        try {
            results = nlohmann::json::parse(in);
        } catch (const nlohmann::json::parse_error& e) {
            throw std::runtime_error("'" + results_path + "' is not JSON: " + e.what());
        }
        ReportInput input;
        try {
            input = report_input_from_results(results);
        } catch (const std::exception& e) {
            throw std::runtime_error("'" + results_path + "': " + e.what());
        }
        write_html_report(html_path, input);
        std::cout << "Wrote " << html_path << " (" << input.games.size() << " games)\n";
    } catch (const std::exception& e) {
        std::cerr << "othello-match report: " << e.what() << "\n";
        return 2;
    }
    return 0;
}

}  // namespace othello
