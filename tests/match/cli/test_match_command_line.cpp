// The command line of a match (match/cli/match_command_line.h), read in process: the resume
// command it keeps for an interrupted match hides the engines' tokens.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "match/cli/match_command_line.h"

using namespace othello;

namespace {

std::vector<std::string> resume_command_of(std::vector<std::string> words) {
    std::vector<char*> argv;
    for (std::string& word : words) argv.push_back(word.data());
    const auto options = parse_match_options(static_cast<int>(argv.size()), argv.data());
    REQUIRE(options.has_value());
    return options->resume_command;
}

}  // namespace

TEST_CASE("the resume command hides every engine's token, and keeps the rest as given") {
    const std::vector<std::string> resume =
        resume_command_of({"othello-match", "--engine", "name=a,token=s3cret,tcp://127.0.0.1:9",
                           "--engine=token=other,tcp://127.0.0.1:8", "--each", "tc=10,token=shared",
                           "--games", "2", "--overwrite"});
    const std::string hidden(kHiddenToken);
    CHECK(resume == std::vector<std::string>{"othello-match", "--engine",
                                             "name=a,token=" + hidden + ",tcp://127.0.0.1:9",
                                             "--engine=token=" + hidden + ",tcp://127.0.0.1:8",
                                             "--each", "tc=10,token=" + hidden, "--games", "2",
                                             "--resume"});
    // A name that merely ends in "token" is a name.
    CHECK(resume_command_of({"othello-match", "--engine", "name=mytoken=x,policy:random",
                             "--engine", "policy:random"})
              .at(2) == "name=mytoken=x,policy:random");
}
