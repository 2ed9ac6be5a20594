// The instruction sets the hot loops are compiled for, both in one program: the baseline the
// build targets (x86-64's, which every amd64 CPU runs, unless built with OTHELLO_NATIVE) and
// x86-64-v3 (AVX2, BMI1/2, LZCNT, POPCNT, FMA: Intel from Haswell, AMD from Excavator on), chosen
// once per process from what the CPU reports. The package then runs on any amd64 CPU and still
// plays at full speed on a recent one.
//
// A kernel is a struct with `template <InstructionSet Isa> static R run(Args...)`, written once
// against the primitives that take the set as a template argument (legal_moves_on<Isa> in
// engine/movegen.h, gather_on<Isa> in engine/patterns/pattern_features.h). GCC compiles a function
// for the target it is declared with, and what it inlines into that function with it; so
// run_on<Isa, Kernel>() enters the kernel through a function declared for Isa, inlines the
// kernel's body there (which must not be declared for a set of its own), and the primitives' Isa
// versions inline into that in turn. Whatever the kernel calls and GCC does not inline is
// baseline code, which any CPU runs. A recursive kernel recurses through run_on<Isa, Kernel>, so
// every level stays on its set. dispatch<Kernel>(set) runs the kernel on a set chosen at run time;
// the engine's functions that run kernels take the set as their last argument, the CPU's best
// unless a test or benchmark asks for another.
//
// Every function between a kernel's run and a primitive must be [[gnu::always_inline]] (the rules
// that take the set, Position::legal_moves<Isa> and the rest, are): GCC (12) meets such a function
// on its own first, as baseline code, finds it cannot inline the primitive there, and never tries
// again once the function is inlined into the kernel. And a kernel is best compiled in a source of
// its own (SKIP_UNITY_BUILD_INCLUSION), where a unity build's inlining limits do not reach it.
//
// Kernels are chosen per call (perft, an evaluation), per batch (self-play) or per game (the
// referee's game loop); a policy's choice is chosen once, when the policy is made
// (engine/policy_on.h).
#pragma once

#include <iosfwd>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

namespace othello {

enum class InstructionSet {
    kBaseline,  // what the build targets: x86-64's baseline, or this CPU with OTHELLO_NATIVE
    kX86_64_V3  // AVX2, BMI2 and the rest of x86-64-v3, whatever the build targets
};

// "baseline" or "x86-64-v3": the names OTHELLO_INSTRUCTION_SET takes, and that `othello-engine
// bench` prints.
std::string_view name_of(InstructionSet set);
std::optional<InstructionSet> instruction_set_named(std::string_view name);

// Whether this CPU (and the kernel, which must save the AVX registers) runs x86-64-v3 code.
bool cpu_has_x86_64_v3();

// Whether pext and pdep (BMI2), where this CPU has them, take a few cycles. AMD's CPUs before Zen
// 3 (family 19h) - Excavator, Zen, Zen+, Zen 2 and Hygon's Dhyana - have them but run them in
// microcode, tens to hundreds of cycles each, so slowly that on a Zen 2 the pattern evaluation and
// the search labeller ran faster on the baseline than with them. Where they are slow, the
// x86-64-v3 kernels gather bits with shifts (engine/patterns/bit_gather.h) and keep the rest of
// the set (the AVX2 move generator: twice the baseline's perft). True on a CPU without BMI2,
// which never runs them anyway.
bool cpu_has_fast_pext();

// One line for benchmarks: whether the x86-64-v3 kernels run pext and pdep here, and why not.
std::string_view pext_note();

namespace detail {
// cpu_has_fast_pext()'s rule, for a CPUID vendor string and family: microcoded on AMD's and
// Hygon's before family 19h.
bool fast_pext_on(std::string_view vendor, unsigned family);
// The family in CPUID leaf 1's eax, as AMD and Intel count it: the base family, plus the extended
// one where the base is 0Fh.
unsigned cpuid_family(unsigned eax);
// What use_pext is set to: `fast` (cpu_has_fast_pext()), unless `asked` (OTHELLO_PEXT's value,
// null where unset) is "on" or "off". Any other value is named on `err` and ignored.
bool pext_choice(bool fast, const char* asked, std::ostream& err);

// Whether the x86-64-v3 primitives (gather_on, nth_set_bit) use pext and pdep: set before main
// from cpu_has_fast_pext() and the environment variable OTHELLO_PEXT=on or off (to compare the
// two). Either way they give the same answers; the tests set it to check both.
extern bool use_pext;
}  // namespace detail

// The set the kernels run on in this process: x86-64-v3 where the CPU has it, unless the
// environment variable OTHELLO_INSTRUCTION_SET=baseline asks for the baseline (to compare the
// two, or to see what an older CPU does). Asking for x86-64-v3 on a CPU without it gets the
// baseline, and a name that is no set gets the CPU's best, each with a line on stderr saying so.
// Decided on the first call; every later call returns the same.
InstructionSet best_instruction_set();

// Whether kernels may run on `set` in this process: the baseline always, x86-64-v3 where it is
// best_instruction_set().
inline bool instruction_set_available(InstructionSet set) {
    return set == InstructionSet::kBaseline || best_instruction_set() == set;
}

// The sets instruction_set_available() says yes to, the faster first: what a benchmark times and
// a test checks a kernel on.
std::vector<InstructionSet> available_instruction_sets();

#if defined(__x86_64__)
#if defined(__AVX2__) && defined(__BMI2__) && defined(__BMI__) && defined(__FMA__) && \
    defined(__LZCNT__) && defined(__MOVBE__)
// The whole build targets x86-64-v3 or more (OTHELLO_NATIVE on a recent CPU): its kernels need
// no target of their own.
#define OTHELLO_HAS_X86_64_V3 1
#define OTHELLO_X86_64_V3_TARGET
#elif defined(__k8__)
// The build targets one of x86-64's generic levels (the package: the baseline): each kernel is
// compiled a second time, for x86-64-v3.
#define OTHELLO_HAS_X86_64_V3 1
#define OTHELLO_X86_64_V3_TARGET [[gnu::target("arch=x86-64-v3")]]
#endif
// Otherwise the build is for one named CPU without x86-64-v3 (-march=nehalem): GCC inlines no
// code compiled for that CPU into x86-64-v3 code, and such a build runs on that CPU alone anyway.
#endif

namespace detail {

template <typename Kernel, typename... Args>
inline decltype(auto) run_on_baseline(Args&&... args) {
    return Kernel::template run<InstructionSet::kBaseline>(std::forward<Args>(args)...);
}

#if defined(OTHELLO_HAS_X86_64_V3)
template <typename Kernel, typename... Args>
OTHELLO_X86_64_V3_TARGET decltype(auto) run_on_x86_64_v3(Args&&... args) {
    return Kernel::template run<InstructionSet::kX86_64_V3>(std::forward<Args>(args)...);
}
#endif

}  // namespace detail

// Kernel::run<Isa>(args...), compiled for Isa. Isa must be kBaseline where
// OTHELLO_HAS_X86_64_V3 is not defined.
template <InstructionSet Isa, typename Kernel, typename... Args>
inline decltype(auto) run_on(Args&&... args) {
#if defined(OTHELLO_HAS_X86_64_V3)
    if constexpr (Isa == InstructionSet::kX86_64_V3)
        return detail::run_on_x86_64_v3<Kernel>(std::forward<Args>(args)...);
    else
#endif
        return detail::run_on_baseline<Kernel>(std::forward<Args>(args)...);
}

// Kernel::run<set>(args...), the set chosen at run time; a set that is not available runs the
// baseline instead (as no set the CPU lacks may run).
template <typename Kernel, typename... Args>
inline decltype(auto) dispatch(InstructionSet set, Args&&... args) {
#if defined(OTHELLO_HAS_X86_64_V3)
    if (set == InstructionSet::kX86_64_V3 && instruction_set_available(set))
        return run_on<InstructionSet::kX86_64_V3, Kernel>(std::forward<Args>(args)...);
#endif
    return run_on<InstructionSet::kBaseline, Kernel>(std::forward<Args>(args)...);
}

}  // namespace othello
