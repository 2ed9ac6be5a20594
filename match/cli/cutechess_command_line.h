// cutechess-cli's command line, as its users write it: options with one dash, each engine's
// settings as separate key=value words (-engine cmd=gtp-rhino arg=-l arg=2 name=rhino proto=gtp),
// read as the same match in othello-match's own spelling (--engine name=rhino,cmd:...).
//
// Every cutechess-cli option has its meaning here, or is refused by name saying why (chess
// variants, tablebases, PGN, Polyglot books...). The ones that differ in kind:
//   -games G -rounds R   G x R games per pairing (--games), as cutechess plays them
//   -repeat [N]          each opening played N games (2, the default here: once with each colour;
//                        1: a new opening every game); cutechess without -repeat plays each
//                        opening once, othello-match twice unless -repeat 1 says otherwise
//   -resign, -draw       score= in centipawns, cutechess's unit: 100 centipawns are one disc (a
//                        pawn's worth in a chess engine's eval is a disc's in an Othello
//                        engine's), so -resign score=400 resigns at 4 discs down
//   -recover             accepted: a crashed engine is always restarted, costing its game only
//   -srand N             --seed N (openings drawn at random, policies' seeds)
//   -ratinginterval N    the table every N games (--report-every N)
//   -epdout FILE         the final positions as OBF lines (--positions-out FILE)
//   -engine conf=NAME    from --engines FILE, else ./engines.json, else
//                        ~/.config/cutechess/engines.json, as cutechess looks for it
// Engine keys: conf, name, cmd (split like a shell), arg (each one argument, in order), dir,
// proto (gtp or nboard), tc, st, timemargin, restart, stderr, depth (NBoard), option.NAME=VALUE
// (NAME=VALUE: a policy option, or NBoard's depth). Options not given keep othello-match's
// defaults (balanced openings, every core). Double-dash options may be mixed in and pass unchanged.
#pragma once

#include <string>
#include <vector>

namespace othello {

// `words` (the arguments, without the program's name) with every cutechess-cli option turned
// into othello-match's (double-dash) options; everything else unchanged. Throws
// std::invalid_argument naming each option or key that has no meaning here and why, or a value
// that cannot be carried (a comma in a name).
std::vector<std::string> translate_cutechess_options(const std::vector<std::string>& words);

// The same translation, every refusal collected rather than thrown: `words` less what was
// refused, and each refusal's message in the order of the command line, so that one run names
// every word a command line must change.
struct CutechessTranslation {
    std::vector<std::string> words;
    std::vector<std::string> refusals;
};
CutechessTranslation translate_cutechess_command_line(const std::vector<std::string>& words);

// One message for the problems of one command line: the problem itself when there is one, else
// "N problems with the command line:" and each on a line of its own.
std::string usage_problems(const std::vector<std::string>& problems);

// The engines file `--engine conf=NAME` reads when no --engines FILE is given: ./engines.json
// if there is one, else $XDG_CONFIG_HOME/cutechess/engines.json (~/.config/cutechess/), as
// cutechess-cli looks; "" when neither exists.
std::string default_engines_file();

}  // namespace othello
