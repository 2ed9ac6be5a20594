// ComplianceCommand: Boost.Program_options for the arguments; the checks of the engine's protocol
// from the table below.
#include "match/cli/compliance_command.h"

#include <boost/program_options.hpp>
#include <cmath>
#include <functional>
#include <string>
#include <string_view>

#include "engine/ascii_text.h"
#include "engine/gnu_help.h"
#include "engine/strict_command_line.h"
#include "match/cli/gtp_compliance.h"
#include "match/cli/nboard_compliance.h"
#include "match/players/engine_spec.h"

namespace othello {

namespace po = boost::program_options;

namespace {

using ProtocolChecks =
    std::function<void(const EngineSpec&, const ComplianceLimits&, const FindingSink&)>;

// One row per protocol of match/players/engine_protocols.cpp.
const ProtocolChecks* checks_for(std::string_view protocol) {
    static const std::pair<std::string_view, ProtocolChecks> kChecks[] = {
        {"gtp", check_gtp_engine},
        {"nboard", check_nboard_engine},
    };
    for (const auto& [name, checks] : kChecks) {
        if (name == protocol) return &checks;
    }
    return nullptr;
}

std::string_view verdict_word(ComplianceFinding::Verdict v) {
    switch (v) {
        case ComplianceFinding::Verdict::Ok:
            return "ok     ";
        case ComplianceFinding::Verdict::Failed:
            return "FAILED ";
        case ComplianceFinding::Verdict::Skipped:
            return "skipped";
    }
    return "";
}

void check_seconds(const char* option, double seconds) {
    if (!std::isfinite(seconds) || seconds <= 0 || seconds > 3600)
        throw std::invalid_argument(std::string(option) + ": expected seconds over 0, up to 3600");
}

}  // namespace

int run_compliance_command(int argc, char** argv, std::ostream& out, std::ostream& err) {
    std::string spec_text;
    ComplianceLimits limits;
    po::options_description desc(
        "othello-match compliance SPEC: runs one engine through the corners of its protocol and\n"
        "lists each check as ok, FAILED (with why) or skipped. SPEC is an --engine spec of an\n"
        "engine spoken to in a protocol: cmd:..., tcp://HOST:PORT, nboard:..., with its keys\n"
        "(protocol=gtp|nboard, token=, dir=, args=, name=, stderr=1). Exit status 0 when every\n"
        "check passed, 1 when one failed, 2 for bad arguments.\n\nOptions");
    desc.add_options()("help,h", "this help")("timeout",
                                              po::value(&limits.answer_seconds)->default_value(10),
                                              "seconds the engine has for each answer")(
        "start-timeout", po::value(&limits.start_seconds)->default_value(10),
        "seconds to start the engine");
    po::options_description hidden;
    hidden.add_options()("spec", po::value(&spec_text));
    po::options_description all;
    all.add(desc).add(hidden);
    po::positional_options_description positional;
    positional.add("spec", 1);
    EngineSpec spec;
    try {
        po::variables_map vm;
        po::store(parse_strictly(po::command_line_parser(argc, argv), all, positional), vm);
        po::notify(vm);
        if (vm.count("help")) {
            out << gnu_help(desc) << "\n";
            return 0;
        }
        if (spec_text.empty()) throw std::invalid_argument("give the engine's SPEC");
        check_seconds("--timeout", limits.answer_seconds);
        check_seconds("--start-timeout", limits.start_seconds);
        spec = parse_engine_spec(spec_text);
        if (spec.kind != EngineSpec::Kind::Engine) {
            throw std::invalid_argument("'" + spec_text +
                                        "' is not an engine spoken to in a protocol: give "
                                        "cmd:COMMAND, tcp://HOST:PORT or nboard:COMMAND");
        }
        if (!checks_for(spec.protocol))
            throw std::invalid_argument("no compliance checks for protocol " + spec.protocol);
    } catch (const std::exception& e) {
        err << "othello-match compliance: " << printable_lines(e.what())
            << "\n(see othello-match compliance --help)\n";
        return 2;
    }
    out << "Checking engine '" << printable(spec.name) << "' (" << spec.protocol << ")\n";
    int checked = 0, failures = 0, skips = 0;
    (*checks_for(spec.protocol))(spec, limits, [&](const ComplianceFinding& f) {
        ++checked;
        failures += f.verdict == ComplianceFinding::Verdict::Failed;
        skips += f.verdict == ComplianceFinding::Verdict::Skipped;
        out << verdict_word(f.verdict) << "  " << f.check << ": " << f.detail << std::endl;
    });
    out << checked << " checks: " << checked - failures - skips << " ok, " << failures
        << " FAILED, " << skips << " skipped: engine '" << printable(spec.name) << "' "
        << (failures ? "is not compliant" : "is compliant") << "\n";
    return failures ? 1 : 0;
}

}  // namespace othello
