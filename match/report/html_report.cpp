// The HTML match report: the template's {{placeholders}} filled in one pass.
#include "match/report/html_report.h"

#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "match/report/report_page_assets.h"
#include "match/results/atomic_file.h"
#include "match/results/output_paths.h"

namespace othello {

namespace {

std::string escape_html(const std::string& text) {
    std::string out;
    for (char c : text) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            default:
                out += c;
        }
    }
    return out;
}

std::string title_of(const std::vector<std::string>& names) {
    if (names.size() == 2) return names[0] + " vs " + names[1];
    return "Tournament of " + std::to_string(names.size()) + " engines";
}

}  // namespace

void write_html_report_page(std::ostream& out, const ReportPageData& data,
                            const Standings& standings, bool finished,
                            const nlohmann::json& ratings) {
    const std::string_view tpl = report_page_template;
    std::size_t at = 0;
    while (true) {
        const std::size_t open = tpl.find("{{", at);
        if (open == std::string_view::npos) break;
        const std::size_t close = tpl.find("}}", open);
        if (close == std::string_view::npos) break;
        out << tpl.substr(at, open - at);
        const std::string_view key = tpl.substr(open + 2, close - open - 2);
        if (key == "title")
            out << escape_html(title_of(data.engines()));
        else if (key == "style")
            out << report_page_style;
        else if (key == "script")
            out << report_page_script;
        else if (key == "data")
            data.write(out, standings, ratings, finished);
        else
            throw std::logic_error("report page template: unknown placeholder {{" +
                                   std::string(key) + "}}");
        at = close + 2;
    }
    out << tpl.substr(at);
}

void check_html_report_path(const std::string& path, bool overwrite) {
    if (overwrite || !output_exists(path)) return;
    const auto refuse = [&](const std::string& what) {
        throw std::runtime_error("--html '" + path + "' exists and is " + what +
                                 "; refusing to replace it (--overwrite replaces it)");
    };
    std::error_code error;
    if (!std::filesystem::is_regular_file(path, error))
        refuse(kind_of_file_at(path) + ", not an HTML page");
    // The page's head names its generator within its first lines.
    std::ifstream in(path, std::ios::binary);
    std::string start(1024, '\0');
    in.read(start.data(), static_cast<std::streamsize>(start.size()));
    start.resize(static_cast<std::size_t>(in.gcount()));
    if (!start.starts_with("<!DOCTYPE html>")) refuse("not an HTML page");
    if (start.find("<meta name=\"generator\" content=\"othello-match\">") == std::string::npos)
        refuse("an HTML page othello-match did not write");
}

// Written as it is put together: the page is never held whole.
void write_html_report(const std::string& path, const ReportPageData& data,
                       const Standings& standings, bool finished, const nlohmann::json& ratings) {
    write_file_atomically(path, [&](std::ostream& out) {
        write_html_report_page(out, data, standings, finished, ratings);
    });
}

}  // namespace othello
