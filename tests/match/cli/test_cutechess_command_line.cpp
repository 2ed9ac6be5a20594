// cutechess-cli's single-dash command line read as othello-match's own: each option's
// translation, the refusals that name what has no Othello meaning, and where conf= looks. That
// the translated line plays the same match is tested through the real othello-match
// (test_match_cutechess.cpp).
#include <doctest/doctest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "match/cli/cutechess_command_line.h"
#include "match/players/engine_protocols.h"
#include "match/players/engine_spec.h"

using othello::default_engines_file;
using othello::translate_cutechess_options;
using CutechessWords = std::vector<std::string>;
namespace fs = std::filesystem;

namespace {

// The translation of a command line given as one string split at spaces.
CutechessWords cutechess_translation(const std::string& line) {
    CutechessWords words;
    std::string word;
    for (char c : line + " ") {
        if (c != ' ') {
            word += c;
        } else if (!word.empty()) {
            words.push_back(word);
            word.clear();
        }
    }
    return translate_cutechess_options(words);
}

// The message translating `line` fails with.
std::string cutechess_refusal(const std::string& line) {
    try {
        cutechess_translation(line);
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    return "(accepted)";
}

}  // namespace

TEST_CASE("the issue's cutechess-cli command line, option by option") {
    const CutechessWords out = cutechess_translation(
        "-engine cmd=X arg=--policy arg=mobility name=Y proto=gtp -engine conf=Z "
        "-each tc=40/60+0.5 timemargin=100 -games 2 -rounds 50 -repeat -concurrency 2 "
        "-openings file=F format=obf order=random plies=8 -tournament gauntlet -seeds 1 "
        "-sprt elo0=0 elo1=5 alpha=0.05 beta=0.05 -resign movecount=3 score=400 "
        "-draw movenumber=40 movecount=8 score=10 -recover -srand 7 -wait 100 -event E -site S "
        "-ratinginterval 10 -epdout G");
    const CutechessWords expected = {"--engine",
                                     "name=Y,protocol=gtp,cmd:X '--policy' 'mobility'",
                                     "--engine",
                                     "conf=Z",
                                     "--each",
                                     "tc=40/60+0.5,timemargin=100",
                                     "--repeat",
                                     "2",
                                     "--concurrency",
                                     "2",
                                     "--openings",
                                     "plies=8,F",
                                     "--openings-order",
                                     "random",
                                     "--tournament",
                                     "gauntlet",
                                     "--seeds",
                                     "1",
                                     "--sprt",
                                     "elo0=0",
                                     "elo1=5",
                                     "alpha=0.05",
                                     "beta=0.05",
                                     "--resign",
                                     "movecount=3,score=4",
                                     "--draw",
                                     "movenumber=40,movecount=8,score=0.1",
                                     "--seed",
                                     "7",
                                     "--wait",
                                     "100",
                                     "--event",
                                     "E",
                                     "--site",
                                     "S",
                                     "--report-every",
                                     "10",
                                     "--positions-out",
                                     "G",
                                     "--games",
                                     "100"};
    CHECK(out == expected);
}

TEST_CASE("games and rounds multiply; -repeat takes a count; double-dash options pass unchanged") {
    CHECK(cutechess_translation("-rounds 30") == CutechessWords{"--games", "30"});
    CHECK(cutechess_translation("-games 4") == CutechessWords{"--games", "4"});
    CHECK(cutechess_translation("-repeat 1 -noswap -reverse") ==
          CutechessWords{"--repeat", "1", "--noswap", "--reverse"});
    CHECK(cutechess_translation("--engine policy:random --games 8 -h") ==
          CutechessWords{"--engine", "policy:random", "--games", "8", "-h"});
    // An argument with a space or a quote stays one word of the engine's command line.
    CHECK(translate_cutechess_options({"-engine", "cmd=./my engine", "arg=it's", "arg=-l"}) ==
          CutechessWords{"--engine", "cmd:./my engine \"it\\'s\" '-l'"});
    // Exactly one argument each, whatever it holds: quotes, backslashes, spaces, a line break.
    for (const std::string arg : {"x\" y", "C:\\new", "C:\\x", "a'b\"c\\d e", "two\nlines", "\\"}) {
        CAPTURE(arg);
        const CutechessWords words =
            translate_cutechess_options({"-engine", "cmd=e", "arg=" + arg});
        REQUIRE(words.size() == 2);
        CHECK(parse_engine_spec(words[1]).connection.process.argv ==
              std::vector<std::string>{"e", arg});
    }
    CHECK(cutechess_refusal("-engine cmd=e arg=") ==
          "-engine arg=: an empty argument, which an engine spec's command line cannot hold");
    CHECK(cutechess_translation("-each proto=nboard option.depth=4 arg=-q") ==
          CutechessWords{"--each", "protocol=nboard,depth=4,args='-q'"});
    CHECK(
        cutechess_translation("-engine cmd=E option.book-randomness=2 st=1 restart=on dir=/tmp") ==
        CutechessWords{"--engine", "book-randomness=2,st=1,restart=on,dir=/tmp,cmd:E"});
    CHECK(cutechess_translation("-sprt elo0=-5 elo1=0") ==
          CutechessWords{"--sprt", "elo0=-5", "elo1=0"});
    CHECK(cutechess_translation("-version") == CutechessWords{"--version"});
    CHECK(cutechess_translation("-help") == CutechessWords{"--help"});
}

TEST_CASE("what has no Othello meaning is refused by name, saying why") {
    CHECK(cutechess_refusal("-engine cmd=E proto=uci") ==
          "-engine proto=uci: a chess protocol; othello-match speaks " +
              othello::engine_protocol_names());
    CHECK(cutechess_refusal("-engine cmd=E proto=ggs") ==
          "-engine proto=ggs: expected one of " + othello::engine_protocol_names());
    CHECK(cutechess_refusal("-engine cmd=E trust") ==
          "-engine trust: othello-match referees every move itself and takes no claims from "
          "engines");
    CHECK(cutechess_refusal("-engine cmd=E ponder") ==
          "-engine ponder: GTP and NBoard engines are not asked to ponder");
    CHECK(cutechess_refusal("-engine cmd=E nodes=1000") ==
          "-engine nodes: GTP and NBoard have no node limits");
    CHECK(cutechess_refusal("-variant atomic") ==
          "-variant: chess variants; othello-match plays Othello only");
    CHECK(cutechess_refusal("-maxmoves 100") ==
          "-maxmoves: an Othello game ends by its rules within 60 moves");
    CHECK(cutechess_refusal("-tb /syzygy") ==
          "-tb: Syzygy tablebases are chess's; --adjudicate N solves Othello endgames exactly");
    CHECK(cutechess_refusal("-pgnout games.pgn min") ==
          "-pgnout: PGN is chess's game format; --records FILE.ggf writes GGF records");
    CHECK(cutechess_refusal("-openings file=o.pgn format=pgn") ==
          "-openings format=pgn: PGN holds chess games; give OBF lines (format=obf) or move "
          "transcripts (no format=)");
    CHECK(cutechess_refusal("-openings file=o policy=round") ==
          "-openings policy=round: othello-match plays each pairing's openings in the file's "
          "order (policy=default)");
    CHECK(cutechess_refusal("-engine name=a,b cmd=E") ==
          "-engine name=a,b: a value here cannot hold a comma (othello-match's specs are "
          "comma-separated)");
    CHECK(cutechess_refusal("-engine name=E") == "-engine: give cmd=PROGRAM or conf=NAME");
    CHECK(cutechess_refusal("-engine conf=Z arg=-x") ==
          "-engine conf=Z: the engines file gives its command; cmd= and arg= cannot change it");
    CHECK(cutechess_refusal("-engine cmd=E hash=64") ==
          "-engine hash=: not an engine key (conf, name, cmd, arg, dir, proto, tc, st, "
          "timemargin, restart, stderr, depth, option.NAME)");
    CHECK(cutechess_refusal("-each cmd=E") ==
          "-each: conf= and cmd= name one engine: give them to -engine");
    CHECK(cutechess_refusal("-games") == "-games: expects a value");
    CHECK(cutechess_refusal("-rounds 0") == "-rounds '0': expected a whole number from 1");
    CHECK(cutechess_refusal("-engin cmd=E") ==
          "unknown option '-engin': cutechess-cli's options take one dash (-engine, -each, "
          "-games, ...), othello-match's own two (--engine, --games, ...): see --help");
}

TEST_CASE("every refusal is collected, the rest of the line translated without the refused") {
    const othello::CutechessTranslation t = othello::translate_cutechess_command_line(
        {"-engine", "cmd=E", "ponder", "name=A", "-variant", "atomic", "-engin", "-games", "4",
         "-openings", "file=o", "format=pgn", "order=random", "-debug", "-rounds"});
    CHECK(t.words == CutechessWords{"--engine", "name=A,cmd:E", "--openings", "o",
                                    "--openings-order", "random", "--games", "4"});
    CHECK(t.refusals ==
          std::vector<std::string>{
              "-engine ponder: GTP and NBoard engines are not asked to ponder",
              "-variant: chess variants; othello-match plays Othello only",
              "unknown option '-engin': cutechess-cli's options take one dash (-engine, -each, "
              "-games, ...), othello-match's own two (--engine, --games, ...): see --help",
              "-openings format=pgn: PGN holds chess games; give OBF lines (format=obf) or move "
              "transcripts (no format=)",
              "-debug: --log FILE writes every line sent to and received from the engines",
              "-rounds: expects a value"});
    // The throwing form says them all in one message.
    CHECK(cutechess_refusal("-variant atomic -tbignore50") ==
          "2 problems with the command line:\n"
          "  -variant: chess variants; othello-match plays Othello only\n"
          "  -tbignore50: Othello has no fifty-move rule");
}

TEST_CASE("conf= without --engines reads ./engines.json, else cutechess's own folder") {
    const fs::path dir = fs::temp_directory_path() / "othello_cutechess_engines_file";
    fs::remove_all(dir);
    fs::create_directories(dir / "here");
    fs::create_directories(dir / "config" / "cutechess");
    const fs::path before = fs::current_path();
    const char* xdg = ::getenv("XDG_CONFIG_HOME");
    const std::string saved = xdg ? xdg : "";
    ::setenv("XDG_CONFIG_HOME", (dir / "config").c_str(), 1);
    fs::current_path(dir / "here");
    CHECK(default_engines_file() == "");
    std::ofstream(dir / "config" / "cutechess" / "engines.json") << "[]";
    CHECK(default_engines_file() == (dir / "config" / "cutechess" / "engines.json").string());
    std::ofstream(dir / "here" / "engines.json") << "[]";
    CHECK(default_engines_file() == "engines.json");
    fs::current_path(before);
    if (xdg)
        ::setenv("XDG_CONFIG_HOME", saved.c_str(), 1);
    else
        ::unsetenv("XDG_CONFIG_HOME");
    fs::remove_all(dir);
}
