// A fake GTP engine (fakes/fake_gtp_engine.cpp) serving TCP on 127.0.0.1, for tests that connect
// the match runner to an engine over a socket; stopped (stdin closed) when it goes out of scope.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "protocol/deadline.h"
#include "protocol/engine_process.h"
#include "tests/support/programs.h"

namespace othello::testing {

struct FakeTcpEngine {
    // `args` are fake-gtp-engine's own (--mode, --at, --once, --log ...).
    explicit FakeTcpEngine(std::vector<std::string> args) : process(make(std::move(args))) {
        port = process.read_line(deadline_after(10));
    }
    static ProcessOptions make(std::vector<std::string> args) {
        args.insert(args.begin(),
                    {othello::testing::program_dir() + "/fake-gtp-engine", "--tcp", "0"});
        return ProcessOptions{args, "", false};
    }
    std::string spec() const { return "tcp://127.0.0.1:" + port; }
    EngineProcess process;
    std::string port;
};

}  // namespace othello::testing
