// The network trainer's questions to the engine: logits on given positions, agreement of a policy.
#include "training/network_tools.h"

#include <fstream>
#include <stdexcept>

#include "engine/policies/policy_registry.h"
#include "engine/wthor.h"
#include "training/move_sample_file.h"

namespace othello::training {

std::size_t write_network_logits(const std::filesystem::path& network_file,
                                 const std::filesystem::path& positions,
                                 const std::filesystem::path& output,
                                 network::PolicyNetwork::Kernel kernel) {
    const network::PolicyNetwork net(network::load_network_file(network_file));
    const std::vector<MoveSample> samples = read_move_samples(positions);
    if (std::filesystem::exists(output))
        throw std::runtime_error(output.string() + ": exists; choose another file");
    std::ofstream out(output, std::ios::binary);
    if (!out) throw std::runtime_error(output.string() + ": cannot open for writing");
    std::array<float, 64> logits;
    for (const MoveSample& s : samples) {
        // Which colour moves does not matter to the network: it sees the mover's discs first.
        net.logits(Position::from_mover(s.player, s.opponent, Color::Black), logits, kernel);
        out.write(reinterpret_cast<const char*>(logits.data()), sizeof logits);
    }
    out.flush();
    if (!out) throw std::runtime_error(output.string() + ": write failed");
    return samples.size();
}

Agreement held_out_agreement(const std::string& spec, const PolicyOptions& options,
                             const std::filesystem::path& wthor_dir, int from_year, int max_games) {
    std::vector<Game> games;
    for (const auto& path : wthor_files_in(wthor_dir)) {
        const WthorFile file = read_wthor(path);
        if (file.year < from_year) continue;
        for (const WthorGame& record : file.games) {
            if (max_games && static_cast<int>(games.size()) >= max_games) break;
            try {
                games.push_back(replay(record));
            } catch (const IllegalMove&) {
                // Records that do not replay are left out, as in training.
            }
        }
    }
    const auto policy = make_policy(spec, options);
    return expert_agreement(*policy, games);
}

}  // namespace othello::training
