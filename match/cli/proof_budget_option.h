// --proof-budget POSITIONS: how every reader of results (--resume, merge, ratings, report) may
// prove adjudications that no signature covers (match/results/record_check.h).
#pragma once

#include <boost/program_options.hpp>
#include <cstdint>
#include <string>

#include "match/results/record_check.h"

namespace othello {

inline void add_proof_budget_option(boost::program_options::options_description& options,
                                    std::uint64_t& budget) {
    options.add_options()(
        "proof-budget", boost::program_options::value(&budget),
        ("POSITIONS: solve again each adjudication at more than " +
         std::to_string(kAlwaysSolvedEmpties) +
         " empty squares that no signature covers (--sign-key), within this many endgame-solver "
         "positions (about "
         "20 million a second; up to 100000000 at 20 empty squares); one that needs more is "
         "refused, and so are those left once a file's solves have taken this many in all. "
         "Default 0: such records are refused, since a file of them could cost hours")
            .c_str());
}

}  // namespace othello
