// GGF games the protocol tests load into the engine (NBoard's `set game`, GTP's loadsgf).
#pragma once

#include <string>

namespace othello::testing {

// A random game cut three moves before black had to pass: a non-standard start with white to move,
// then a pass (written PA, as GGF does), after which white moves again.
inline const std::string kPassGame =
    "(;GM[Othello]PC[test]TY[8]BO[8 "
    "----OOO------*-----*****---***-----***-------*--------*--------- O]"
    "W[h4]B[h2]W[h1]B[PA];)";

}  // namespace othello::testing
