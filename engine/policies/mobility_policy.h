// MobilityPolicy: the search-free heuristics of the classic hobby programs, looking one move and
// one reply ahead: corners first, never hand the opponent a corner, then a mobility criterion.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "engine/instruction_set.h"
#include "engine/policy.h"
#include "engine/rng.h"

namespace othello {

class MobilityPolicy : public Policy {
  public:
    enum class Variant {
        // "mobility": minimise the number of replies the opponent has after our move.
        MinimiseReplies,
        // "mobility-max": maximise our own number of moves after the opponent's best reply (the
        // reply that leaves us the fewest moves).
        MaximiseOwnAfterReply,
    };

    // Score units: moves (mobility), with fixed offsets that rank the rules above mobility:
    // a corner move gets +kCornerBonus, a move after which the opponent can take a corner gets
    // -kGivesCornerPenalty, and a move that ends the game scores ±kGameEndScore (0 for a draw).
    static constexpr double kCornerBonus = 1000;
    static constexpr double kGivesCornerPenalty = 100;
    static constexpr double kGameEndScore = 500;

    MobilityPolicy(Variant variant, std::uint64_t seed) : variant_(variant), rng_(seed) {}
    // The policy choosing on the instruction set `set` (engine/policy_on.h): the same moves.
    static std::unique_ptr<Policy> make(Variant variant, std::uint64_t seed,
                                        InstructionSet set = best_instruction_set());

    // The best-scored move; ties broken by the seeded generator.
    Move choose(const Game& game) override;
    // Every legal move, best first (ties in square order); see the score units above.
    std::vector<MoveScore> evaluate(const Game& game) override;
    void reseed(std::uint64_t seed) override { rng_ = Rng(seed); }

    // The score of one legal move `s` in `p`, in the units above.
    double score(const Position& p, Square s) const;

  protected:
    template <InstructionSet Isa>
    Move choose_on(const Position& p);

  private:
    template <InstructionSet Isa>
    double score_on(const Position& p, Square s) const;

    Variant variant_;
    Rng rng_;
};

}  // namespace othello
