// extract_features: the trainer's kernel, compiled in a source of its own (also in a unity build),
// so that what GCC inlines into it depends on it alone: in a large unity source GCC 12 called
// the x86-64-v3 gather out of line.
#include "engine/patterns/pattern_features.h"

namespace othello::patterns {

Features extract_features(const Position& p, InstructionSet set) {
    return dispatch<detail::ExtractFeatures>(set, p);
}

}  // namespace othello::patterns
