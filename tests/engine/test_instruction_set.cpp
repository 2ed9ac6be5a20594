// The instruction sets (engine/instruction_set.h): their names, which set a process runs on, and
// OTHELLO_INSTRUCTION_SET as the real othello-engine reads it; the primitives written for
// x86-64-v3. That each kernel answers the same on every set is tested beside the kernel (perft,
// the games, the policies, the features and evaluation, the solver, the referee).
#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

#include "engine/bitboard.h"
#include "engine/instruction_set.h"
#include "engine/movegen.h"
#include "engine/patterns/pattern_features.h"
#include "tests/support/child_process.h"
#include "tests/support/programs.h"
#include "tests/support/test_support.h"

using namespace othello;
using othello::testing::ChildProcess;
using othello::testing::kEngine;

namespace {

struct Run {
    std::string out, err;
    int status;
};

// othello-engine perft 8 with an environment variable set (`assignment`: NAME=value, through
// env(1)).
Run perft_with(const std::string& assignment) {
    ChildProcess engine("/usr/bin/env", {assignment, kEngine, "perft", "8"},
                        ChildProcess::Streams().stdout_pipe().stderr_pipe());
    Run run;
    run.out = engine.read_all();
    for (std::string line; engine.read_error_line(line);) run.err += line + "\n";
    run.status = engine.wait();
    return run;
}

// gather_on as a kernel: inlined only into code compiled for its set.
struct Gather {
    template <InstructionSet Isa>
    static std::uint32_t run(Bitboard b, const patterns::BitGather& squares) {
        return patterns::detail::gather_on<Isa>(b, squares);
    }
};

// Restores detail::use_pext when a test that flips it ends, failed or not.
class PextFlag {
  public:
    PextFlag() : saved_(detail::use_pext) {}
    ~PextFlag() { detail::use_pext = saved_; }
    PextFlag(const PextFlag&) = delete;
    PextFlag& operator=(const PextFlag&) = delete;

  private:
    bool saved_;
};

}  // namespace

TEST_CASE("each instruction set has one name, which names it back") {
    for (InstructionSet set : {InstructionSet::kBaseline, InstructionSet::kX86_64_V3})
        CHECK(instruction_set_named(name_of(set)) == set);
    CHECK(name_of(InstructionSet::kBaseline) == "baseline");
    CHECK(name_of(InstructionSet::kX86_64_V3) == "x86-64-v3");
    CHECK_FALSE(instruction_set_named("avx2").has_value());
    CHECK_FALSE(instruction_set_named("").has_value());
}

TEST_CASE("a process runs on x86-64-v3 exactly where the CPU has it; the baseline always") {
    CHECK(instruction_set_available(InstructionSet::kBaseline));
    CHECK(instruction_set_available(InstructionSet::kX86_64_V3) == cpu_has_x86_64_v3());
    CHECK(best_instruction_set() ==
          (cpu_has_x86_64_v3() ? InstructionSet::kX86_64_V3 : InstructionSet::kBaseline));
    if (!cpu_has_x86_64_v3()) MESSAGE("this CPU lacks x86-64-v3: only the baseline runs here");
}

TEST_CASE("the AVX2 move generator equals the portable one, where the CPU runs it") {
    if (!instruction_set_available(InstructionSet::kX86_64_V3)) {
        MESSAGE("this CPU lacks x86-64-v3: the AVX2 move generator is not run");
        return;
    }
#if defined(OTHELLO_HAS_X86_64_V3)
    for (const Position& p : othello::testing::random_positions(100, 17)) {
        REQUIRE(legal_moves_on<InstructionSet::kX86_64_V3>(p.player(), p.opponent()) ==
                legal_moves_portable(p.player(), p.opponent()));
        REQUIRE(legal_moves_on<InstructionSet::kBaseline>(p.player(), p.opponent()) ==
                legal_moves_portable(p.player(), p.opponent()));
    }
#endif
}

TEST_CASE("the one-instruction n-th set bit equals the bit-by-bit one, where the CPU runs it") {
    if (!instruction_set_available(InstructionSet::kX86_64_V3)) {
        MESSAGE("this CPU lacks x86-64-v3: its n-th set bit is not run");
        return;
    }
    for (const Position& p : othello::testing::random_positions(20, 19)) {
        for (Bitboard b : {p.player(), p.opponent(), p.legal_moves(), p.empties()}) {
            Bitboard rest = b;
            for (int n = 0; n < popcount(b); ++n, rest = without_lowest(rest)) {
                REQUIRE(nth_set_bit<InstructionSet::kX86_64_V3>(b, n) == (rest & (~rest + 1)));
                REQUIRE(nth_set_bit<InstructionSet::kBaseline>(b, n) == (rest & (~rest + 1)));
            }
        }
    }
}

TEST_CASE("pext and pdep are taken as slow on AMD's CPUs before Zen 3, and fast elsewhere") {
    CHECK(detail::fast_pext_on("GenuineIntel", 6));
    CHECK_FALSE(detail::fast_pext_on("AuthenticAMD", 0x15));  // Excavator
    CHECK_FALSE(detail::fast_pext_on("AuthenticAMD", 0x17));  // Zen, Zen+, Zen 2
    CHECK_FALSE(detail::fast_pext_on("HygonGenuine", 0x18));  // Dhyana (Zen)
    CHECK(detail::fast_pext_on("AuthenticAMD", 0x19));        // Zen 3, Zen 4
    CHECK(detail::fast_pext_on("AuthenticAMD", 0x1A));        // Zen 5
}

TEST_CASE("the CPU family is read from CPUID's signature as AMD and Intel count it") {
    CHECK(detail::cpuid_family(0x00830F10) == 0x17);  // Zen 2 (EPYC Rome)
    CHECK(detail::cpuid_family(0x00A20F12) == 0x19);  // Zen 3
    CHECK(detail::cpuid_family(0x00B40F40) == 0x1A);  // Zen 5
    CHECK(detail::cpuid_family(0x00600F20) == 0x15);  // Excavator
    CHECK(detail::cpuid_family(0x000306C3) == 6);     // Haswell: no extended family added
}

TEST_CASE("OTHELLO_PEXT turns pext and pdep on or off, and a wrong value is named and ignored") {
    for (bool fast : {true, false}) {
        CAPTURE(fast);
        std::ostringstream err;
        CHECK(detail::pext_choice(fast, nullptr, err) == fast);
        CHECK(detail::pext_choice(fast, "", err) == fast);
        CHECK(detail::pext_choice(fast, "on", err));
        CHECK_FALSE(detail::pext_choice(fast, "off", err));
        CHECK(err.str() == "");
        CHECK(detail::pext_choice(fast, "maybe", err) == fast);
        CHECK(err.str() == std::string("OTHELLO_PEXT='maybe' is neither on nor off: using ") +
                               (fast ? "on" : "off") + "\n");
    }
}

TEST_CASE("the x86-64-v3 primitives answer alike with pext and pdep and without") {
    if (!instruction_set_available(InstructionSet::kX86_64_V3)) {
        MESSAGE("this CPU lacks x86-64-v3: its primitives are not run");
        return;
    }
    std::vector<patterns::BitGather> gathers;
    for (const patterns::Pattern& pattern : patterns::kPatterns) gathers.push_back(pattern.gather);
    for (const patterns::MovePattern& pattern : patterns::kMovePatterns)
        gathers.push_back(pattern.gather);
    const PextFlag restore;
    for (bool pext : {true, false}) {
        CAPTURE(pext);
        detail::use_pext = pext;
        for (const Position& p : othello::testing::random_positions(20, 23)) {
            for (Bitboard b : {p.player(), p.opponent(), p.legal_moves(), p.empties()}) {
                for (const patterns::BitGather& squares : gathers) {
                    const std::uint32_t want = patterns::gather_bitwise(b, squares.mask());
                    REQUIRE(run_on<InstructionSet::kX86_64_V3, Gather>(b, squares) == want);
                    REQUIRE(run_on<InstructionSet::kBaseline, Gather>(b, squares) == want);
                }
                for (int n = 0; n < popcount(b); ++n)
                    REQUIRE(nth_set_bit<InstructionSet::kX86_64_V3>(b, n) ==
                            nth_set_bit_portable(b, n));
            }
        }
    }
}

TEST_CASE("othello-engine reads OTHELLO_PEXT, and plays the same with it on or off") {
    const std::string count = "perft 8 = 390216\n";
    for (const char* value : {"on", "off"}) {
        CAPTURE(value);
        const Run run = perft_with(std::string("OTHELLO_PEXT=") + value);
        CHECK(run.status == 0);
        CHECK(run.out.rfind(count, 0) == 0);
        CHECK(run.err == "");
    }
    const Run wrong = perft_with("OTHELLO_PEXT=maybe");
    CHECK(wrong.status == 0);
    CHECK(wrong.out.rfind(count, 0) == 0);
    CHECK(wrong.err == std::string("OTHELLO_PEXT='maybe' is neither on nor off: using ") +
                           (cpu_has_fast_pext() ? "on" : "off") + "\n");
}

TEST_CASE("OTHELLO_INSTRUCTION_SET chooses the set othello-engine runs on") {
    const std::string count = "perft 8 = 390216\n";
    const std::string best(name_of(best_instruction_set()));

    const Run baseline = perft_with("OTHELLO_INSTRUCTION_SET=baseline");
    CHECK(baseline.status == 0);
    CHECK(baseline.out.rfind(count, 0) == 0);
    CHECK(baseline.out.find("million leaves/s on baseline\n") != std::string::npos);
    CHECK(baseline.err == "");

    const Run v3 = perft_with("OTHELLO_INSTRUCTION_SET=x86-64-v3");
    CHECK(v3.status == 0);
    CHECK(v3.out.rfind(count, 0) == 0);
    if (cpu_has_x86_64_v3()) {
        CHECK(v3.out.find("million leaves/s on x86-64-v3\n") != std::string::npos);
        CHECK(v3.err == "");
    } else {
        CHECK(v3.out.find("million leaves/s on baseline\n") != std::string::npos);
        CHECK(v3.err == "OTHELLO_INSTRUCTION_SET=x86-64-v3: this CPU lacks it, using baseline\n");
    }

    const Run unknown = perft_with("OTHELLO_INSTRUCTION_SET=avx512");
    CHECK(unknown.status == 0);
    CHECK(unknown.out.rfind(count, 0) == 0);
    CHECK(unknown.out.find("million leaves/s on " + best + "\n") != std::string::npos);
    CHECK(unknown.err ==
          "OTHELLO_INSTRUCTION_SET='avx512' is no instruction set (baseline or "
          "x86-64-v3): using " +
              best + "\n");
}
