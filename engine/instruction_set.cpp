// The CPU check behind best_instruction_set(), and the names of the sets.
#include "engine/instruction_set.h"

#include <cstdlib>
#include <cstring>
#include <iostream>

#if defined(__x86_64__)
#include <cpuid.h>
#endif

#include "engine/ascii_text.h"

namespace othello {

std::string_view name_of(InstructionSet set) {
    return set == InstructionSet::kX86_64_V3 ? "x86-64-v3" : "baseline";
}

std::optional<InstructionSet> instruction_set_named(std::string_view name) {
    for (InstructionSet set : {InstructionSet::kBaseline, InstructionSet::kX86_64_V3})
        if (name == name_of(set)) return set;
    return std::nullopt;
}

bool cpu_has_x86_64_v3() {
#if defined(OTHELLO_HAS_X86_64_V3)
    // libgcc reads CPUID, and counts AVX only where the kernel saves the YMM registers (XGETBV).
    __builtin_cpu_init();
#if defined(__clang__)
    // Clang (14) knows no level names: these features, which every CPU that has AVX2 and BMI2
    // pairs with the rest of the level (LZCNT, MOVBE, F16C).
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
           __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("fma") &&
           __builtin_cpu_supports("popcnt");
#else
    return __builtin_cpu_supports("x86-64-v3");
#endif
#else
    return false;
#endif
}

bool detail::fast_pext_on(std::string_view vendor, unsigned family) {
    return (vendor != "AuthenticAMD" && vendor != "HygonGenuine") || family >= 0x19;
}

unsigned detail::cpuid_family(unsigned eax) {
    const unsigned base = (eax >> 8) & 0xF;
    return base == 0xF ? base + ((eax >> 20) & 0xFF) : base;
}

bool cpu_has_fast_pext() {
#if defined(__x86_64__)
    unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
    if (!__get_cpuid(0, &eax, &ebx, &ecx, &edx)) return true;
    char vendor[13] = {};
    std::memcpy(vendor, &ebx, 4);
    std::memcpy(vendor + 4, &edx, 4);
    std::memcpy(vendor + 8, &ecx, 4);
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return true;
    return detail::fast_pext_on(vendor, detail::cpuid_family(eax));
#else
    return true;
#endif
}

bool detail::pext_choice(bool fast, const char* asked, std::ostream& err) {
    if (!asked || !*asked) return fast;
    if (std::strcmp(asked, "on") == 0) return true;
    if (std::strcmp(asked, "off") == 0) return false;
    err << "OTHELLO_PEXT='" << printable(asked) << "' is neither on nor off: using "
        << (fast ? "on" : "off") << "\n";
    return fast;
}

namespace detail {
bool use_pext = pext_choice(cpu_has_fast_pext(), std::getenv("OTHELLO_PEXT"), std::cerr);
}  // namespace detail

std::string_view pext_note() {
    if (best_instruction_set() != InstructionSet::kX86_64_V3)
        return "pext and pdep: not used (the baseline has no BMI2)";
    if (detail::use_pext) return "pext and pdep: one instruction each";
    return cpu_has_fast_pext() ? "pext and pdep: not used (OTHELLO_PEXT=off)"
                               : "pext and pdep: not used (this CPU runs them in microcode)";
}

namespace {

InstructionSet choose_instruction_set() {
    const InstructionSet best =
        cpu_has_x86_64_v3() ? InstructionSet::kX86_64_V3 : InstructionSet::kBaseline;
    const char* asked = std::getenv("OTHELLO_INSTRUCTION_SET");
    if (!asked || !*asked) return best;
    const std::optional<InstructionSet> set = instruction_set_named(asked);
    if (!set) {
        std::cerr << "OTHELLO_INSTRUCTION_SET='" << printable(asked)
                  << "' is no instruction set (baseline or x86-64-v3): using " << name_of(best)
                  << "\n";
        return best;
    }
    if (*set == InstructionSet::kX86_64_V3 && best != InstructionSet::kX86_64_V3) {
        std::cerr << "OTHELLO_INSTRUCTION_SET=x86-64-v3: this CPU lacks it, using baseline\n";
        return InstructionSet::kBaseline;
    }
    return *set;
}

}  // namespace

InstructionSet best_instruction_set() {
    static const InstructionSet chosen = choose_instruction_set();
    return chosen;
}

std::vector<InstructionSet> available_instruction_sets() {
    std::vector<InstructionSet> sets;
    for (InstructionSet set : {InstructionSet::kX86_64_V3, InstructionSet::kBaseline})
        if (instruction_set_available(set)) sets.push_back(set);
    return sets;
}

}  // namespace othello
