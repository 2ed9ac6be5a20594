// The compliance positions: fixed games, checked when built (a wrong transcript here would throw
// at once, in every test).
#include "match/cli/compliance_check.h"

#include <bit>
#include <utility>

#include "engine/ascii_text.h"
#include "engine/notation.h"

namespace othello {

namespace {

constexpr const char* kOpening = "f5d6c3d3c4";
// 30 plies of a random game: no pass, both sides with several moves.
constexpr const char* kMiddleGame = "e6d6c6f4g3b7d3f6e3d2c7f3g6h6c1b8c5c4f2g2c3g1f5h3f1b3e7e1c2e8";
// The shortest way for a side to run out of moves: Black has none after these 8 plies.
constexpr const char* kBlackRunsOut = "f5f6d3g5h5h4g7h6";
// An endgame board with 10 empties, Black to move (tests/data/positions.obf).
constexpr const char* kBoard = "-O-XXXX-OOOOOO-O-OOXOXO-XXOOOXXXXX-OOXXXXXOOOX-XXX-OXOXX-XXXXXOX X";

}  // namespace

ComplianceFinding ok(std::string detail) {
    return {"", ComplianceFinding::Verdict::Ok, std::move(detail)};
}
ComplianceFinding failed(std::string detail) {
    return {"", ComplianceFinding::Verdict::Failed, std::move(detail)};
}
ComplianceFinding skipped(std::string detail) {
    return {"", ComplianceFinding::Verdict::Skipped, std::move(detail)};
}

std::vector<CompliancePosition> positions_with_moves() {
    return {{"the start", Game()},
            {std::string("after ") + kOpening, Game::from_transcript(kOpening)},
            {"a middle game (30 plies)", Game::from_transcript(kMiddleGame)},
            {"a board with 10 empties", Game(parse_board(kBoard))}};
}

CompliancePosition position_black_must_pass() {
    return {std::string("after ") + kBlackRunsOut + " (Black has no move)",
            Game::from_transcript(kBlackRunsOut)};
}

CompliancePosition position_after_black_passed() {
    Game game = Game::from_transcript(kBlackRunsOut);
    game.play(Move::pass());
    return {std::string("after ") + kBlackRunsOut + " and Black's pass", game};
}

std::string legal_moves_text(const Position& p) {
    std::string text;
    for (Bitboard moves = p.legal_moves(); moves; moves &= moves - 1) {
        if (!text.empty()) text += ' ';
        text += Square::from_index(std::countr_zero(moves)).to_string();
    }
    return text.empty() ? "none" : text;
}

std::string move_problem(const Position& p, const std::string& answer) {
    const auto move = Move::parse(trim(answer));
    // Built by appending: GCC 12 warns (-Wrestrict) about "'" + a temporary string.
    std::string said = "answered '";
    said += printable(answer.substr(0, 80));
    said += '\'';
    if (!move) return said + ", which is not a move";
    if (!p.has_legal_move())
        return move->is_pass() ? "" : said + " with no legal move: it must pass";
    if (move->is_pass())
        return said + " with legal moves (" + legal_moves_text(p) + "): a pass is only for no move";
    if (!p.is_legal(*move))
        return said + ", which is not legal there (legal: " + legal_moves_text(p) + ")";
    return "";
}

}  // namespace othello
