// The most bytes each text of a game record may hold, so that a record's journal line is always
// shorter than the longest line the journal's readers take: the writer cannot write a line that
// --resume, merge, report or ratings refuse.
#pragma once

#include <cstddef>

#include "match/record/game_record.h"

namespace othello {

// The longest journal line the readers take (match/results/match_file.cpp); longer lines are
// refused unread, so that no file can make a reader hold a line of any length.
inline constexpr std::size_t kMostJournalLineBytes = std::size_t{1} << 20;

// Each text as printable() escapes it (engine/ascii_text.h), "..." ending a text that was cut.
inline constexpr std::size_t kMostRecordNameBytes = 256;  // black, white: an engine's name
inline constexpr std::size_t kMostOpeningNameBytes = 1024;
inline constexpr std::size_t kMostDetailBytes = 4096;
inline constexpr std::size_t kMostLastLines = 20;
inline constexpr std::size_t kMostLastLineBytes = 1024;  // the runner keeps 200 bytes, escaped
// The fields that are not free text (moves of one game, numbers, the signature, the keys) take
// far less than this.
inline constexpr std::size_t kMostFixedRecordBytes = 64 * 1024;

// The longest journal line a record with its texts within their bounds can make: JSON at most
// doubles a printable text (\" and \\), and each text is quoted.
inline constexpr std::size_t kLongestRecordLineBytes =
    2 * (2 * kMostRecordNameBytes + 2) + 2 * kMostOpeningNameBytes + 2 + 2 * kMostDetailBytes + 2 +
    kMostLastLines * (2 * kMostLastLineBytes + 3) + kMostFixedRecordBytes;
static_assert(kLongestRecordLineBytes < kMostJournalLineBytes,
              "a record's journal line must fit what the readers take");

// Every text of `r` an engine or a file can make long (names, opening name, detail, last lines)
// escaped and cut to its bound; at most kMostLastLines last lines, the latest kept.
void bound_texts(GameRecord& r);

}  // namespace othello
