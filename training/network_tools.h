// What the network trainer (training/network/, PyTorch) asks of the engine's C++: the forward
// pass's logits on given positions, for the check that the engine computes what PyTorch does;
// and the expert agreement of any policy on the held-out games, measured by the policy that
// plays.
#pragma once

#include <filesystem>
#include <ostream>
#include <string>

#include "engine/network/policy_network.h"
#include "engine/policy_options.h"
#include "training/expert_agreement.h"

namespace othello::training {

// Writes 64 float32 logits (little-endian, a1 first) for each position of the move-sample file
// `positions`, computed by the network in `network_file` with `kernel`, to `output` (a new file).
// Returns the number of positions.
std::size_t write_network_logits(const std::filesystem::path& network_file,
                                 const std::filesystem::path& positions,
                                 const std::filesystem::path& output,
                                 network::PolicyNetwork::Kernel kernel);

// The expert agreement of the policy `spec` (e.g. "network", "book,regression") on the WTHOR
// games of `wthor_dir` from `from_year` on (the first `max_games` of them; 0: all).
Agreement held_out_agreement(const std::string& spec, const PolicyOptions& options,
                             const std::filesystem::path& wthor_dir, int from_year,
                             int max_games = 0);

}  // namespace othello::training
