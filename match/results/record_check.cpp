// RecordCheck: a replay with the referee's rules (engine/game.h), the endgame solver for every
// adjudicated record, and tables of what each kind of engine can be claimed to have done.
#include "match/results/record_check.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <nlohmann/json.hpp>
#include <sstream>
#include <vector>

#include "engine/ascii_text.h"
#include "engine/game.h"
#include "engine/notation.h"
#include "engine/search/endgame_solver.h"
#include "match/players/engine_protocols.h"
#include "match/players/game_clock.h"
#include "match/record/game_record_schema.h"

namespace othello {

namespace {

// Generous bounds: a side's clock is at most 1e7 s (tc=), a move's limit 1e6 s (--move-timeout).
constexpr double kMostSeconds = 1e9;
constexpr double kMostEval = 64;  // discs, the mover's view (protocol/nboard_client.cpp)

std::vector<Square> squares_of(const std::vector<Move>& moves) {
    std::vector<Square> squares;
    for (const Move& m : moves) {
        if (!m.is_pass()) squares.push_back(m.square());
    }
    return squares;
}

std::string discs(int black, int white) {
    return "black " + std::to_string(black) + ", white " + std::to_string(white);
}

Winner winner_by_discs(int black, int white) {
    return black > white ? Winner::Black : black < white ? Winner::White : Winner::Draw;
}

std::string recorded_score(const GameRecord& r) {
    return discs(r.black_discs, r.white_discs) + " (" + to_string(r.winner) + ")";
}

// What a replay of the record finds: why it does not check out, and how many moves were played
// after the opening (what the per-move lists hold one entry each for).
struct Replay {
    std::size_t played_after_opening = 0;
    std::vector<Color> movers;  // the side of each of those moves
    std::string problem;
};

// The referee adjudicates at the first position of a game still going with N empty squares or
// fewer: no game, however it ended, goes on past it.
std::string past_adjudication_problem(const Position& end, bool moved,
                                      std::optional<int> adjudication_empties) {
    if (!adjudication_empties || !moved || end.empty_count() >= *adjudication_empties) return "";
    return "ends at " + std::to_string(end.empty_count()) +
           " empty squares, past the match's adjudication at " +
           std::to_string(*adjudication_empties);
}

// Exactly the referee's point: with moves played after the opening, the position before the
// last had more than N empty squares, so this one has N (fewer is past_adjudication_problem's);
// a game adjudicated before its first move starts at N or fewer.
std::string adjudication_problem(const GameRecord& r, const Position& end, bool moved,
                                 std::optional<int> adjudication_empties,
                                 const AdjudicationProof& proof) {
    if (!adjudication_empties)
        return "adjudicated, but its match does not adjudicate (no --adjudicate in its "
               "configuration)";
    if (end.is_game_over()) return "adjudicated, but the game is over on the board";
    const int empties = end.empty_count();
    if (moved ? empties != *adjudication_empties : empties > *adjudication_empties) {
        return "adjudicated at " + std::to_string(empties) +
               " empty squares, but the match adjudicates at " +
               std::to_string(*adjudication_empties);
    }
    std::optional<int> for_mover;
    if (empties <= kAlwaysSolvedEmpties) {
        for_mover = search::solve_endgame(end);
    } else if (proof.signature_verified) {
        return "";  // signed by the referee that solved it
    } else if (proof.budget == 0) {
        if (proof.needed_budget) *proof.needed_budget = true;
        return "adjudicated at " + std::to_string(empties) +
               " empty squares, a score no signature covers: a reader solves adjudications at "
               "more than " +
               std::to_string(kAlwaysSolvedEmpties) +
               " empty squares again only within the positions a record that --proof-budget "
               "allows (up to 100000000 at 20 empty squares), or proves them by the signatures "
               "of a match played with --sign-key";
    } else {
        if (proof.needed_budget) *proof.needed_budget = true;
        for_mover =
            search::solve_endgame_within(end, proof.budget, best_instruction_set(), proof.spent);
        if (!for_mover)
            return "adjudicated at " + std::to_string(empties) +
                   " empty squares: proving its score takes the endgame solver more than the "
                   "--proof-budget of " +
                   std::to_string(proof.budget) + " positions";
    }
    const int for_black = end.side_to_move() == Color::Black ? *for_mover : -*for_mover;
    const int black = (64 + for_black) / 2;
    if (black != r.black_discs || 64 - black != r.white_discs ||
        r.winner != winner_by_discs(black, 64 - black))
        return "adjudicated score " + recorded_score(r) + ", but perfect play gives " +
               discs(black, 64 - black);
    return "";
}

std::string forfeit_problem(const GameRecord& r, const Position& end, bool moved) {
    if (r.winner == Winner::Draw) return std::string(to_string(r.reason)) + " recorded as a draw";
    // A forfeit stops a game that is still going; before the first move either side may fail
    // to set up.
    if (!moved) return "";
    if (end.is_game_over())
        return std::string(to_string(r.reason)) + ", but the game is over on the board";
    // The side to move is the one that failed: asked for a move, or told the last one. When it
    // has no move the referee passed for it, and either side may have failed.
    if (end.has_legal_move()) {
        const Winner offender_loses =
            end.side_to_move() == Color::Black ? Winner::White : Winner::Black;
        if (r.winner != offender_loses) {
            return std::string(to_string(r.reason)) + " by " +
                   std::string(othello::to_string(end.side_to_move())) +
                   ", the side to move, but the winner is " + to_string(r.winner);
        }
    }
    return "";
}

// Where the match's --resign or --draw ends the game, replayed from the record's evals: the index
// among the moves after the opening, and the verdict. As in the referee, a move that ends the
// game on the board is not judged.
struct EvalEnd {
    std::size_t index = 0;
    EvalVerdict verdict;
};

std::optional<EvalEnd> eval_end(const GameRecord& r, const Game& game, std::size_t opening_moves,
                                const EvalRules& rules) {
    if (!rules.active() || r.move_records.empty()) return std::nullopt;
    EvalAdjudicator adjudicator(rules);
    const std::vector<Move>& moves = game.moves();
    const std::vector<Position>& positions = game.positions();
    std::size_t placed = 0;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        if (moves[i].is_pass() || ++placed <= opening_moves) continue;
        if (positions[i + 1].is_game_over()) return std::nullopt;
        const std::size_t k = placed - opening_moves - 1;
        const std::optional<double> eval =
            k < r.move_records.size() ? r.move_records[k].eval : std::nullopt;
        if (auto verdict =
                adjudicator.after_move(positions[i].side_to_move(), eval, static_cast<int>(placed)))
            return EvalEnd{k, *verdict};
    }
    return std::nullopt;
}

bool ended_by_evals(Outcome reason) {
    return reason == Outcome::Resigned || reason == Outcome::DrawAdjudicated;
}

std::string eval_rules_problem(const GameRecord& r, const Game& game, std::size_t opening_moves,
                               std::size_t after_opening, const EvalRules& rules) {
    const std::string claim(to_string(r.reason));
    const bool claimed = ended_by_evals(r.reason);
    if (r.reason == Outcome::Resigned && !rules.resign)
        return claim +
               ", but its match does not adjudicate resignations (no --resign in its "
               "configuration)";
    if (r.reason == Outcome::DrawAdjudicated && !rules.draw)
        return claim +
               ", but its match does not adjudicate draws (no --draw in its "
               "configuration)";
    const std::optional<EvalEnd> end = eval_end(r, game, opening_moves, rules);
    if (!end) {
        if (!claimed) return "";
        return claim + ", but the evals recorded meet its match's " +
               (r.reason == Outcome::Resigned ? "--resign" : "--draw") + " at no move";
    }
    const std::string at = "move " + std::to_string(opening_moves + end->index + 1);
    const std::string verdict(to_string(end->verdict.reason));
    if (end->index + 1 < after_opening)
        return "the evals recorded meet its match's rules for a " + verdict + " at " + at +
               ", where the referee ends the game, but the game goes on to move " +
               std::to_string(opening_moves + after_opening);
    if (r.reason != end->verdict.reason)
        return claim + ", but the evals recorded meet its match's rules for a " + verdict +
               " at its last move (" + at + "), where the referee ends the game";
    if (r.winner != end->verdict.winner)
        return claim + " won by " + to_string(r.winner) + ", but the evals recorded give it to " +
               to_string(end->verdict.winner);
    return "";
}

Replay replay(const GameRecord& r, std::optional<int> adjudication_empties, const EvalRules& evals,
              const AdjudicationProof& proof) {
    Replay out;
    Game game;
    std::vector<Move> opening;
    try {
        game = Game::from_transcript(r.moves, start_position(r));
        opening = parse_moves(r.opening);
    } catch (const std::exception& e) {
        out.problem = std::string("moves do not replay: ") + e.what();
        return out;
    }
    const std::vector<Square> played = squares_of(game.moves());
    const std::vector<Square> opened = squares_of(opening);
    if (opened.size() > played.size() ||
        !std::equal(opened.begin(), opened.end(), played.begin())) {
        out.problem = "moves do not start with the opening '" + r.opening + "'";
        return out;
    }
    out.played_after_opening = played.size() - opened.size();
    for (std::size_t i = 0, placed = 0; i < game.moves().size(); ++i) {
        if (!game.moves()[i].is_pass() && ++placed > opened.size())
            out.movers.push_back(game.positions()[i].side_to_move());
    }
    const bool moved = out.played_after_opening > 0;
    const Position& end = game.current();
    out.problem = past_adjudication_problem(end, moved, adjudication_empties);
    if (!out.problem.empty()) return out;
    out.problem = eval_rules_problem(r, game, opened.size(), out.played_after_opening, evals);
    if (!out.problem.empty()) return out;
    if (r.reason == Outcome::Adjudicated) {
        out.problem = adjudication_problem(r, end, moved, adjudication_empties, proof);
        return out;
    }
    const int black = end.disc_count(Color::Black);
    const int white = end.disc_count(Color::White);
    if (r.black_discs != black || r.white_discs != white) {
        out.problem = "discs " + discs(r.black_discs, r.white_discs) + ", but the moves leave " +
                      discs(black, white);
    } else if (is_forfeit(r.reason)) {
        out.problem = forfeit_problem(r, end, moved);
    } else if (ended_by_evals(r.reason)) {
        return out;  // the winner is the evals' (eval_rules_problem)
    } else if (!end.is_game_over()) {
        out.problem = "played out, but the game is not over after the moves";
    } else if (r.winner != winner_by_discs(black, white)) {
        out.problem =
            "winner " + to_string(r.winner) + ", but the moves leave " + discs(black, white);
    }
    return out;
}

// Which forfeits each kind of engine can commit. An in-process policy is asked in a function
// call: it cannot crash, time out, disconnect or garble a reply (a policy that throws is a
// "policy error"); a person at the terminal has no move limit and no clock, and ends input by
// closing it (a "crash"). An engine behind a process or a socket can do anything, and lose on
// time only with a clock.
struct ForfeitRule {
    Outcome reason;
    bool policy;
    bool human;
    bool needs_clock;
};
constexpr std::array<ForfeitRule, 7> kForfeitRules{{
    {Outcome::IllegalMove, true, true, false},
    {Outcome::MalformedReply, false, false, false},
    {Outcome::Crash, false, true, false},
    {Outcome::Timeout, false, false, false},
    {Outcome::Disconnection, false, false, false},
    {Outcome::TimeForfeit, false, false, true},
    {Outcome::PolicyError, true, true, false},
}};

// The least time a side can have used when its flag fell after `moves` moves of its own: the
// time of every period it began and its increments (tc=), or one move's time (st=). The margin
// only adds to it.
double least_time_at_flag(const ClockRules& clock, std::size_t moves) {
    if (clock.per_move > 0) return clock.per_move;
    const double periods =
        clock.moves > 0 ? 1.0 + static_cast<double>(moves / static_cast<std::size_t>(clock.moves))
                        : 1.0;
    return clock.seconds * periods + clock.increment * static_cast<double>(moves);
}

// A time forfeit whose loser's recorded time is short of what its clock gave it.
std::string flag_problem(const GameRecord& r, const ClockRules& clock,
                         const std::vector<Color>& movers) {
    const Color offender = r.winner == Winner::Black ? Color::White : Color::Black;
    const double used = offender == Color::Black ? r.black_seconds : r.white_seconds;
    const auto moves = static_cast<std::size_t>(std::count(movers.begin(), movers.end(), offender));
    const double least = least_time_at_flag(clock, moves);
    // The recorded seconds are the referee's own sums: a millisecond covers their rounding.
    if (used >= least - 1e-3) return "";
    return "time forfeit by " + (offender == Color::Black ? r.black : r.white) + ", who used " +
           number_text(used) + " s, but its clock (" + to_string(clock) + ") gave it " +
           number_text(least) + " s for " + std::to_string(moves) + " moves";
}

std::string claim_problem(const GameRecord& r, const RecordRules& rules,
                          const std::vector<Color>& movers) {
    if (!is_forfeit(r.reason)) return "";
    const std::string claim = std::string(to_string(r.reason)) + " by ";
    if (!rules.configured)
        return claim +
               "the loser, but the file records no match configuration to check it "
               "against";
    const std::string& offender = r.winner == Winner::Black ? r.white : r.black;
    if (const auto bad = rules.unreadable.find(offender); bad != rules.unreadable.end())
        return claim + offender +
               ", whose spec in the configuration does not parse: " + bad->second;
    const auto engine = rules.engines.find(offender);
    if (engine == rules.engines.end())
        return claim + offender + ", which is not an engine of the match's configuration";
    const auto rule = std::find_if(kForfeitRules.begin(), kForfeitRules.end(),
                                   [&](const ForfeitRule& f) { return f.reason == r.reason; });
    if (rule == kForfeitRules.end()) return "";
    const EngineSpec::Kind kind = engine->second.kind;
    if (kind == EngineSpec::Kind::Policy && !rule->policy)
        return claim + offender + ", an in-process policy, which cannot have one";
    if (kind == EngineSpec::Kind::Human && !rule->human)
        return claim + offender + ", a person at the terminal, who plays without limits";
    if (rule->needs_clock && !engine->second.clock.active())
        return claim + offender +
               ", which played without a clock (no tc= or st= in its spec, no --game-time)";
    if (rule->needs_clock) return flag_problem(r, engine->second.clock, movers);
    return "";
}

// Whether the referee kept per-move lists for this game: when either side is an engine behind
// a process or a socket. nullopt when the configuration cannot say.
std::optional<bool> per_move_records(const GameRecord& r, const RecordRules& rules) {
    const auto black = rules.engines.find(r.black);
    const auto white = rules.engines.find(r.white);
    if (!rules.configured || black == rules.engines.end() || white == rules.engines.end())
        return std::nullopt;
    return black->second.kind == EngineSpec::Kind::Engine ||
           white->second.kind == EngineSpec::Kind::Engine;
}

std::string seconds_problem(const std::string& what, double seconds) {
    if (std::isfinite(seconds) && seconds >= 0 && seconds <= kMostSeconds) return "";
    return what + " " + number_text(seconds) + " is not a time from 0 to 1e9 seconds";
}

std::string list_length_problem(const std::string& what, std::size_t size, std::size_t moves,
                                std::optional<bool> recorded) {
    if (recorded == false && size > 0)
        return what + " has " + std::to_string(size) +
               " entries, but a game between in-process players records none";
    if (size == moves || (size == 0 && recorded != true)) return "";
    return what + " has " + std::to_string(size) + " entries, but " + std::to_string(moves) +
           " moves were played after the opening";
}

// An eval on a move of an engine whose protocol reports none (a GTP engine, an in-process
// policy, a person): something the referee cannot have written.
std::string eval_source_problem(const GameRecord& r, const RecordRules& rules,
                                const std::vector<Color>& movers) {
    for (std::size_t i = 0; i < r.move_records.size() && i < movers.size(); ++i) {
        if (!r.move_records[i].eval) continue;
        const std::string& name = movers[i] == Color::Black ? r.black : r.white;
        const auto engine = rules.engines.find(name);
        if (engine == rules.engines.end() || engine->second.reports_evals) continue;
        const EngineRules& e = engine->second;
        return "move_evals[" + std::to_string(i) + "] " + number_text(*r.move_records[i].eval) +
               " on a move of " + name + ", " +
               (e.kind == EngineSpec::Kind::Policy ? "an in-process policy, which"
                : e.kind == EngineSpec::Kind::Human
                    ? "a person at the terminal, who"
                    : "an engine speaking " + e.protocol + ", which") +
               " reports no evals";
    }
    return "";
}

std::string numbers_problem(const GameRecord& r, const RecordRules& rules, std::size_t moves) {
    for (const auto& [what, seconds] :
         {std::pair{"black_seconds", r.black_seconds}, std::pair{"white_seconds", r.white_seconds}})
        if (std::string p = seconds_problem(what, seconds); !p.empty()) return p;
    for (std::size_t i = 0; i < r.move_records.size(); ++i) {
        const MoveRecord& m = r.move_records[i];
        if (std::string p = seconds_problem("move_seconds[" + std::to_string(i) + "]", m.seconds);
            !p.empty())
            return p;
        if (m.eval && !(std::isfinite(*m.eval) && std::abs(*m.eval) <= kMostEval)) {
            return "move_evals[" + std::to_string(i) + "] " + number_text(*m.eval) +
                   " is not an eval from -64 to 64 discs";
        }
    }
    // The reader has checked that "move_evals", when present, has one entry a move.
    return list_length_problem("move_seconds", r.move_records.size(), moves,
                               per_move_records(r, rules));
}

// A whole number from `low` to `high` at config[rule][key]; nullopt when it is anything else.
std::optional<double> rule_number(const nlohmann::json& rule, const char* key, double low,
                                  double high, bool whole) {
    const auto it = rule.find(key);
    if (it == rule.end() || !it->is_number() || (whole && !it->is_number_integer()))
        return std::nullopt;
    const double value = it->get<double>();
    if (!(value >= low && value <= high)) return std::nullopt;
    return value;
}

// The configuration's "resign" and "draw" (match_config.h), held to what --resign and --draw
// accept; a field that is there but does not read is the file's problem.
void read_eval_rules(const nlohmann::json& config, RecordRules& rules) {
    if (const auto resign = config.find("resign"); resign != config.end() && !resign->is_null()) {
        const auto moves =
            resign->is_object() ? rule_number(*resign, "moves", 1, 60, true) : std::nullopt;
        const auto score =
            resign->is_object() ? rule_number(*resign, "score", 0, 64, false) : std::nullopt;
        const auto twosided = resign->is_object() ? resign->find("twosided") : resign->end();
        if (!moves || !score || twosided == resign->end() || !twosided->is_boolean()) {
            rules.evals_problem =
                "the configuration's \"resign\" is not what --resign writes "
                "(moves 1 to 60, score 0 to 64, twosided true or false)";
            return;
        }
        rules.evals.resign = ResignRule{static_cast<int>(*moves), *score, twosided->get<bool>()};
    }
    if (const auto draw = config.find("draw"); draw != config.end() && !draw->is_null()) {
        const auto moves =
            draw->is_object() ? rule_number(*draw, "moves", 1, 60, true) : std::nullopt;
        const auto score =
            draw->is_object() ? rule_number(*draw, "score", 0, 64, false) : std::nullopt;
        const auto number =
            draw->is_object() ? rule_number(*draw, "movenumber", 0, 60, true) : std::nullopt;
        if (!moves || !score || !number) {
            rules.evals_problem =
                "the configuration's \"draw\" is not what --draw writes "
                "(moves 1 to 60, score 0 to 64, movenumber 0 to 60)";
            return;
        }
        rules.evals.draw = DrawRule{static_cast<int>(*moves), *score, static_cast<int>(*number)};
    }
}

}  // namespace

RecordRules record_rules_in(const std::optional<nlohmann::json>& config) {
    RecordRules rules;
    if (!config || !config->is_object()) return rules;
    rules.configured = true;
    const auto adjudication = config->find("adjudication");
    if (adjudication != config->end() && adjudication->is_number_integer() &&
        adjudication->get<std::int64_t>() >= 0 && adjudication->get<std::int64_t>() <= 64)
        rules.adjudication = static_cast<int>(adjudication->get<std::int64_t>());
    read_eval_rules(*config, rules);
    const auto each_field = config->find("each");
    const std::string each = each_field != config->end() && each_field->is_string()
                                 ? each_field->get<std::string>()
                                 : std::string();
    // --game-time: a clock for every engine without its own.
    double game_time = 0;
    if (const auto time = config->find("time"); time != config->end() && time->is_object()) {
        const auto seconds = time->find("game_time");
        if (seconds != time->end() && seconds->is_number()) game_time = seconds->get<double>();
    }
    const auto engines = config->find("engines");
    if (engines == config->end() || !engines->is_array()) return rules;
    for (const nlohmann::json& e : *engines) {
        if (!e.is_object() || !e.contains("name") || !e["name"].is_string()) continue;
        const std::string name = e["name"].get<std::string>();
        try {
            const EngineSpec spec = parse_engine_spec(e.at("spec").get<std::string>(), each);
            EngineRules& engine = rules.engines[name];
            engine.kind = spec.kind;
            if (spec.kind == EngineSpec::Kind::Engine) {
                engine.clock = clock_rules_for(spec.clock, game_time);
                engine.protocol = spec.protocol;
                const EngineProtocol* protocol = find_engine_protocol(spec.protocol);
                engine.reports_evals = protocol && protocol->reports_evals;
            }
        } catch (const std::exception& error) {
            rules.unreadable[name] = error.what();
        }
    }
    return rules;
}

bool same_game(const GameRecord& a, const GameRecord& b) {
    GameRecord unsigned_a = a, unsigned_b = b;
    unsigned_a.signature.clear();
    unsigned_b.signature.clear();
    return to_json(unsigned_a) == to_json(unsigned_b);
}

std::string replay_problem(const GameRecord& r, std::optional<int> adjudication_empties,
                           const EvalRules& evals, const AdjudicationProof& proof) {
    return replay(r, adjudication_empties, evals, proof).problem;
}

std::string record_problem(const GameRecord& r, const RecordRules& rules,
                           const AdjudicationProof& proof) {
    if (r.reason == Outcome::Adjudicated && !rules.configured)
        return "adjudicated, but the file records no match configuration that says its match "
               "adjudicates";
    if (!rules.evals_problem.empty()) return rules.evals_problem;
    if (ended_by_evals(r.reason) && !rules.configured)
        return std::string(to_string(r.reason)) +
               ", but the file records no match configuration that says its match adjudicates "
               "on evals";
    const Replay replayed = replay(r, rules.adjudication, rules.evals, proof);
    if (!replayed.problem.empty()) return replayed.problem;
    if (std::string claim = claim_problem(r, rules, replayed.movers); !claim.empty()) return claim;
    if (std::string p = numbers_problem(r, rules, replayed.played_after_opening); !p.empty())
        return p;
    return eval_source_problem(r, rules, replayed.movers);
}

std::string schedule_problem(const GameRecord& r, const ScheduledGame& scheduled,
                             const Opening* opening) {
    if (r.pair != scheduled.pair) {
        return "pair " + std::to_string(r.pair) + ", but the schedule has game " +
               std::to_string(r.id) + " in pair " + std::to_string(scheduled.pair);
    }
    if (opening && r.opening != opening->transcript) {
        return "opening '" + r.opening + "', but the schedule has game " + std::to_string(r.id) +
               " open with '" + opening->transcript + "'";
    }
    if (opening && r.start_board != start_board_of(*opening)) {
        const std::string board = start_board_of(*opening);
        return "start board '" + r.start_board + "', but the schedule has game " +
               std::to_string(r.id) + " start from " +
               (board.empty() ? std::string("the standard start") : "'" + board + "'");
    }
    return "";
}

}  // namespace othello
